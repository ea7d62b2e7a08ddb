// English: the texts of rules presets and losses on time (see en.js).

export default {
  "preset.label": "Rules preset",
  "preset.none": "None",
  "preset.international": "International",
  "preset.japan": "Japan",
  "preset.help.international": "2 players, base game with farmers, 15 minutes each with no increment; a flag is a loss.",
  "preset.help.japan": "As International; a loss on time counts as a 50-point margin; in a knockout a drawn game goes to the second player.",
  "preset.timing": ({ min, inc }) => `${min} min + ${inc} s (the preset's)`,
  "timing.flagLoss": "a flag is a loss",
  "timing.margin": "a loss on time counts {n} points",
  "final.flag": "{player} lost on time.",
  "player.result.flagged": "lost on time",
  "match.lostOnTime": "{name} lost on time",
  "match.difference": ({ n }) => `difference ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
