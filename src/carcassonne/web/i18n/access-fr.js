// Français : les textes du jeu au clavier et au lecteur d’écran : l’aide des
// touches, ce que dit l’annonceur, et le plateau en texte (voir fr.js).

import { forms } from "./plural.js";

const { plural } = forms("fr");

// Articles des zones (feature.*), comme dans fr.js : ville, route et abbaye
// sont féminines, pré et jardin masculins ; une voyelle élide l’article.
const FEMININE = new Set(["ville", "route", "abbaye"]);
const vowel = (w) => /^[aeiouyàâéèêîïôû]/i.test(String(w));
const le = (w) => (vowel(w) ? `l’${w}` : FEMININE.has(w) ? `la ${w}` : `le ${w}`);
const sur = (w) => (w === "route" ? `sur ${le(w)}` : `dans ${le(w)}`);
const nouveau = (w) => (FEMININE.has(w) ? `une nouvelle ${w}` : `un nouveau ${w}`);
// « de » devant un nom de joueur : « d’Anne », « de Bob ».
const de = (name) => (vowel(name) ? `d’${name}` : `de ${name}`);

const POINTS = { one: "# point", many: "# de points", other: "# points" };
const TILES = { one: "# tuile", many: "# de tuiles", other: "# tuiles" };

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
