// Español: las negativas del servidor que un jugador encuentra en las páginas
// (js/server-errors.js asocia el texto inglés del servidor a estas claves).
// Vocabulario: docs/glossary/es.md.

export default {
  "serverError.wrongLogin": "Nombre o contraseña incorrectos.",
  "serverError.logIn": "Entra primero.",
  "serverError.nameTaken": "El nombre {name} ya está en uso.",
  "serverError.nameRule": "Un nombre tiene de {low} a {high} letras, cifras, _ o -.",
  "serverError.password": "Una contraseña tiene de {low} a {high} caracteres.",
  "serverError.tooManyLogins": "Demasiados intentos fallidos: inténtalo de nuevo en {n} minutos.",
  "serverError.suspended": "Esta cuenta está suspendida: no puede entrar.",
  "serverError.suspendedWrite": "Tu cuenta está suspendida: no puedes escribir.",
  "serverError.seatsTaken": "Todos los puestos están ocupados.",
  "serverError.started": "La partida ya empezó: no queda ningún puesto libre.",
  "serverError.seated": "Ya ocupas un puesto en esta mesa.",
  "serverError.chatVisitor": "Los visitantes leen el chat: entra o siéntate en la mesa para escribir.",
  "serverError.chatPlayers": "En el chat de esta mesa solo escriben los jugadores: los espectadores leen.",
  "serverError.slowDown": "Demasiadas peticiones: espera unos segundos.",
  "serverError.hour": "Demasiadas peticiones de este tipo: inténtalo de nuevo en una hora.",
  "serverError.rated": "Entra para jugar en una mesa puntuable.",
  "serverError.resetLink": "Este enlace para poner una contraseña nueva ya se usó o ha caducado.",
  "serverError.over": "La partida ha terminado.",
  "serverError.noPlayer": "Ese jugador no existe.",
  "serverError.noTable": "Esa mesa no existe.",
  "serverError.noCompetition": "Esa competición no existe.",
};
