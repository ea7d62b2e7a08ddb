// English: the texts of notify (see en.js).

export default {
  "notify.ask": "Tell me when it's my turn",
  "notify.on": "You are told when it's your turn",
  "notify.denied": "Notifications are blocked in this browser",
  "notify.turnTitle": "Your turn · Carcassonne",
  "notify.turnBody": "It is your turn at {name}.",
  "notify.invitationTitle": "Invitation · Carcassonne",
  "notify.invitationBody": "{from} invites you to {name}.",
};
