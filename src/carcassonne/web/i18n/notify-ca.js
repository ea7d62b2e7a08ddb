// Català: els textos dels avisos (vegeu ca.js).

export default {
  "notify.ask": "Avisa'm quan sigui el meu torn",
  "notify.on": "T'avisem quan sigui el teu torn",
  "notify.denied": "Les notificacions estan bloquejades en aquest navegador",
  "notify.turnTitle": "El teu torn · Carcassonne",
  "notify.turnBody": "És el teu torn a {name}.",
  "notify.invitationTitle": "Invitació · Carcassonne",
  "notify.invitationBody": "{from} et convida a {name}.",
};
