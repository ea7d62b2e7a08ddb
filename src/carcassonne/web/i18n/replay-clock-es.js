// Español: los textos del tiempo en una repetición (js/replay-clock.js; ver es.js).

export default {
  "replayClock.title": "Tiempo",
  "replayClock.start": "Antes de la primera jugada",
  "replayClock.move": "Jugada {n}: {player}",
  "replayClock.standIn": "(el sustituto)",
  "replayClock.taken": "tardó {time}",
  "replayClock.credit": "crédito por retardo {time}",
  "replayClock.at": "aceptada a las {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Tiempo restante:",
  "replayClock.none": "no se registró tiempo en esta jugada",
  "replayClock.flag": "El reloj de {player} se agotó a las {time} (antes de la jugada {n})",
  "replayClock.graph": "Tiempo restante de cada jugador tras cada jugada; haz clic para ir a una jugada",
  "clock.outAt": "a las {time}",
};
