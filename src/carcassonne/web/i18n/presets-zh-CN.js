// 简体中文：规则预设与超时判负的文字（见 zh-CN.js）。

export default {
  "preset.label": "规则预设",
  "preset.none": "无",
  "preset.international": "国际",
  "preset.japan": "日本",
  "preset.help.international": "2 人，基础版含农夫，每人 15 分钟不加秒；超时判负。",
  "preset.help.japan": "同国际；超时判负按 50 分差计；淘汰赛中平局判后手玩家胜。",
  "preset.timing": "{min} 分 + {inc} 秒（预设值）",
  "timing.flagLoss": "超时判负",
  "timing.margin": "超时判负按 {n} 分计",
  "final.flag": "{player} 超时判负。",
  "player.result.flagged": "超时负",
  "match.lostOnTime": "{name} 超时判负",
  "match.difference": ({ n }) => `分差 ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
