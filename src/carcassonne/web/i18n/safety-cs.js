// Čeština: texty moderace (viz cs.js).

import { forms } from "./plural.js";

const { plural } = forms("cs");

export default {
  "safety.adminLink": "Moderace",
  "safety.board": "Zprávy",
  "safety.thread": "Vlákno zápasu: {players}",
  "safety.boardPlaceholder": "Napiš všem v soutěži",
  "safety.threadPlaceholder": "Napiš soupeřům a pořadateli",
  "safety.send": "Odeslat",
  "safety.noMessages": "Zatím žádné zprávy.",
  "safety.report": "Nahlásit",
  "safety.reason": "Proč? (nepovinné)",
  "safety.sendReport": "Odeslat hlášení",
  "safety.reported": "Nahlášeno: moderátor se na to podívá.",
  "safety.title": "Moderace",
  "safety.open": ({ n }) => plural(n, { one: "# otevřené hlášení", few: "# otevřená hlášení", many: "# otevřeného hlášení", other: "# otevřených hlášení" }),
  "safety.noReports": "Žádná otevřená hlášení.",
  "safety.reportedBy": "Hlášení od: {name} · {at}",
  "safety.noReason": "(bez udání důvodu)",
  "safety.account": "Účet: {name}",
  "safety.hidden": "skryto",
  "safety.hide": "Skrýt zprávu",
  "safety.show": "Znovu zobrazit zprávu",
  "safety.suspend": "Pozastavit účet: {name}",
  "safety.unsuspend": "Zrušit pozastavení: {name}",
  "safety.resolve": "Vyřešit",
  "safety.channel.table": "stůl {id}",
  "safety.channel.event": "nástěnka soutěže {id}",
  "safety.channel.match": "vlákno zápasu soutěže {id}",
};
