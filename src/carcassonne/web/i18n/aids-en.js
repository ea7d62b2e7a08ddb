// English: the texts of the aids switch and the training aid (see en.js).

import { forms } from "./plural.js";

const { plural } = forms("en");

export default {
  "aids.label": "Aids",
  "aids.on": "On: tiles left, dead squares, feature values",
  "aids.off": "Off (tournament play): legal squares only",
  "aids.training": "Training: the aids, and the chance the next tile fits each square",
  "aids.help": "Off hides the tiles left, the squares no tile can fill and what a feature is worth, for every player, until the game ends.",
  "aids.offBadge": "No aids",
  "aids.offHelp": "Tournament play: no tiles left, no dead squares, no feature values",
  "aids.trainingBadge": "Training",
  "aids.trainingHelp": "The aids, and the chance the next tile fits each open square",
  "aids.setupOff": "aids off",
  "aids.setupTraining": "training aids",
  "stack.aidsOff": "Aids are off at this table (tournament play): the tiles left are not shown.",
  "training.show": "Show the chance the next tile fits each open square",
  "training.hide": "Hide the chances on the open squares",
  "training.title": ({ fits, tiles }) => `${fits} of the ${plural(tiles, { one: "# tile", other: "# tiles" })} the next draw comes from ${plural(fits, { one: "fits", other: "fit" })} here`,
};
