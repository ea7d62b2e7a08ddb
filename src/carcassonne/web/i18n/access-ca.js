// Català: els textos per jugar amb el teclat i amb un lector de pantalla:
// l'ajuda de les tecles, el que diu l'anunciador i el tauler com a text
// (vegeu ca.js). Vocabulari: docs/glossary/ca.md.

import { fem, al, de, llosetes, punts } from "./grammar-ca.js";

// L'article d'una zona (feature.*), amb fem de grammar-ca.js.
const el = (word) => `${fem(word) ? "la" : "el"} ${word}`;
const unNou = (word) => `${fem(word) ? "una nova" : "un nou"} ${word}`;

export default {
  "keys.board": "Tauler: en el teu torn, les fletxes mouen la teva lloseta",
  "keys.help": "Tecles: les fletxes mouen la lloseta per les caselles lliures, R la gira, Tab va als seus llocs per a figures (Espai en tria un), Intro confirma, Esc la torna a la teva mà.",
  "announce.square": "{x}, {y}, girada {degrees}°",
  "announce.step": "Drac a {x}, {y}: Intro per confirmar",
  "announce.takenBack": "La lloseta torna a ser a la teva mà.",
  "side.N": "nord",
  "side.E": "est",
  "side.S": "sud",
  "side.W": "oest",
  "textBoard.title": "El tauler com a text",
  "textBoard.tiles": "Llosetes al tauler",
  "textBoard.squares": "On pot anar la teva lloseta",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "amb escut",
  "textBoard.onlyFields": "només camps",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} ${de(player)} ${al(feature)}`,
  "textBoard.held": ({ players }) => `(amb seguidors ${de(players)})`,
  "textBoard.turned": "girada {degrees}°: {what}",
  "textBoard.nothing": "no s'uneix a res",
  "textBoard.completes": ({ feature, tiles }) => `completa ${el(feature)} (${llosetes(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `amplia ${el(feature)} a ${llosetes(tiles)}`,
  "textBoard.starts": ({ feature }) => `comença ${unNou(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} guanya ${punts(points)}`,
};
