// The server's refusals a player meets through the pages (the server
// writes them in English, server/*.py), each with the key of its
// translation (i18n/errors-<code>.js) and the names of what the English
// text carries (a name, a number) to fill the translation with. A refusal
// not listed here (a malformed request the pages never make) stays as the
// server wrote it.

export const SERVER_ERRORS = [
  [/^wrong name or password$/, "serverError.wrongLogin"],
  [/^log in first$/, "serverError.logIn"],
  [/^the name (.+) is taken$/, "serverError.nameTaken", ["name"]],
  [/^an account name is (\d+) to (\d+) letters, digits, _ or -/, "serverError.nameRule", ["low", "high"]],
  [/^a password is text of (\d+) to (\d+) characters$/, "serverError.password", ["low", "high"]],
  [/^too many failed logins: try again in (\d+) minutes$/, "serverError.tooManyLogins", ["n"]],
  [/^this account is suspended: it cannot log in$/, "serverError.suspended"],
  [/^your account is suspended: you cannot write$/, "serverError.suspendedWrite"],
  [/^every seat is taken$/, "serverError.seatsTaken"],
  [/^the game has started: no seat is free$/, "serverError.started"],
  [/^you already hold a seat at this table$/, "serverError.seated"],
  [/^visitors read the chat: log in, or take a seat, to write$/, "serverError.chatVisitor"],
  [/^only the players write in this table's chat: spectators read$/, "serverError.chatPlayers"],
  [/^too many requests: wait a few seconds$/, "serverError.slowDown"],
  [/^too many requests of this kind: try again in an hour$/, "serverError.hour"],
  [/^log in to play at a rated table$/, "serverError.rated"],
  [/^this link to set a new password was used already or has/, "serverError.resetLink"],
  [/^the game is over$/, "serverError.over"],
  [/^there is no (such )?player\b/, "serverError.noPlayer"],
  [/^there is no table /, "serverError.noTable"],
  [/^there is no competition /, "serverError.noCompetition"],
];
