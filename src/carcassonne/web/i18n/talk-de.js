// Deutsch: die Texte des Chats (siehe de.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Schreib etwas…",
  "chat.send": "Senden",
  "chat.empty": "Noch keine Nachrichten.",
  "chat.visitor": "Melde dich an oder nimm Platz, um im Chat zu schreiben; Besucher lesen mit.",
  "chat.playersOnly": "An diesem Tisch schreiben nur die Spieler; Zuschauer lesen mit.",
  "chat.mute": "Stummschalten",
  "chat.muteTitle": "Nachrichten von {player} an diesem Tisch ausblenden (nur für dich)",
  "chat.mutedList": "Hier stummgeschaltet:",
  "chat.unmute": "Nachrichten von {player} wieder zeigen",
  "chat.report": "Melden",
  "chat.reportTitle": "Diese Nachricht den Moderatoren melden",
  "chat.reportReason": "Was stimmt damit nicht?",
  "chat.reportSend": "Meldung senden",
  "chat.cancel": "Abbrechen",
  "chat.reported": "Danke: die Moderatoren sehen es sich an.",
  "chat.reportUnavailable": "Meldungen können noch nicht gesendet werden; bitte versuch es später noch einmal.",
  "chat.reportLogin": "Melde dich an, um eine Nachricht zu melden.",
  "chat.playersOnlyOption": "Chat nur für die Spieler (Zuschauer lesen mit)",
};
