// Polski: teksty gry klawiaturą i z czytnikiem ekranu: pomoc do klawiszy,
// komunikaty czytnika i plansza jako tekst (zob. pl.js).

import { forms } from "./plural.js";
import { ON, tilesN, pts } from "./grammar-pl.js";

const { plural } = forms("pl");

// Nazwy obszarów (feature.* z pl.js) w formie, której wymaga zdanie;
// nieznana nazwa zostaje w mianowniku.
const NEW = { trakt: "nowy trakt", miasto: "nowe miasto", klasztor: "nowy klasztor", ogród: "nowy ogród", pole: "nowe pole" };
const toTiles = (n) => plural(n, { one: "# płytki", few: "# płytek", many: "# płytek", other: "# płytki" });

export default {
  "keys.board": "Plansza: w twojej turze strzałki przesuwają twoją płytkę",
  "keys.help": "Klawisze: strzałki przesuwają płytkę po wolnych miejscach, R ją obraca, Tab przechodzi do miejsc na figury (spacja wybiera jedno), Enter zatwierdza, Esc ją cofa.",
  "announce.square": "{x}, {y}, obrót o {degrees}°",
  "announce.step": "Smok na {x}, {y}: Enter, by zatwierdzić",
  "announce.takenBack": "Płytka wróciła do twojej ręki.",
  "side.N": "północ",
  "side.E": "wschód",
  "side.S": "południe",
  "side.W": "zachód",
  "textBoard.title": "Plansza jako tekst",
  "textBoard.tiles": "Płytki na planszy",
  "textBoard.squares": "Gdzie pasuje twoja płytka",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "z herbem",
  "textBoard.onlyFields": "same pola",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} gracza ${player} ${ON[feature] ?? `(${feature})`}`,
  "textBoard.held": "(należy do: {players})",
  "textBoard.turned": "obrót o {degrees}°: {what}",
  "textBoard.nothing": "niczego nie połączy",
  "textBoard.completes": ({ feature, tiles }) => `ukończy ${feature} (${tilesN(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `rozbuduje ${feature} do ${toTiles(tiles)}`,
  "textBoard.starts": ({ feature }) => `zacznie ${NEW[feature] ?? `nowy obszar: ${feature}`}`,
  "textBoard.scores": ({ player, points }) => `${player} zdobędzie ${pts(points)}`,
};
