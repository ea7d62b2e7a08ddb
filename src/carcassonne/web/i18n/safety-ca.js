// Català: els textos de la moderació (vegeu ca.js).

import { forms } from "./plural.js";

const { plural } = forms("ca");

export default {
  "safety.adminLink": "Moderació",
  "safety.board": "Missatges",
  "safety.thread": "Fil de l'encontre: {players}",
  "safety.boardPlaceholder": "Escriu a tots els de la competició",
  "safety.threadPlaceholder": "Escriu als teus rivals i a l'organitzador",
  "safety.send": "Envia",
  "safety.noMessages": "Encara no hi ha missatges.",
  "safety.report": "Denuncia",
  "safety.reason": "Per què? (opcional)",
  "safety.sendReport": "Envia la denúncia",
  "safety.reported": "Denunciat: un moderador ho revisarà.",
  "safety.title": "Moderació",
  "safety.open": ({ n }) => plural(n, { one: "# denúncia oberta", many: "# de denúncies obertes", other: "# denúncies obertes" }),
  "safety.noReports": "No hi ha denúncies obertes.",
  "safety.reportedBy": "Denunciat per {name} · {at}",
  "safety.noReason": "(sense motiu)",
  "safety.account": "Compte: {name}",
  "safety.hidden": "amagat",
  "safety.hide": "Amaga el missatge",
  "safety.show": "Torna a mostrar el missatge",
  "safety.suspend": "Suspèn {name}",
  "safety.unsuspend": "Aixeca la suspensió: {name}",
  "safety.resolve": "Resol",
  "safety.channel.table": "taula {id}",
  "safety.channel.event": "tauler de la competició {id}",
  "safety.channel.match": "fil d'encontre de la competició {id}",
};
