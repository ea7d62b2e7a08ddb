// English: the texts of safety (see en.js).

import { forms } from "./plural.js";

const { plural } = forms("en");

export default {
  "safety.adminLink": "Moderation",
  "safety.board": "Messages",
  "safety.thread": "Match thread: {players}",
  "safety.boardPlaceholder": "Write to everyone of the competition",
  "safety.threadPlaceholder": "Write to your opponents and the organizer",
  "safety.send": "Send",
  "safety.noMessages": "No messages yet.",
  "safety.report": "Report",
  "safety.reason": "Why? (optional)",
  "safety.sendReport": "Send the report",
  "safety.reported": "Reported: a moderator will look at it.",
  "safety.title": "Moderation",
  "safety.open": ({ n }) => plural(n, { one: "# open report", other: "# open reports" }),
  "safety.noReports": "No open reports.",
  "safety.reportedBy": "Reported by {name} · {at}",
  "safety.noReason": "(no reason given)",
  "safety.account": "Account: {name}",
  "safety.hidden": "hidden",
  "safety.hide": "Hide the message",
  "safety.show": "Show the message again",
  "safety.suspend": "Suspend {name}",
  "safety.unsuspend": "Lift {name}'s suspension",
  "safety.resolve": "Resolve",
  "safety.channel.table": "table {id}",
  "safety.channel.event": "board of competition {id}",
  "safety.channel.match": "match thread of competition {id}",
};
