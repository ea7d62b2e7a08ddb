// Polski: teksty czasu w powtórce (js/replay-clock.js; zob. pl.js).

export default {
  "replayClock.title": "Czas",
  "replayClock.start": "Przed pierwszym ruchem",
  "replayClock.move": "Ruch {n}: {player}",
  "replayClock.standIn": "(zastępca)",
  "replayClock.taken": "zajął {time}",
  "replayClock.credit": "kompensata opóźnienia {time}",
  "replayClock.at": "przyjęty o {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Pozostały czas:",
  "replayClock.none": "brak zapisu czasu dla tego ruchu",
  "replayClock.flag": "Zegar gracza {player} doszedł do zera o {time} (przed ruchem {n})",
  "replayClock.graph": "Pozostały czas każdego gracza po każdym ruchu; kliknij, by przejść do ruchu",
  "clock.outAt": "o {time}",
};
