// Català: les negatives del servidor que un jugador troba a les pàgines
// (js/server-errors.js associa el text anglès del servidor a aquestes claus).
// Vocabulari: docs/glossary/ca.md.

export default {
  "serverError.wrongLogin": "Nom o contrasenya incorrectes.",
  "serverError.logIn": "Entra primer.",
  "serverError.nameTaken": "El nom {name} ja està agafat.",
  "serverError.nameRule": "Un nom té de {low} a {high} lletres, xifres, _ o -.",
  "serverError.password": "Una contrasenya té de {low} a {high} caràcters.",
  "serverError.tooManyLogins": "Massa intents fallits: torna-ho a provar d'aquí a {n} minuts.",
  "serverError.suspended": "Aquest compte està suspès: no pot entrar.",
  "serverError.suspendedWrite": "El teu compte està suspès: no pots escriure.",
  "serverError.seatsTaken": "Tots els llocs estan ocupats.",
  "serverError.started": "La partida ja ha començat: no queda cap lloc lliure.",
  "serverError.seated": "Ja ocupes un lloc en aquesta taula.",
  "serverError.chatVisitor": "Els visitants llegeixen el xat: entra o seu a la taula per escriure.",
  "serverError.chatPlayers": "Al xat d'aquesta taula només escriuen els jugadors: els espectadors llegeixen.",
  "serverError.slowDown": "Massa peticions: espera uns segons.",
  "serverError.hour": "Massa peticions d'aquest tipus: torna-ho a provar d'aquí a una hora.",
  "serverError.rated": "Entra per jugar en una taula puntuable.",
  "serverError.resetLink": "Aquest enllaç per posar una contrasenya nova ja s'ha fet servir o ha caducat.",
  "serverError.over": "La partida ha acabat.",
  "serverError.noPlayer": "Aquest jugador no existeix.",
  "serverError.noTable": "Aquesta taula no existeix.",
  "serverError.noCompetition": "Aquesta competició no existeix.",
};
