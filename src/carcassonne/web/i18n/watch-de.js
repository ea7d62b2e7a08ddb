// Deutsch: die Texte der Übersicht mehrerer Spielfelder und der Übertragungsansicht (siehe de.js).

import { forms } from "./plural.js";

const { plural } = forms("de");

export default {
  "title.watch": "Live-Spielfelder",
  "title.broadcast": "Übertragung",
  "watch.title": "Live-Spielfelder",
  "watch.count": ({ n }) => plural(n, { one: "# Spielfeld", other: "# Spielfelder" }),
  "watch.enlarge": "Vergrößern",
  "watch.enlargeTitle": "Dieses Spielfeld groß zeigen (Esc: zurück zu allen)",
  "watch.back": "Zurück zu allen Spielfeldern",
  "watch.open": "Tisch öffnen",
  "watch.broadcast": "Übertragungsansicht",
  "watch.notStarted": "Noch nicht begonnen",
  "watch.missing": "Diesen Tisch gibt es nicht.",
  "watch.move": ({ n }) => `Zug ${n}`,
  "watch.tilesLeft": ({ n }) => plural(n, { one: "noch # Plättchen", other: "noch # Plättchen" }),
  "watch.over": "Spielende",
  "watch.tooMany": ({ most, n }) => `${n} Tische wurden genannt; eine Seite zeigt höchstens ${most}: die ersten ${most} werden gezeigt.`,
  "watch.noTables": "Kein Tisch genannt. Gib die Tische in der Adresse an: /watch?tables=ID,ID,…",
  "watch.noRound": ({ n }) => `Dieser Wettbewerb hat keine Runde ${n}.`,
  "watch.badRound": "Gib die Runde in der Adresse an: ?round=1.",
  "watch.empty": "Noch keine Partie dieser Runde hat begonnen.",
  "watch.toEvent": "Zurück zum Wettbewerb",
  "watch.roundLink": "Alle Spielfelder ansehen",
  "watch.roundLinkTitle": "Alle Tische dieser Runde auf einmal, live",
  "broadcast.link": "Übertragungsansicht",
  "broadcast.linkTitle": "Diese Partie groß, mit Uhren und Punkten und ohne Bedienelemente: zum Streamen",
  "broadcast.lastMove": "Letzter Zug",
  "broadcast.noMove": "Noch kein Zug.",
};
