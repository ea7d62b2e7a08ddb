// Català: els textos de mirar molts taulers i de la vista de retransmissió (vegeu ca.js).

import { forms } from "./plural.js";

const { plural } = forms("ca");

export default {
  "title.watch": "Taulers en directe",
  "title.broadcast": "Retransmissió",
  "watch.title": "Taulers en directe",
  "watch.count": ({ n }) => plural(n, { one: "# tauler", many: "# de taulers", other: "# taulers" }),
  "watch.enlarge": "Amplia",
  "watch.enlargeTitle": "Mostra aquest tauler en gran (Esc: torna a tots)",
  "watch.back": "Torna a tots els taulers",
  "watch.open": "Obre la taula",
  "watch.broadcast": "Vista de retransmissió",
  "watch.notStarted": "Encara sense començar",
  "watch.missing": "Aquesta taula no existeix.",
  "watch.move": ({ n }) => `Jugada ${n}`,
  "watch.tilesLeft": ({ n }) => plural(n, { one: "queda # lloseta", many: "queden # de llosetes", other: "queden # llosetes" }),
  "watch.over": "Fi de la partida",
  "watch.tooMany": ({ most, n }) => `S'han indicat ${n} taules; una pàgina en mostra com a màxim ${most}: es mostren les ${most} primeres.`,
  "watch.noTables": "No s'ha indicat cap taula. Posa a l'adreça les taules que vols mirar: /watch?tables=ID,ID,…",
  "watch.noRound": ({ n }) => `Aquesta competició no té ronda ${n}.`,
  "watch.badRound": "Indica a l'adreça la ronda que vols mirar: ?round=1.",
  "watch.empty": "Encara no ha començat cap partida d'aquesta ronda.",
  "watch.toEvent": "Torna a la competició",
  "watch.roundLink": "Mira tots els taulers",
  "watch.roundLinkTitle": "Totes les taules d'aquesta ronda alhora, en directe",
  "broadcast.link": "Vista de retransmissió",
  "broadcast.linkTitle": "Aquesta partida en gran, amb rellotges i punts i sense controls: per retransmetre",
  "broadcast.lastMove": "Última jugada",
  "broadcast.noMove": "Encara no hi ha cap jugada.",
};
