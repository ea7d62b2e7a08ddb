// Deutsch: die Texte der Regelvorlagen und der Niederlagen auf Zeit (siehe de.js).

export default {
  "preset.label": "Regelvorlage",
  "preset.none": "Keine",
  "preset.international": "International",
  "preset.japan": "Japan",
  "preset.help.international": "2 Spieler, Grundspiel mit Bauern, 15 Minuten pro Spieler ohne Zuschlag; Zeit abgelaufen heißt verloren.",
  "preset.help.japan": "Wie International; eine Niederlage auf Zeit zählt als 50 Punkte Abstand; im K.-o. geht eine unentschiedene Partie an den zweiten Spieler.",
  "preset.timing": ({ min, inc }) => `${min} Min. + ${inc} s (aus der Vorlage)`,
  "timing.flagLoss": "Zeit abgelaufen heißt verloren",
  "timing.margin": "eine Niederlage auf Zeit zählt {n} Punkte",
  "final.flag": "{player} hat auf Zeit verloren.",
  "player.result.flagged": "auf Zeit verloren",
  "match.lostOnTime": "{name} hat auf Zeit verloren",
  "match.difference": ({ n }) => `Differenz ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
