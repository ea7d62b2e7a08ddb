// Italiano: i testi del tempo in un replay (js/replay-clock.js; vedi it.js).

export default {
  "replayClock.title": "Tempo",
  "replayClock.start": "Prima della prima mossa",
  "replayClock.move": "Mossa {n}: {player}",
  "replayClock.standIn": "(il sostituto)",
  "replayClock.taken": "ha impiegato {time}",
  "replayClock.credit": "credito per ritardo {time}",
  "replayClock.at": "accettata a {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Tempo rimasto:",
  "replayClock.none": "nessun tempo registrato per questa mossa",
  "replayClock.flag": "L'orologio di {player} è scaduto a {time} (prima della mossa {n})",
  "replayClock.graph": "Il tempo rimasto a ogni giocatore dopo ogni mossa; clicca per andare a una mossa",
  "clock.outAt": "a {time}",
};
