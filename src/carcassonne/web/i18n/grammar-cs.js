// Čeština: mluvnické pomůcky, které sdílejí cs.js a access-cs.js: názvy
// území v 6. pádě („na cestě“) a množné číslo kartiček a bodů.

import { forms } from "./plural.js";

const { plural } = forms("cs");

// Názvy území (feature.* z cs.js) v 6. pádě.
export const ON = { cesta: "na cestě", město: "ve městě", louka: "na louce", klášter: "v klášteře", zahrada: "v zahradě" };

export const tilesN = (n) => plural(n, { one: "# kartička", few: "# kartičky", many: "# kartičky", other: "# kartiček" });
export const pts = (n) => plural(n, { one: "# bod", few: "# body", many: "# bodu", other: "# bodů" });
