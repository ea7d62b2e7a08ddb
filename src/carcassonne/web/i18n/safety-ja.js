// 日本語: the texts of safety (en.js と同じキー).

export default {
};
