// Deutsch: die Ablehnungen des Servers, auf die man auf den Seiten trifft
// (js/server-errors.js ordnet den englischen Text des Servers diesen Schlüsseln zu).

export default {
  "serverError.wrongLogin": "Falscher Name oder falsches Passwort.",
  "serverError.logIn": "Melde dich zuerst an.",
  "serverError.nameTaken": "Der Name {name} ist schon vergeben.",
  "serverError.nameRule": "Ein Name hat {low} bis {high} Buchstaben, Ziffern, _ oder -.",
  "serverError.password": "Ein Passwort hat {low} bis {high} Zeichen.",
  "serverError.tooManyLogins": "Zu viele fehlgeschlagene Anmeldungen: versuch es in {n} Minuten noch einmal.",
  "serverError.suspended": "Dieses Konto ist gesperrt: es kann sich nicht anmelden.",
  "serverError.suspendedWrite": "Dein Konto ist gesperrt: du kannst nicht schreiben.",
  "serverError.seatsTaken": "Alle Plätze sind besetzt.",
  "serverError.started": "Die Partie hat begonnen: kein Platz ist frei.",
  "serverError.seated": "Du hast an diesem Tisch schon einen Platz.",
  "serverError.chatVisitor": "Besucher lesen den Chat mit: melde dich an oder nimm Platz, um zu schreiben.",
  "serverError.chatPlayers": "Im Chat dieses Tisches schreiben nur die Spieler: Zuschauer lesen mit.",
  "serverError.slowDown": "Zu viele Anfragen: warte ein paar Sekunden.",
  "serverError.hour": "Zu viele Anfragen dieser Art: versuch es in einer Stunde noch einmal.",
  "serverError.rated": "Melde dich an, um an einem gewerteten Tisch zu spielen.",
  "serverError.resetLink": "Dieser Link für ein neues Passwort wurde schon benutzt oder ist abgelaufen.",
  "serverError.over": "Die Partie ist vorbei.",
  "serverError.noPlayer": "Diesen Spieler gibt es nicht.",
  "serverError.noTable": "Diesen Tisch gibt es nicht.",
  "serverError.noCompetition": "Diesen Wettbewerb gibt es nicht.",
};
