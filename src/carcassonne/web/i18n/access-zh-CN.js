// 简体中文：用键盘和屏幕阅读器玩游戏的文字：按键说明、朗读的内容，
// 以及文字形式的版图（见 zh-CN.js）。中文没有复数变化，不需要 plural.js。

export default {
  "keys.board": "版图：轮到你时，用方向键移动你的板块",
  "keys.help": "按键：方向键在空闲格子间移动板块，R 旋转，Tab 切换到配件位置（空格键选择其一），Enter 确认，Esc 撤回。",
  "announce.square": "{x}, {y}，旋转 {degrees}°",
  "announce.step": "龙移到 {x}, {y}：按 Enter 确认",
  "announce.takenBack": "板块已回到你手中。",
  "side.N": "北",
  "side.E": "东",
  "side.S": "南",
  "side.W": "西",
  "textBoard.title": "文字形式的版图",
  "textBoard.tiles": "版图上的板块",
  "textBoard.squares": "你的板块可以放在哪里",
  "textBoard.at": "{x}, {y}：{what}",
  "textBoard.feature": "{feature}（{sides}）",
  "textBoard.shield": "带盾徽",
  "textBoard.onlyFields": "只有草地",
  "textBoard.figure": "{player} 的{figure}（{feature}）",
  "textBoard.held": "（属于 {players}）",
  "textBoard.turned": "旋转 {degrees}°：{what}",
  "textBoard.nothing": "不连接任何区域",
  "textBoard.completes": ({ feature, tiles }) => `完成${feature}（${tiles} 张板块）`,
  "textBoard.joins": ({ feature, tiles }) => `把${feature}延伸到 ${tiles} 张板块`,
  "textBoard.starts": "开始新的{feature}",
  "textBoard.scores": ({ player, points }) => `${player} 得 ${points} 分`,
};
