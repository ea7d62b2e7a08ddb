// Polski: teksty moderacji (zob. pl.js).

import { forms } from "./plural.js";

const { plural } = forms("pl");

export default {
  "safety.adminLink": "Moderacja",
  "safety.board": "Wiadomości",
  "safety.thread": "Wątek meczu: {players}",
  "safety.boardPlaceholder": "Napisz do wszystkich uczestników zawodów",
  "safety.threadPlaceholder": "Napisz do rywali i organizatora",
  "safety.send": "Wyślij",
  "safety.noMessages": "Brak wiadomości.",
  "safety.report": "Zgłoś",
  "safety.reason": "Dlaczego? (opcjonalnie)",
  "safety.sendReport": "Wyślij zgłoszenie",
  "safety.reported": "Zgłoszono: moderator się tym zajmie.",
  "safety.title": "Moderacja",
  "safety.open": ({ n }) => plural(n, { one: "# otwarte zgłoszenie", few: "# otwarte zgłoszenia", many: "# otwartych zgłoszeń", other: "# otwartego zgłoszenia" }),
  "safety.noReports": "Brak otwartych zgłoszeń.",
  "safety.reportedBy": "Zgłasza: {name} · {at}",
  "safety.noReason": "(bez podanego powodu)",
  "safety.account": "Konto: {name}",
  "safety.hidden": "ukryta",
  "safety.hide": "Ukryj wiadomość",
  "safety.show": "Pokaż wiadomość ponownie",
  "safety.suspend": "Zawieś: {name}",
  "safety.unsuspend": "Cofnij zawieszenie: {name}",
  "safety.resolve": "Zamknij",
  "safety.channel.table": "stół {id}",
  "safety.channel.event": "tablica zawodów {id}",
  "safety.channel.match": "wątek meczu zawodów {id}",
};
