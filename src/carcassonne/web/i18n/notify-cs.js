// Čeština: texty oznámení (viz cs.js).

export default {
  "notify.ask": "Dej mi vědět, až budu na tahu",
  "notify.on": "Dostaneš oznámení, až budeš na tahu",
  "notify.denied": "Oznámení jsou v tomto prohlížeči blokována",
  "notify.turnTitle": "Jsi na tahu · Carcassonne",
  "notify.turnBody": "Jsi na tahu u stolu {name}.",
  "notify.invitationTitle": "Pozvánka · Carcassonne",
  "notify.invitationBody": "{from} tě zve ke stolu {name}.",
};
