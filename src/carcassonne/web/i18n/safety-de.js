// Deutsch: die Texte der Moderation (siehe de.js).

import { forms } from "./plural.js";

const { plural } = forms("de");

export default {
  "safety.adminLink": "Moderation",
  "safety.board": "Nachrichten",
  "safety.thread": "Match-Thread: {players}",
  "safety.boardPlaceholder": "An alle im Wettbewerb schreiben",
  "safety.threadPlaceholder": "An deine Gegner und den Organisator schreiben",
  "safety.send": "Senden",
  "safety.noMessages": "Noch keine Nachrichten.",
  "safety.report": "Melden",
  "safety.reason": "Warum? (optional)",
  "safety.sendReport": "Meldung senden",
  "safety.reported": "Gemeldet: ein Moderator sieht es sich an.",
  "safety.title": "Moderation",
  "safety.open": ({ n }) => plural(n, { one: "# offene Meldung", other: "# offene Meldungen" }),
  "safety.noReports": "Keine offenen Meldungen.",
  "safety.reportedBy": "Gemeldet von {name} · {at}",
  "safety.noReason": "(kein Grund angegeben)",
  "safety.account": "Konto: {name}",
  "safety.hidden": "ausgeblendet",
  "safety.hide": "Nachricht ausblenden",
  "safety.show": "Nachricht wieder zeigen",
  "safety.suspend": "{name} sperren",
  "safety.unsuspend": "Sperre von {name} aufheben",
  "safety.resolve": "Erledigt",
  "safety.channel.table": "Tisch {id}",
  "safety.channel.event": "Pinnwand des Wettbewerbs {id}",
  "safety.channel.match": "Match-Thread des Wettbewerbs {id}",
};
