// Català: els textos de les regles predefinides i de la derrota per temps (vegeu ca.js).

export default {
  "preset.label": "Regles predefinides",
  "preset.none": "Cap",
  "preset.international": "Internacional",
  "preset.japan": "Japó",
  "preset.help.international": "2 jugadors, joc base amb pagesos, 15 minuts cadascú sense increment; quedar-se sense temps és perdre.",
  "preset.help.japan": "Com Internacional; perdre per temps compta com 50 punts de marge; en eliminatòria, la partida empatada és per al segon jugador.",
  "preset.timing": ({ min, inc }) => `${min} min + ${inc} s (predefinit)`,
  "timing.flagLoss": "sense temps es perd",
  "timing.margin": "perdre per temps compta {n} punts",
  "final.flag": "{player} ha perdut per temps.",
  "player.result.flagged": "ha perdut per temps",
  "match.lostOnTime": "{name} ha perdut per temps",
  "match.difference": ({ n }) => `diferència ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
