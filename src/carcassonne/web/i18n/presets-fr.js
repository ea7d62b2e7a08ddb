// Français : les textes des préréglages de règles et des défaites au temps (voir fr.js).

export default {
  "preset.label": "Préréglage",
  "preset.none": "Aucun",
  "preset.international": "International",
  "preset.japan": "Japon",
  "preset.help.international": "2 joueurs, jeu de base avec paysans, 15 minutes chacun sans incrément ; tomber au temps, c’est perdre.",
  "preset.help.japan": "Comme International ; une défaite au temps compte pour un écart de 50 points ; en élimination directe, une partie nulle va au second joueur.",
  "preset.timing": ({ min, inc }) => `${min} min + ${inc} s (selon le préréglage)`,
  "timing.flagLoss": "tomber au temps, c’est perdre",
  "timing.margin": "une défaite au temps compte {n} points",
  "final.flag": "{player} a perdu au temps.",
  "player.result.flagged": "perdu au temps",
  "match.lostOnTime": "{name} a perdu au temps",
  "match.difference": ({ n }) => `écart ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
