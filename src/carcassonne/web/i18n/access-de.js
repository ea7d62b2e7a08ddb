// Deutsch: die Texte zum Spielen mit Tastatur und Screenreader: die Hilfe zu
// den Tasten, was die Ansage sagt, und das Spielfeld als Text (siehe de.js).

import { forms } from "./plural.js";

const { plural } = forms("de");

// Artikel je Gebiet (die Wörter von feature.*), im Deutschen nach Geschlecht.
const THE = { Stadt: "die Stadt", Straße: "die Straße", Kloster: "das Kloster", Garten: "den Garten", Wiese: "die Wiese" };
const WITH_A = { Stadt: "mit einer Stadt", Straße: "mit einer Straße", Kloster: "mit einem Kloster", Garten: "mit einem Garten", Wiese: "mit einer Wiese" };
const tileCount = (n) => plural(n, { one: "# Plättchen", other: "# Plättchen" });

export default {
  "keys.board": "Spielfeld: in deinem Zug bewegen die Pfeiltasten dein Plättchen",
  "keys.help": "Tasten: Pfeile bewegen das Plättchen über die freien Felder, R dreht es, Tab geht zu seinen Figurenplätzen (Leertaste wählt einen), Enter bestätigt, Escape nimmt es zurück.",
  "announce.square": "{x}, {y}, gedreht um {degrees}°",
  "announce.step": "Drache nach {x}, {y}: Enter zum Bestätigen",
  "announce.takenBack": "Das Plättchen ist wieder auf deiner Hand.",
  "side.N": "Norden",
  "side.E": "Osten",
  "side.S": "Süden",
  "side.W": "Westen",
  "textBoard.title": "Das Spielfeld als Text",
  "textBoard.tiles": "Plättchen auf dem Spielfeld",
  "textBoard.squares": "Wohin dein Plättchen passt",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "mit Wappen",
  "textBoard.onlyFields": "nur Wiesen",
  "textBoard.figure": "{figure} von {player} ({feature})",
  "textBoard.held": "besetzt von {players}",
  "textBoard.turned": "gedreht um {degrees}°: {what}",
  "textBoard.nothing": "verbindet nichts",
  "textBoard.completes": ({ feature, tiles }) => `schließt ${THE[feature] ?? feature} ab (${tileCount(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `verbindet sich ${WITH_A[feature] ?? `mit: ${feature}`} (dann ${tileCount(tiles)})`,
  "textBoard.starts": "neues Gebiet: {feature}",
  "textBoard.scores": ({ player, points }) => `${player} bekommt ${plural(points, { one: "# Punkt", other: "# Punkte" })}`,
};
