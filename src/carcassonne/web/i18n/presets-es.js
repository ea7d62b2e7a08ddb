// Español: los textos de las reglas predefinidas y de la derrota por tiempo (ver es.js).

export default {
  "preset.label": "Reglas predefinidas",
  "preset.none": "Ninguna",
  "preset.international": "Internacional",
  "preset.japan": "Japón",
  "preset.help.international": "2 jugadores, juego base con campesinos, 15 minutos cada uno sin incremento; quedarse sin tiempo es perder.",
  "preset.help.japan": "Como Internacional; perder por tiempo cuenta como 50 puntos de margen; en eliminatoria, la partida empatada es para el segundo jugador.",
  "preset.timing": ({ min, inc }) => `${min} min + ${inc} s (predefinido)`,
  "timing.flagLoss": "sin tiempo se pierde",
  "timing.margin": "perder por tiempo cuenta {n} puntos",
  "final.flag": "{player} perdió por tiempo.",
  "player.result.flagged": "perdió por tiempo",
  "match.lostOnTime": "{name} perdió por tiempo",
  "match.difference": ({ n }) => `diferencia ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
