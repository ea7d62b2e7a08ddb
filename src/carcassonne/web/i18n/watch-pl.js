// Polski: teksty oglądania wielu plansz i widoku transmisji (zob. pl.js).

import { forms } from "./plural.js";

const { plural } = forms("pl");

export default {
  "title.watch": "Plansze na żywo",
  "title.broadcast": "Transmisja",
  "watch.title": "Plansze na żywo",
  "watch.count": ({ n }) => plural(n, { one: "# plansza", few: "# plansze", many: "# plansz", other: "# planszy" }),
  "watch.enlarge": "Powiększ",
  "watch.enlargeTitle": "Pokaż tę planszę w dużym rozmiarze (Esc: wróć do wszystkich)",
  "watch.back": "Wróć do wszystkich plansz",
  "watch.open": "Otwórz stół",
  "watch.broadcast": "Widok transmisji",
  "watch.notStarted": "Jeszcze się nie zaczęła",
  "watch.missing": "Nie ma takiego stołu.",
  "watch.move": "Ruch {n}",
  "watch.tilesLeft": ({ n }) => plural(n, { one: "została # płytka", few: "zostały # płytki", many: "zostało # płytek", other: "zostało # płytki" }),
  "watch.over": "Koniec gry",
  "watch.tooMany": ({ most, n }) => `Podano stołów: ${n}; strona pokazuje najwyżej ${most}: widać pierwsze ${most}.`,
  "watch.noTables": "Nie podano stołów. Wpisz stoły do oglądania w adresie: /watch?tables=ID,ID,…",
  "watch.noRound": "Te zawody nie mają rundy {n}.",
  "watch.badRound": "Wpisz rundę do oglądania w adresie: ?round=1.",
  "watch.empty": "Żadna gra tej rundy jeszcze się nie zaczęła.",
  "watch.toEvent": "Wróć do zawodów",
  "watch.roundLink": "Oglądaj wszystkie plansze",
  "watch.roundLinkTitle": "Wszystkie stoły tej rundy naraz, na żywo",
  "broadcast.link": "Widok transmisji",
  "broadcast.linkTitle": "Ta gra w dużym rozmiarze, z zegarami i wynikami, bez przycisków: do streamingu",
  "broadcast.lastMove": "Ostatni ruch",
  "broadcast.noMove": "Jeszcze bez ruchu.",
};
