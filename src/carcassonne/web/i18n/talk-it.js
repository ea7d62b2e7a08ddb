// Italiano: i testi della chat (vedi it.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Scrivi qualcosa…",
  "chat.send": "Invia",
  "chat.empty": "Ancora nessun messaggio.",
  "chat.visitor": "Accedi o siediti a un posto per scrivere in chat; i visitatori leggono.",
  "chat.playersOnly": "A questo tavolo scrivono solo i giocatori; gli spettatori leggono.",
  "chat.mute": "Silenzia",
  "chat.muteTitle": "Nascondi i messaggi di {player} a questo tavolo (solo per te)",
  "chat.mutedList": "Silenziati qui:",
  "chat.unmute": "Mostra di nuovo i messaggi di {player}",
  "chat.report": "Segnala",
  "chat.reportTitle": "Segnala questo messaggio ai moderatori",
  "chat.reportReason": "Che cosa non va?",
  "chat.reportSend": "Invia segnalazione",
  "chat.cancel": "Annulla",
  "chat.reported": "Grazie: i moderatori lo esamineranno.",
  "chat.reportUnavailable": "Non si possono ancora inviare segnalazioni; riprova più tardi.",
  "chat.reportLogin": "Accedi per segnalare un messaggio.",
  "chat.playersOnlyOption": "Chat solo per i giocatori (gli spettatori leggono)",
};
