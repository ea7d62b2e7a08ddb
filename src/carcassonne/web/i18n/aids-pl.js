// Polski: teksty przełącznika pomocy i trybu treningowego (zob. pl.js).

import { forms } from "./plural.js";

const { plural } = forms("pl");

export default {
  "aids.label": "Pomoce",
  "aids.on": "Wł.: pozostałe płytki, martwe miejsca, wartość obszarów",
  "aids.off": "Wył. (turniej): tylko dozwolone miejsca",
  "aids.training": "Trening: pomoce i szansa, że następna płytka pasuje w danym miejscu",
  "aids.help": "Wyłączenie ukrywa pozostałe płytki, miejsca, których nie wypełni żadna płytka, i wartość obszarów, dla wszystkich graczy, do końca gry.",
  "aids.offBadge": "Bez pomocy",
  "aids.offHelp": "Tryb turniejowy: bez pozostałych płytek, martwych miejsc i wartości obszarów",
  "aids.trainingBadge": "Trening",
  "aids.trainingHelp": "Pomoce i szansa, że następna płytka pasuje w każdym wolnym miejscu",
  "aids.setupOff": "bez pomocy",
  "aids.setupTraining": "pomoce treningowe",
  "stack.aidsOff": "Przy tym stole pomoce są wyłączone (tryb turniejowy): pozostałe płytki nie są pokazywane.",
  "training.show": "Pokaż szansę, że następna płytka pasuje w każdym wolnym miejscu",
  "training.hide": "Ukryj szanse na wolnych miejscach",
  "training.title": ({ fits, tiles }) => `Z ${plural(tiles, { one: "# płytki", few: "# płytek", many: "# płytek", other: "# płytki" })} możliwych w następnym dobraniu ${plural(fits, { one: "pasuje", few: "pasują", many: "pasuje", other: "pasuje" })} tu ${fits}`,
};
