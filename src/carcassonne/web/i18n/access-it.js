// Italiano: i testi per giocare con la tastiera e con uno screen reader: la
// guida ai tasti, ciò che dice l'annunciatore e la mappa come testo (vedi it.js).

import { on, FEMININE, tileCount, pointCount } from "./grammar-it.js";

// L'articolo davanti al nome di un elemento (feature.*), che ha un genere:
// "la città", "il campo" (la preposizione è in grammar-it.js).
const THE = { "città": "la città", "strada": "la strada", "campo": "il campo", "monastero": "il monastero", "giardino": "il giardino" };
const the = (feature) => THE[feature] ?? feature;
const aNew = (feature) => `${FEMININE.has(feature) ? "una nuova" : "un nuovo"} ${feature}`;

export default {
  "keys.board": "Mappa: nel tuo turno le frecce muovono la tua tessera",
  "keys.help": "Tasti: le frecce muovono la tessera sulle caselle libere, R la ruota, Tab va ai suoi posti per le figure (Spazio ne sceglie uno), Invio conferma, Esc la riprende.",
  "announce.square": "{x}, {y}, ruotata di {degrees}°",
  "announce.step": "Drago in {x}, {y}: Invio per confermare",
  "announce.takenBack": "La tessera è tornata nella tua mano.",
  "side.N": "nord",
  "side.E": "est",
  "side.S": "sud",
  "side.W": "ovest",
  "textBoard.title": "La mappa come testo",
  "textBoard.tiles": "Tessere sulla mappa",
  "textBoard.squares": "Dove può andare la tua tessera",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "con stemma",
  "textBoard.onlyFields": "solo campi",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} di ${player} ${on(feature)}`,
  "textBoard.held": "(con seguaci di {players})",
  "textBoard.turned": "ruotata di {degrees}°: {what}",
  "textBoard.nothing": "non si unisce a nulla",
  "textBoard.completes": ({ feature, tiles }) => `completa ${the(feature)} (${tileCount(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `estende ${the(feature)} a ${tileCount(tiles)}`,
  "textBoard.starts": ({ feature }) => `inizia ${aNew(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} fa ${pointCount(points)}`,
};
