// 日本語: the texts of notify (en.js と同じキー).

export default {
};
