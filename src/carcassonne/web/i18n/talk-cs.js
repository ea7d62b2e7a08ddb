// Čeština: texty chatu (viz cs.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Napiš něco…",
  "chat.send": "Odeslat",
  "chat.empty": "Zatím žádné zprávy.",
  "chat.visitor": "Pro psaní do chatu se přihlas nebo si sedni ke stolu; návštěvníci jen čtou.",
  "chat.playersOnly": "U tohoto stolu píšou jen hráči; diváci čtou.",
  "chat.mute": "Ztlumit",
  "chat.muteTitle": "Skrýt zprávy hráče {player} u tohoto stolu (jen pro tebe)",
  "chat.mutedList": "Ztlumeno zde:",
  "chat.unmute": "Znovu ukázat zprávy hráče {player}",
  "chat.report": "Nahlásit",
  "chat.reportTitle": "Nahlásit tuto zprávu moderátorům",
  "chat.reportReason": "Co je na ní špatně?",
  "chat.reportSend": "Odeslat hlášení",
  "chat.cancel": "Zrušit",
  "chat.reported": "Díky: moderátoři se na to podívají.",
  "chat.reportUnavailable": "Hlášení zatím nejde odeslat; zkus to prosím později.",
  "chat.reportLogin": "Pro nahlášení zprávy se přihlas.",
  "chat.playersOnlyOption": "Chat jen pro hráče (diváci čtou)",
};
