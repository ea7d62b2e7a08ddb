// Čeština: texty pro hru klávesnicí a se čtečkou obrazovky: nápověda ke
// klávesám, hlášení čtečky a herní plocha jako text (viz cs.js).

import { forms } from "./plural.js";
import { ON, tilesN, pts } from "./grammar-cs.js";

const { plural } = forms("cs");

// Názvy území (feature.* z cs.js) v pádech, které věta potřebuje;
// neznámý název zůstane v 1. pádě.
const WHAT = { cesta: "cestu", město: "město", louka: "louku", klášter: "klášter", zahrada: "zahradu" };
const NEW = { cesta: "novou cestu", město: "nové město", louka: "novou louku", klášter: "nový klášter", zahrada: "novou zahradu" };
const what = (feature) => WHAT[feature] ?? feature;
const toTiles = (n) => plural(n, { one: "# kartičku", few: "# kartičky", many: "# kartičky", other: "# kartiček" });

export default {
  "keys.board": "Herní plocha: ve tvém tahu šipky posouvají tvou kartičku",
  "keys.help": "Klávesy: šipky posouvají kartičku po volných políčkách, R ji otáčí, Tab přechází na místa pro figurky (mezerník jedno vybere), Enter potvrzuje, Esc ji bere zpět.",
  "announce.square": "{x}, {y}, otočeno o {degrees}°",
  "announce.step": "Drak na {x}, {y}: Enter pro potvrzení",
  "announce.takenBack": "Kartička je zpět v tvé ruce.",
  "side.N": "sever",
  "side.E": "východ",
  "side.S": "jih",
  "side.W": "západ",
  "textBoard.title": "Herní plocha jako text",
  "textBoard.tiles": "Kartičky na ploše",
  "textBoard.squares": "Kam můžeš položit kartičku",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "s erbem",
  "textBoard.onlyFields": "jen louky",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} hráče ${player} ${ON[feature] ?? `(${feature})`}`,
  "textBoard.held": "(obsazeno: {players})",
  "textBoard.turned": "otočeno o {degrees}°: {what}",
  "textBoard.nothing": "nic nespojí",
  "textBoard.completes": ({ feature, tiles }) => `dokončí ${what(feature)} (${tilesN(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `rozšíří ${what(feature)} na ${toTiles(tiles)}`,
  "textBoard.starts": ({ feature }) => `začne ${NEW[feature] ?? `nové území: ${feature}`}`,
  "textBoard.scores": ({ player, points }) => `${player} získá ${pts(points)}`,
};
