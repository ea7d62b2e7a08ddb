// Français : les textes du temps dans un replay (js/replay-clock.js ; voir fr.js).

export default {
  "replayClock.title": "Temps",
  "replayClock.start": "Avant le premier coup",
  "replayClock.move": "Coup {n} : {player}",
  "replayClock.standIn": "(le remplaçant)",
  "replayClock.taken": "a pris {time}",
  "replayClock.credit": "crédit de latence {time}",
  "replayClock.at": "accepté à {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Temps restant :",
  "replayClock.none": "aucun temps noté pour ce coup",
  "replayClock.flag": "La pendule de {player} est tombée à {time} (avant le coup {n})",
  "replayClock.graph": "Temps restant de chaque joueur après chaque coup ; cliquez pour aller à un coup",
  "clock.outAt": "à {time}",
};
