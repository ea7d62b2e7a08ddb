// Català: els textos del temps en una repetició (js/replay-clock.js; vegeu ca.js).

export default {
  "replayClock.title": "Temps",
  "replayClock.start": "Abans de la primera jugada",
  "replayClock.move": "Jugada {n}: {player}",
  "replayClock.standIn": "(el substitut)",
  "replayClock.taken": "ha trigat {time}",
  "replayClock.credit": "crèdit per retard {time}",
  "replayClock.at": "acceptada a les {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Temps restant:",
  "replayClock.none": "no es va registrar el temps d'aquesta jugada",
  "replayClock.flag": "{player} es va quedar sense temps a les {time} (abans de la jugada {n})",
  "replayClock.graph": "Temps restant de cada jugador després de cada jugada; fes clic per anar a una jugada",
  "clock.outAt": "a les {time}",
};
