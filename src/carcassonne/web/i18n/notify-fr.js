// Français : les textes des notifications (voir fr.js).

export default {
  "notify.ask": "Me prévenir quand c’est mon tour",
  "notify.on": "Une notification vous prévient à votre tour",
  "notify.denied": "Les notifications sont bloquées dans ce navigateur",
  "notify.turnTitle": "À vous · Carcassonne",
  "notify.turnBody": "C’est à vous de jouer à {name}.",
  "notify.invitationTitle": "Invitation · Carcassonne",
  "notify.invitationBody": "{from} vous invite à {name}.",
};
