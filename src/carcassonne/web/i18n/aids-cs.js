// Čeština: texty přepínače pomůcek a cvičného režimu (viz cs.js).

import { forms } from "./plural.js";

const { plural } = forms("cs");

export default {
  "aids.label": "Pomůcky",
  "aids.on": "Zap.: zbylé kartičky, mrtvá políčka, hodnota území",
  "aids.off": "Vyp. (turnaj): jen povolená políčka",
  "aids.training": "Trénink: pomůcky a šance, že další kartička pasuje na každé políčko",
  "aids.help": "Vypnutí skryje zbylé kartičky, políčka, která žádná kartička nezaplní, i hodnotu území, všem hráčům až do konce hry.",
  "aids.offBadge": "Bez pomůcek",
  "aids.offHelp": "Turnajová hra: bez zbylých kartiček, mrtvých políček a hodnoty území",
  "aids.trainingBadge": "Trénink",
  "aids.trainingHelp": "Pomůcky a šance, že další kartička pasuje na každé volné políčko",
  "aids.setupOff": "bez pomůcek",
  "aids.setupTraining": "tréninkové pomůcky",
  "stack.aidsOff": "U tohoto stolu jsou pomůcky vypnuté (turnajová hra): zbylé kartičky se neukazují.",
  "training.show": "Ukázat šanci, že další kartička pasuje na každé volné políčko",
  "training.hide": "Skrýt šance na volných políčkách",
  "training.title": ({ fits, tiles }) => `Z ${plural(tiles, { one: "# kartičky", few: "# kartiček", many: "# kartičky", other: "# kartiček" })} pro další tažení ${plural(fits, { one: "sem pasuje", few: "sem pasují", many: "sem pasuje", other: "sem pasuje" })} ${fits}`,
};
