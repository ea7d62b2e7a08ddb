// English: the texts of talk (see en.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Say something…",
  "chat.send": "Send",
  "chat.empty": "No messages yet.",
  "chat.visitor": "Log in or take a seat to write in the chat; visitors read.",
  "chat.playersOnly": "Only the players write at this table; spectators read.",
  "chat.mute": "Mute",
  "chat.muteTitle": "Hide {player}'s messages at this table (for you only)",
  "chat.mutedList": "Muted here:",
  "chat.unmute": "Show {player}'s messages again",
  "chat.report": "Report",
  "chat.reportTitle": "Report this message to the moderators",
  "chat.reportReason": "What is wrong with it?",
  "chat.reportSend": "Send report",
  "chat.cancel": "Cancel",
  "chat.reported": "Thank you: the moderators will look at it.",
  "chat.reportUnavailable": "Reports cannot be sent yet; please try again later.",
  "chat.reportLogin": "Log in to report a message.",
  "chat.playersOnlyOption": "Chat for the players only (spectators read)",
};
