// Português (Brasil): os textos de jogar com o teclado e com leitor de tela:
// a ajuda das teclas, o que o anunciador diz e o tabuleiro em texto (veja pt-BR.js).

import { forms } from "./plural.js";
import { FEMININE, na } from "./grammar-pt-BR.js";

const { plural } = forms("pt-BR");

// As construções femininas (cidade, estrada) pedem "a", "uma nova"; as
// outras (campo, monastério, jardim) "o", "um novo" (FEMININE e na: grammar-pt-BR.js).
const o = (feature) => `${FEMININE.has(feature) ? "a" : "o"} ${feature}`;
const umNovo = (feature) => `${FEMININE.has(feature) ? "uma nova" : "um novo"} ${feature}`;

const TILES = { one: "# cartela", many: "# de cartelas", other: "# cartelas" };
const POINTS = { one: "# ponto", many: "# de pontos", other: "# pontos" };

export default {
  "keys.board": "Tabuleiro: na sua vez, as setas movem sua cartela",
  "keys.help": "Teclas: as setas movem a cartela pelas casas livres, R a gira, Tab vai aos lugares para figura (Espaço escolhe um), Enter confirma, Esc a devolve à mão.",
  "announce.square": "{x}, {y}, girada {degrees}°",
  "announce.step": "Dragão para {x}, {y}: Enter para confirmar",
  "announce.takenBack": "A cartela voltou para a sua mão.",
  "side.N": "norte",
  "side.E": "leste",
  "side.S": "sul",
  "side.W": "oeste",
  "textBoard.title": "O tabuleiro em texto",
  "textBoard.tiles": "Cartelas no tabuleiro",
  "textBoard.squares": "Onde sua cartela pode ir",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "com brasão",
  "textBoard.onlyFields": "só campos",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} de ${player} ${na(feature)}`,
  "textBoard.held": "(com seguidores de {players})",
  "textBoard.turned": "girada {degrees}°: {what}",
  "textBoard.nothing": "não se une a nada",
  "textBoard.completes": ({ feature, tiles }) => `conclui ${o(feature)} (${plural(tiles, TILES)})`,
  "textBoard.joins": ({ feature, tiles }) => `estende ${o(feature)} para ${plural(tiles, TILES)}`,
  "textBoard.starts": ({ feature }) => `começa ${umNovo(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} marca ${plural(points, POINTS)}`,
};
