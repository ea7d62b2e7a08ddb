// 日本語: the texts of talk (en.js と同じキー).

export default {
};
