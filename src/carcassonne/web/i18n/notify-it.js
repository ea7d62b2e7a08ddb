// Italiano: i testi delle notifiche (vedi it.js).

export default {
  "notify.ask": "Avvisami quando tocca a me",
  "notify.on": "Ricevi un avviso quando tocca a te",
  "notify.denied": "Le notifiche sono bloccate in questo browser",
  "notify.turnTitle": "Tocca a te · Carcassonne",
  "notify.turnBody": "Tocca a te a {name}.",
  "notify.invitationTitle": "Invito · Carcassonne",
  "notify.invitationBody": "{from} ti invita a {name}.",
};
