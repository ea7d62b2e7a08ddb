// Italiano: gli aiuti di grammatica comuni a it.js e access-it.js: la
// preposizione articolata e il genere degli elementi (feature.*), e i
// plurali di tessere e punti.

import { forms } from "./plural.js";

const { plural } = forms("it");

// "sulla strada", "nella città", "nel campo"…: la preposizione articolata
// davanti al nome di un elemento (feature.*), che ha un genere.
export const ON = { "città": "nella città", "strada": "sulla strada", "campo": "nel campo", "monastero": "nel monastero", "giardino": "nel giardino" };
export const on = (feature) => ON[feature] ?? `su ${feature}`;

// Gli elementi femminili: "questa città", "una nuova strada".
export const FEMININE = new Set(["città", "strada"]);

export const tileCount = (n) => plural(n, { one: "# tessera", many: "# di tessere", other: "# tessere" });
export const pointCount = (n) => plural(n, { one: "# punto", many: "# di punti", other: "# punti" });
