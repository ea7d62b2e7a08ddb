// Deutsch: die Texte der Benachrichtigungen (siehe de.js).

export default {
  "notify.ask": "Sag mir Bescheid, wenn ich dran bin",
  "notify.on": "Du bekommst Bescheid, wenn du dran bist",
  "notify.denied": "Benachrichtigungen sind in diesem Browser blockiert",
  "notify.turnTitle": "Du bist dran · Carcassonne",
  "notify.turnBody": "Du bist dran: {name}.",
  "notify.invitationTitle": "Einladung · Carcassonne",
  "notify.invitationBody": "{from} lädt dich zu {name} ein.",
};
