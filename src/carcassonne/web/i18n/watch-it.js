// Italiano: i testi della visione di più partite e della regia (vedi it.js).

import { forms } from "./plural.js";

const { plural } = forms("it");

export default {
  "title.watch": "Partite dal vivo",
  "title.broadcast": "Diretta",
  "watch.title": "Partite dal vivo",
  "watch.count": ({ n }) => plural(n, { one: "# partita", many: "# di partite", other: "# partite" }),
  "watch.enlarge": "Ingrandisci",
  "watch.enlargeTitle": "Mostra questa partita in grande (Esc: torna a tutte)",
  "watch.back": "Torna a tutte le partite",
  "watch.open": "Apri il tavolo",
  "watch.broadcast": "Vista diretta",
  "watch.notStarted": "Non ancora iniziata",
  "watch.missing": "Questo tavolo non esiste.",
  "watch.move": "Mossa {n}",
  "watch.tilesLeft": ({ n }) => plural(n, { one: "# tessera rimasta", many: "# di tessere rimaste", other: "# tessere rimaste" }),
  "watch.over": "Partita finita",
  "watch.tooMany": "Sono stati indicati {n} tavoli; una pagina ne mostra al massimo {most}: si vedono i primi {most}.",
  "watch.noTables": "Nessun tavolo indicato. Elenca i tavoli da guardare nell'indirizzo: /watch?tables=ID,ID,…",
  "watch.noRound": "Questa competizione non ha un turno {n}.",
  "watch.badRound": "Indica il turno da guardare nell'indirizzo: ?round=1.",
  "watch.empty": "Nessuna partita di questo turno è ancora iniziata.",
  "watch.toEvent": "Torna alla competizione",
  "watch.roundLink": "Guarda tutte le partite",
  "watch.roundLinkTitle": "Tutti i tavoli di questo turno insieme, dal vivo",
  "broadcast.link": "Vista diretta",
  "broadcast.linkTitle": "Questa partita in grande, con orologi e punteggi e senza comandi: per lo streaming",
  "broadcast.lastMove": "Ultima mossa",
  "broadcast.noMove": "Ancora nessuna mossa.",
};
