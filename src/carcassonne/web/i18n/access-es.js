// Español: los textos para jugar con el teclado y con un lector de pantalla:
// la ayuda de las teclas, lo que dice el anunciador y el tablero como texto
// (ver es.js). Vocabulario: docs/glossary/es.md.

import { fem, el, losetas, puntos } from "./grammar-es.js";

// El artículo de una zona (feature.*), con fem de grammar-es.js.
const unNuevo = (word) => `${fem(word) ? "una nueva" : "un nuevo"} ${word}`;

export default {
  "keys.board": "Tablero: en tu turno, las flechas mueven tu loseta",
  "keys.help": "Teclas: las flechas mueven la loseta por las casillas libres, R la gira, Tab va a sus sitios para figuras (Espacio elige uno), Intro confirma, Esc la devuelve a tu mano.",
  "announce.square": "{x}, {y}, girada {degrees}°",
  "announce.step": "Dragón a {x}, {y}: Intro para confirmar",
  "announce.takenBack": "La loseta vuelve a estar en tu mano.",
  "side.N": "norte",
  "side.E": "este",
  "side.S": "sur",
  "side.W": "oeste",
  "textBoard.title": "El tablero como texto",
  "textBoard.tiles": "Losetas en el tablero",
  "textBoard.squares": "Dónde puede ir tu loseta",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "con escudo",
  "textBoard.onlyFields": "solo campos",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} de ${player} en ${el(feature)}`,
  "textBoard.held": "(con seguidores de {players})",
  "textBoard.turned": "girada {degrees}°: {what}",
  "textBoard.nothing": "no se une a nada",
  "textBoard.completes": ({ feature, tiles }) => `completa ${el(feature)} (${losetas(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `amplía ${el(feature)} a ${losetas(tiles)}`,
  "textBoard.starts": ({ feature }) => `empieza ${unNuevo(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} gana ${puntos(points)}`,
};
