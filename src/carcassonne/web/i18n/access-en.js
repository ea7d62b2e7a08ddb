// English: the texts of playing by keyboard and by screen reader: the
// keys' help, what the announcer says, and the board as text (see en.js).

import { forms } from "./plural.js";

const { plural } = forms("en");

export default {
  "keys.board": "Board: on your turn the arrow keys move your tile",
  "keys.help": "Keys: arrows move the tile over the free squares, R turns it, Tab goes to its figure spots (Space chooses one), Enter confirms, Escape takes it back.",
  "announce.square": "{x}, {y}, turned {degrees}°",
  "announce.step": "Dragon to {x}, {y}: Enter to confirm",
  "announce.takenBack": "The tile is back in your hand.",
  "side.N": "north",
  "side.E": "east",
  "side.S": "south",
  "side.W": "west",
  "textBoard.title": "The board as text",
  "textBoard.tiles": "Tiles on the board",
  "textBoard.squares": "Where your tile can go",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "with a coat of arms",
  "textBoard.onlyFields": "fields only",
  "textBoard.figure": "{player}'s {figure} on the {feature}",
  "textBoard.held": "held by {players}",
  "textBoard.turned": "turned {degrees}°: {what}",
  "textBoard.nothing": "joins nothing",
  "textBoard.completes": ({ feature, tiles }) => `completes the ${feature} (${plural(tiles, { one: "# tile", other: "# tiles" })})`,
  "textBoard.joins": ({ feature, tiles }) => `extends the ${feature} to ${plural(tiles, { one: "# tile", other: "# tiles" })}`,
  "textBoard.starts": "starts a new {feature}",
  "textBoard.scores": ({ player, points }) => `${player} scores ${plural(points, { one: "# point", other: "# points" })}`,
};
