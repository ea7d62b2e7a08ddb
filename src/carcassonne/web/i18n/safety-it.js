// Italiano: i testi della sicurezza e moderazione (vedi it.js).

import { forms } from "./plural.js";

const { plural } = forms("it");

export default {
  "safety.adminLink": "Moderazione",
  "safety.board": "Messaggi",
  "safety.thread": "Discussione dell'incontro: {players}",
  "safety.boardPlaceholder": "Scrivi a tutti i partecipanti della competizione",
  "safety.threadPlaceholder": "Scrivi ai tuoi avversari e all'organizzatore",
  "safety.send": "Invia",
  "safety.noMessages": "Ancora nessun messaggio.",
  "safety.report": "Segnala",
  "safety.reason": "Perché? (facoltativo)",
  "safety.sendReport": "Invia la segnalazione",
  "safety.reported": "Segnalato: un moderatore lo esaminerà.",
  "safety.title": "Moderazione",
  "safety.open": ({ n }) => plural(n, { one: "# segnalazione aperta", many: "# di segnalazioni aperte", other: "# segnalazioni aperte" }),
  "safety.noReports": "Nessuna segnalazione aperta.",
  "safety.reportedBy": "Segnalato da {name} · {at}",
  "safety.noReason": "(nessun motivo indicato)",
  "safety.account": "Account: {name}",
  "safety.hidden": "nascosto",
  "safety.hide": "Nascondi il messaggio",
  "safety.show": "Mostra di nuovo il messaggio",
  "safety.suspend": "Sospendi {name}",
  "safety.unsuspend": "Togli la sospensione a {name}",
  "safety.resolve": "Risolvi",
  "safety.channel.table": "tavolo {id}",
  "safety.channel.event": "bacheca della competizione {id}",
  "safety.channel.match": "discussione di un incontro della competizione {id}",
};
