// Català: els textos del xat (vegeu ca.js).

export default {
  "chat.title": "Xat",
  "chat.placeholder": "Digues alguna cosa…",
  "chat.send": "Envia",
  "chat.empty": "Encara no hi ha missatges.",
  "chat.visitor": "Entra o seu a la taula per escriure al xat; els visitants llegeixen.",
  "chat.playersOnly": "En aquesta taula només escriuen els jugadors; els espectadors llegeixen.",
  "chat.mute": "Silencia",
  "chat.muteTitle": "Amaga en aquesta taula els missatges que escrigui {player} (només per a tu)",
  "chat.mutedList": "Silenciats aquí:",
  "chat.unmute": "Torna a mostrar els missatges que escrigui {player}",
  "chat.report": "Denuncia",
  "chat.reportTitle": "Denuncia aquest missatge als moderadors",
  "chat.reportReason": "Què hi ha de malament?",
  "chat.reportSend": "Envia la denúncia",
  "chat.cancel": "Cancel·la",
  "chat.reported": "Gràcies: els moderadors ho revisaran.",
  "chat.reportUnavailable": "Encara no es poden enviar denúncies; torna-ho a provar més tard.",
  "chat.reportLogin": "Entra per denunciar un missatge.",
  "chat.playersOnlyOption": "Xat només per als jugadors (els espectadors llegeixen)",
};
