// Deutsch: die Texte des Hilfen-Schalters und der Trainingshilfe (siehe de.js).

import { forms } from "./plural.js";

const { plural } = forms("de");

export default {
  "aids.label": "Hilfen",
  "aids.on": "An: restliche Plättchen, tote Felder, Werte der Gebiete",
  "aids.off": "Aus (Turnier): nur erlaubte Felder",
  "aids.training": "Training: die Hilfen und die Chance, dass das nächste Plättchen auf jedes Feld passt",
  "aids.help": "Aus verbirgt für alle Spieler bis zum Spielende die restlichen Plättchen, die Felder, die kein Plättchen füllen kann, und den Wert der Gebiete.",
  "aids.offBadge": "Ohne Hilfen",
  "aids.offHelp": "Turnier: keine restlichen Plättchen, keine toten Felder, keine Werte der Gebiete",
  "aids.trainingBadge": "Training",
  "aids.trainingHelp": "Die Hilfen und die Chance, dass das nächste Plättchen auf jedes offene Feld passt",
  "aids.setupOff": "ohne Hilfen",
  "aids.setupTraining": "Trainingshilfen",
  "stack.aidsOff": "Die Hilfen sind an diesem Tisch aus (Turnier): die restlichen Plättchen werden nicht gezeigt.",
  "training.show": "Chance zeigen, dass das nächste Plättchen auf jedes offene Feld passt",
  "training.hide": "Chancen auf den offenen Feldern ausblenden",
  "training.title": ({ fits, tiles }) => `Von den ${plural(tiles, { one: "# Plättchen", other: "# Plättchen" })}, aus denen als Nächstes gezogen wird, ${plural(fits, { one: "passt # hier", other: "passen # hier" })}`,
};
