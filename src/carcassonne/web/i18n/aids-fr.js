// Français : les textes du réglage des aides et de l’aide à l’entraînement (voir fr.js).

import { forms } from "./plural.js";

const { plural } = forms("fr");

export default {
  "aids.label": "Aides",
  "aids.on": "Activées : tuiles restantes, cases mortes, valeur des zones",
  "aids.off": "Désactivées (tournoi) : cases légales seulement",
  "aids.training": "Entraînement : les aides, et la chance que la tuile suivante aille sur chaque case",
  "aids.help": "Désactivées, elles cachent à tous les joueurs, jusqu’à la fin de la partie, les tuiles restantes, les cases qu’aucune tuile ne peut remplir et la valeur des zones.",
  "aids.offBadge": "Sans aides",
  "aids.offHelp": "Tournoi : ni tuiles restantes, ni cases mortes, ni valeur des zones",
  "aids.trainingBadge": "Entraînement",
  "aids.trainingHelp": "Les aides, et la chance que la tuile suivante aille sur chaque case libre",
  "aids.setupOff": "sans aides",
  "aids.setupTraining": "aides d’entraînement",
  "stack.aidsOff": "Les aides sont désactivées à cette table (tournoi) : les tuiles restantes ne sont pas affichées.",
  "training.show": "Afficher la chance que la tuile suivante aille sur chaque case libre",
  "training.hide": "Masquer les chances sur les cases libres",
  "training.title": ({ fits, tiles }) => `${fits} des ${plural(tiles, { one: "# tuile", many: "# de tuiles", other: "# tuiles" })} de la prochaine pioche ${plural(fits, { one: "va", many: "vont", other: "vont" })} ici`,
};
