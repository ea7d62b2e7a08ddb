// English: the texts of watching many boards and of the broadcast layout (see en.js).

import { forms } from "./plural.js";

const { plural } = forms("en");

export default {
  "title.watch": "Live boards",
  "title.broadcast": "Broadcast",
  "watch.title": "Live boards",
  "watch.count": ({ n }) => plural(n, { one: "# board", other: "# boards" }),
  "watch.enlarge": "Enlarge",
  "watch.enlargeTitle": "Show this board large (Esc: back to all boards)",
  "watch.back": "Back to all boards",
  "watch.open": "Open the table",
  "watch.broadcast": "Broadcast view",
  "watch.notStarted": "Not started yet",
  "watch.missing": "There is no such table.",
  "watch.move": ({ n }) => `Move ${n}`,
  "watch.tilesLeft": ({ n }) => plural(n, { one: "# tile left", other: "# tiles left" }),
  "watch.over": "Game over",
  "watch.tooMany": ({ most, n }) => `${n} tables were named; a page shows at most ${most}: the first ${most} are shown.`,
  "watch.noTables": "No table named. List the tables to watch in the address: /watch?tables=ID,ID,…",
  "watch.noRound": ({ n }) => `This competition has no round ${n}.`,
  "watch.badRound": "Name the round to watch in the address: ?round=1.",
  "watch.empty": "No game of this round has started yet.",
  "watch.toEvent": "Back to the competition",
  "watch.roundLink": "Watch all boards",
  "watch.roundLinkTitle": "Every table of this round at once, live",
  "broadcast.link": "Broadcast view",
  "broadcast.linkTitle": "This game large, with clocks and scores and no controls: for streaming",
  "broadcast.lastMove": "Last move",
  "broadcast.noMove": "No move yet.",
};
