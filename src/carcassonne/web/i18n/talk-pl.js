// Polski: teksty czatu (zob. pl.js).

export default {
  "chat.title": "Czat",
  "chat.placeholder": "Napisz coś…",
  "chat.send": "Wyślij",
  "chat.empty": "Brak wiadomości.",
  "chat.visitor": "Zaloguj się lub zajmij miejsce, by pisać na czacie; goście tylko czytają.",
  "chat.playersOnly": "Przy tym stole piszą tylko gracze; widzowie czytają.",
  "chat.mute": "Wycisz",
  "chat.muteTitle": "Ukryj wiadomości gracza {player} przy tym stole (tylko dla ciebie)",
  "chat.mutedList": "Wyciszeni tutaj:",
  "chat.unmute": "Pokaż znowu wiadomości gracza {player}",
  "chat.report": "Zgłoś",
  "chat.reportTitle": "Zgłoś tę wiadomość moderatorom",
  "chat.reportReason": "Co jest z nią nie tak?",
  "chat.reportSend": "Zgłoś",
  "chat.cancel": "Anuluj",
  "chat.reported": "Dziękujemy: moderatorzy się tym zajmą.",
  "chat.reportUnavailable": "Zgłoszeń nie można jeszcze wysyłać; spróbuj później.",
  "chat.reportLogin": "Zaloguj się, by zgłosić wiadomość.",
  "chat.playersOnlyOption": "Czat tylko dla graczy (widzowie czytają)",
};
