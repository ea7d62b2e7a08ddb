// Français : les textes du jeu au clavier et au lecteur d’écran : l’aide des
// touches, ce que dit l’annonceur, et le plateau en texte (voir fr.js).

import { forms } from "./plural.js";
import { FEMININE, le, sur, de, POINTS, TILES } from "./grammar-fr.js";

const { plural } = forms("fr");

// Article des zones (feature.*), avec FEMININE de grammar-fr.js.
const nouveau = (w) => (FEMININE.has(w) ? `une nouvelle ${w}` : `un nouveau ${w}`);

export default {
  "keys.board": "Plateau : à votre tour, les flèches déplacent votre tuile",
  "keys.help": "Touches : les flèches déplacent la tuile sur les cases libres, R la tourne, Tab passe à ses emplacements de pion (Espace en choisit un), Entrée valide, Échap la reprend.",
  "announce.square": "{x}, {y}, tournée de {degrees}°",
  "announce.step": "Dragon en {x}, {y} : Entrée pour valider",
  "announce.takenBack": "La tuile est revenue dans votre main.",
  "side.N": "nord",
  "side.E": "est",
  "side.S": "sud",
  "side.W": "ouest",
  "textBoard.title": "Le plateau en texte",
  "textBoard.tiles": "Tuiles sur le plateau",
  "textBoard.squares": "Où votre tuile peut aller",
  "textBoard.at": "{x}, {y} : {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "avec un blason",
  "textBoard.onlyFields": "prés seulement",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} ${de(player)} ${sur(feature)}`,
  "textBoard.held": ({ players }) => `(aux mains ${de(players)})`,
  "textBoard.turned": "tournée de {degrees}° : {what}",
  "textBoard.nothing": "ne rejoint rien",
  "textBoard.completes": ({ feature, tiles }) => `achève ${le(feature)} (${plural(tiles, TILES)})`,
  "textBoard.joins": ({ feature, tiles }) => `étend ${le(feature)} à ${plural(tiles, TILES)}`,
  "textBoard.starts": ({ feature }) => `commence ${nouveau(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} marque ${plural(points, POINTS)}`,
};
