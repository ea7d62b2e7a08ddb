// Polski: teksty powiadomień (zob. pl.js).

export default {
  "notify.ask": "Powiadamiaj, gdy przyjdzie moja kolej",
  "notify.on": "Dostaniesz powiadomienie, gdy przyjdzie twoja kolej",
  "notify.denied": "Powiadomienia są zablokowane w tej przeglądarce",
  "notify.turnTitle": "Twoja kolej · Carcassonne",
  "notify.turnBody": "Twoja kolej przy stole {name}.",
  "notify.invitationTitle": "Zaproszenie · Carcassonne",
  "notify.invitationBody": "{from} zaprasza cię do stołu {name}.",
};
