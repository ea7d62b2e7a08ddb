// 简体中文：辅助信息开关与训练辅助的文字（见 zh-CN.js）。

export default {
  "aids.label": "辅助",
  "aids.on": "开：剩余板块、死格、区域分值",
  "aids.off": "关（比赛模式）：只显示合法格子",
  "aids.training": "训练：辅助信息，以及下一张板块适合每个格子的概率",
  "aids.help": "关闭后，所有玩家在游戏结束前都看不到剩余板块、任何板块都填不了的格子以及各区域的分值。",
  "aids.offBadge": "无辅助",
  "aids.offHelp": "比赛模式：不显示剩余板块、死格和区域分值",
  "aids.trainingBadge": "训练",
  "aids.trainingHelp": "辅助信息，以及下一张板块适合每个空格的概率",
  "aids.setupOff": "关闭辅助",
  "aids.setupTraining": "训练辅助",
  "stack.aidsOff": "本牌桌已关闭辅助（比赛模式）：不显示剩余板块。",
  "training.show": "显示下一张板块适合每个空格的概率",
  "training.hide": "隐藏空格上的概率",
  "training.title": "下一张将从 {tiles} 张板块中抽出，其中 {fits} 张能放在这里",
};
