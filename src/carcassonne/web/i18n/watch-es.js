// Español: los textos de ver muchos tableros y de la vista de retransmisión (ver es.js).

import { forms } from "./plural.js";

const { plural } = forms("es");

export default {
  "title.watch": "Tableros en directo",
  "title.broadcast": "Retransmisión",
  "watch.title": "Tableros en directo",
  "watch.count": ({ n }) => plural(n, { one: "# tablero", many: "# de tableros", other: "# tableros" }),
  "watch.enlarge": "Ampliar",
  "watch.enlargeTitle": "Ver este tablero en grande (Esc: volver a todos)",
  "watch.back": "Volver a todos los tableros",
  "watch.open": "Abrir la mesa",
  "watch.broadcast": "Vista de retransmisión",
  "watch.notStarted": "Aún sin empezar",
  "watch.missing": "Esa mesa no existe.",
  "watch.move": ({ n }) => `Jugada ${n}`,
  "watch.tilesLeft": ({ n }) => plural(n, { one: "queda # loseta", many: "quedan # de losetas", other: "quedan # losetas" }),
  "watch.over": "Fin de la partida",
  "watch.tooMany": ({ most, n }) => `Se indicaron ${n} mesas; una página muestra como máximo ${most}: se muestran las ${most} primeras.`,
  "watch.noTables": "No se indicó ninguna mesa. Pon en la dirección las mesas que ver: /watch?tables=ID,ID,…",
  "watch.noRound": ({ n }) => `Esta competición no tiene ronda ${n}.`,
  "watch.badRound": "Indica en la dirección la ronda que ver: ?round=1.",
  "watch.empty": "Aún no ha empezado ninguna partida de esta ronda.",
  "watch.toEvent": "Volver a la competición",
  "watch.roundLink": "Ver todos los tableros",
  "watch.roundLinkTitle": "Todas las mesas de esta ronda a la vez, en directo",
  "broadcast.link": "Vista de retransmisión",
  "broadcast.linkTitle": "Esta partida en grande, con relojes y puntos y sin controles: para retransmitir",
  "broadcast.lastMove": "Última jugada",
  "broadcast.noMove": "Aún no hay jugadas.",
};
