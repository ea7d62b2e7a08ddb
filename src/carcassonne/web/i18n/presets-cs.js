// Čeština: texty předvoleb pravidel a prohry na čas (viz cs.js).

export default {
  "preset.label": "Předvolba pravidel",
  "preset.none": "Žádná",
  "preset.international": "Mezinárodní",
  "preset.japan": "Japonsko",
  "preset.help.international": "2 hráči, základní hra se sedláky, každý 15 minut bez přídavku; propadnutí času je prohra.",
  "preset.help.japan": "Jako mezinárodní; prohra na čas se počítá jako rozdíl 50 bodů; ve vyřazování remízu v partii vyhrává druhý hráč.",
  "preset.timing": "{min} min + {inc} s (podle předvolby)",
  "timing.flagLoss": "propadnutí času je prohra",
  "timing.margin": "prohra na čas se počítá za {n} bodů",
  "final.flag": "{player} prohrává na čas.",
  "player.result.flagged": "prohra na čas",
  "match.lostOnTime": "{name} prohrává na čas",
  "match.difference": ({ n }) => `rozdíl ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
