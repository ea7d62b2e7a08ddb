// Español: los textos de la moderación (ver es.js).

import { forms } from "./plural.js";

const { plural } = forms("es");

export default {
  "safety.adminLink": "Moderación",
  "safety.board": "Mensajes",
  "safety.thread": "Hilo del encuentro: {players}",
  "safety.boardPlaceholder": "Escribe a todos los de la competición",
  "safety.threadPlaceholder": "Escribe a tus rivales y al organizador",
  "safety.send": "Enviar",
  "safety.noMessages": "Aún no hay mensajes.",
  "safety.report": "Denunciar",
  "safety.reason": "¿Por qué? (opcional)",
  "safety.sendReport": "Enviar la denuncia",
  "safety.reported": "Denunciado: un moderador lo revisará.",
  "safety.title": "Moderación",
  "safety.open": ({ n }) => plural(n, { one: "# denuncia abierta", many: "# de denuncias abiertas", other: "# denuncias abiertas" }),
  "safety.noReports": "No hay denuncias abiertas.",
  "safety.reportedBy": "Denunciado por {name} · {at}",
  "safety.noReason": "(sin motivo)",
  "safety.account": "Cuenta: {name}",
  "safety.hidden": "oculto",
  "safety.hide": "Ocultar el mensaje",
  "safety.show": "Volver a mostrar el mensaje",
  "safety.suspend": "Suspender a {name}",
  "safety.unsuspend": "Levantar la suspensión de {name}",
  "safety.resolve": "Resolver",
  "safety.channel.table": "mesa {id}",
  "safety.channel.event": "tablón de la competición {id}",
  "safety.channel.match": "hilo de encuentro de la competición {id}",
};
