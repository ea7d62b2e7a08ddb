// 日本語: the texts of friends (en.js と同じキー).

export default {
};
