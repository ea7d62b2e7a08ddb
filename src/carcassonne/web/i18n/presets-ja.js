// 日本語: ルールのプリセットと時間切れ負けの文 (en.js を参照)。

export default {
  "preset.label": "ルールのプリセット",
  "preset.none": "なし",
  "preset.international": "国際ルール",
  "preset.japan": "日本ルール",
  "preset.help.international": "2人対戦、基本セットと農夫、持ち時間は各15分で加算なし。時間切れは負け。",
  "preset.help.japan": "国際ルールと同じ。時間切れ負けは50点差として数え、ノックアウトの引き分けは後手の勝ち。",
  "preset.timing": ({ min, inc }) => `${min}分 + ${inc}秒 (プリセット)`,
  "timing.flagLoss": "時間切れは負け",
  "timing.margin": "時間切れ負けは{n}点差",
  "final.flag": "{player}は時間切れで負けました。",
  "player.result.flagged": "時間切れ負け",
  "match.lostOnTime": "{name}の時間切れ負け",
  "match.difference": ({ n }) => `得失点差 ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
