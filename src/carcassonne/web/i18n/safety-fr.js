// Français : les textes de la modération (voir fr.js).

import { forms } from "./plural.js";

const { plural } = forms("fr");

export default {
  "safety.adminLink": "Modération",
  "safety.board": "Messages",
  "safety.thread": "Fil du match : {players}",
  "safety.boardPlaceholder": "Écrire à tous les participants de la compétition",
  "safety.threadPlaceholder": "Écrire à vos adversaires et à l’organisateur",
  "safety.send": "Envoyer",
  "safety.noMessages": "Pas encore de message.",
  "safety.report": "Signaler",
  "safety.reason": "Pourquoi ? (facultatif)",
  "safety.sendReport": "Envoyer le signalement",
  "safety.reported": "Signalé : un modérateur va l’examiner.",
  "safety.title": "Modération",
  "safety.open": ({ n }) => plural(n, { one: "# signalement ouvert", many: "# de signalements ouverts", other: "# signalements ouverts" }),
  "safety.noReports": "Aucun signalement ouvert.",
  "safety.reportedBy": "Signalé par {name} · {at}",
  "safety.noReason": "(aucun motif donné)",
  "safety.account": "Compte : {name}",
  "safety.hidden": "masqué",
  "safety.hide": "Masquer le message",
  "safety.show": "Réafficher le message",
  "safety.suspend": "Suspendre {name}",
  "safety.unsuspend": "Lever la suspension de {name}",
  "safety.resolve": "Clore",
  "safety.channel.table": "table {id}",
  "safety.channel.event": "messages de la compétition {id}",
  "safety.channel.match": "fil de match de la compétition {id}",
};
