// 日本語: リプレイの時間の文言 (js/replay-clock.js; ja.js を参照)。

export default {
  "replayClock.title": "時間",
  "replayClock.start": "最初の手の前",
  "replayClock.move": "{n}手目: {player}",
  "replayClock.standIn": "(代理)",
  "replayClock.taken": "消費 {time}",
  "replayClock.credit": "遅延補正 {time}",
  "replayClock.at": "受理 {time}",
  "replayClock.seconds": "{s}秒",
  "replayClock.left": "残り時間:",
  "replayClock.none": "この手の時間は記録されていません",
  "replayClock.flag": "{player}の持ち時間が{time}に切れました ({n}手目の前)",
  "replayClock.graph": "各手の後の各プレイヤーの残り時間。クリックでその手へ移動",
  "clock.outAt": "{time}",
};
