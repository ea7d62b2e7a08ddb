// English: the server's refusals a player meets through the pages
// (js/server-errors.js matches the server's English text to these keys).

export default {
  "serverError.wrongLogin": "Wrong name or password.",
  "serverError.logIn": "Log in first.",
  "serverError.nameTaken": "The name {name} is taken.",
  "serverError.nameRule": "A name is {low} to {high} letters, digits, _ or -.",
  "serverError.password": "A password has {low} to {high} characters.",
  "serverError.tooManyLogins": "Too many failed logins: try again in {n} minutes.",
  "serverError.suspended": "This account is suspended: it cannot log in.",
  "serverError.suspendedWrite": "Your account is suspended: you cannot write.",
  "serverError.seatsTaken": "Every seat is taken.",
  "serverError.started": "The game has started: no seat is free.",
  "serverError.seated": "You already hold a seat at this table.",
  "serverError.chatVisitor": "Visitors read the chat: log in, or take a seat, to write.",
  "serverError.chatPlayers": "Only the players write in this table's chat: spectators read.",
  "serverError.slowDown": "Too many requests: wait a few seconds.",
  "serverError.hour": "Too many requests of this kind: try again in an hour.",
  "serverError.rated": "Log in to play at a rated table.",
  "serverError.resetLink": "This link to set a new password was used already or has expired.",
  "serverError.over": "The game is over.",
  "serverError.noPlayer": "There is no such player.",
  "serverError.noTable": "There is no such table.",
  "serverError.noCompetition": "There is no such competition.",
};
