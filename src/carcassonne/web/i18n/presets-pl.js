// Polski: teksty gotowych zestawów zasad i przegranej na czas (zob. pl.js).

export default {
  "preset.label": "Gotowe zasady",
  "preset.none": "Brak",
  "preset.international": "Międzynarodowe",
  "preset.japan": "Japonia",
  "preset.help.international": "2 graczy, gra podstawowa z chłopami, po 15 minut bez dodatku czasu; koniec czasu to przegrana.",
  "preset.help.japan": "Jak międzynarodowe; przegrana na czas liczy się jako 50 punktów różnicy; w pucharze remis w partii wygrywa drugi gracz.",
  "preset.timing": "{min} min + {inc} s (z gotowych zasad)",
  "timing.flagLoss": "koniec czasu to przegrana",
  "timing.margin": "przegrana na czas liczy się jako {n} pkt",
  "final.flag": "{player} przegrywa na czas.",
  "player.result.flagged": "przegrana na czas",
  "match.lostOnTime": "{name} przegrywa na czas",
  "match.difference": ({ n }) => `różnica ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
