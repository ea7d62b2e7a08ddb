// Italiano: i testi delle regole predefinite e delle sconfitte a tempo (vedi it.js).

export default {
  "preset.label": "Regole predefinite",
  "preset.none": "Nessuna",
  "preset.international": "Internazionali",
  "preset.japan": "Giappone",
  "preset.help.international": "2 giocatori, gioco base con contadini, 15 minuti a testa senza incremento; tempo scaduto è sconfitta.",
  "preset.help.japan": "Come le Internazionali; una sconfitta a tempo conta come 50 punti di scarto; a eliminazione diretta una partita pari va al secondo giocatore.",
  "preset.timing": "{min} min + {inc} s (quelli predefiniti)",
  "timing.flagLoss": "tempo scaduto è sconfitta",
  "timing.margin": "una sconfitta a tempo conta {n} punti",
  "final.flag": "{player} ha perso a tempo.",
  "player.result.flagged": "persa a tempo",
  "match.lostOnTime": "{name} ha perso a tempo",
  "match.difference": ({ n }) => `differenza ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
