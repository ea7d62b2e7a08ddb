// 日本語: the texts of mail (en.js と同じキー).

export default {
};
