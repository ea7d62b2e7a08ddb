// Español: los textos de los avisos (ver es.js).

export default {
  "notify.ask": "Avísame cuando sea mi turno",
  "notify.on": "Te avisamos cuando sea tu turno",
  "notify.denied": "Las notificaciones están bloqueadas en este navegador",
  "notify.turnTitle": "Tu turno · Carcassonne",
  "notify.turnBody": "Es tu turno en {name}.",
  "notify.invitationTitle": "Invitación · Carcassonne",
  "notify.invitationBody": "{from} te invita a {name}.",
};
