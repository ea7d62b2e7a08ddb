// Italiano: i rifiuti del server che un giocatore incontra nelle pagine
// (js/server-errors.js associa il testo inglese del server a queste chiavi).

export default {
  "serverError.wrongLogin": "Nome o password errati.",
  "serverError.logIn": "Prima accedi.",
  "serverError.nameTaken": "Il nome {name} è già in uso.",
  "serverError.nameRule": "Un nome ha da {low} a {high} lettere, cifre, _ o -.",
  "serverError.password": "Una password ha da {low} a {high} caratteri.",
  "serverError.tooManyLogins": "Troppi accessi falliti: riprova tra {n} minuti.",
  "serverError.suspended": "Questo account è sospeso: non può accedere.",
  "serverError.suspendedWrite": "Il tuo account è sospeso: non puoi scrivere.",
  "serverError.seatsTaken": "Tutti i posti sono occupati.",
  "serverError.started": "La partita è iniziata: non ci sono posti liberi.",
  "serverError.seated": "Hai già un posto a questo tavolo.",
  "serverError.chatVisitor": "I visitatori leggono la chat: accedi o siediti a un posto per scrivere.",
  "serverError.chatPlayers": "Nella chat di questo tavolo scrivono solo i giocatori: gli spettatori leggono.",
  "serverError.slowDown": "Troppe richieste: aspetta qualche secondo.",
  "serverError.hour": "Troppe richieste di questo tipo: riprova tra un'ora.",
  "serverError.rated": "Accedi per giocare a un tavolo classificato.",
  "serverError.resetLink": "Questo link per impostare una nuova password è già stato usato o è scaduto.",
  "serverError.over": "La partita è finita.",
  "serverError.noPlayer": "Questo giocatore non esiste.",
  "serverError.noTable": "Questo tavolo non esiste.",
  "serverError.noCompetition": "Questa competizione non esiste.",
};
