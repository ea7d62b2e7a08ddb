// 简体中文：回放中用时的文字（js/replay-clock.js；见 zh-CN.js）。

export default {
  "replayClock.title": "用时",
  "replayClock.start": "第一步之前",
  "replayClock.move": "第 {n} 步：{player}",
  "replayClock.standIn": "（替补）",
  "replayClock.taken": "用时 {time}",
  "replayClock.credit": "延迟补偿 {time}",
  "replayClock.at": "于 {time} 接收",
  "replayClock.seconds": "{s} 秒",
  "replayClock.left": "剩余时间：",
  "replayClock.none": "这一步没有记录时间",
  "replayClock.flag": "{player} 的棋钟在 {time} 用完（第 {n} 步之前）",
  "replayClock.graph": "每步之后各玩家的剩余时间；点击可跳到某一步",
  "clock.outAt": "于 {time}",
};
