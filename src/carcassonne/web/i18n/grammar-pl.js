// Polski: funkcje pomocnicze do gramatyki, wspólne dla pl.js i access-pl.js:
// nazwy obszarów w miejscowniku („na trakcie”) oraz liczba mnoga płytek i punktów.

import { forms } from "./plural.js";

const { plural } = forms("pl");

// Nazwy obszarów (feature.* z pl.js) w miejscowniku.
export const ON = { trakt: "na trakcie", miasto: "w mieście", pole: "na polu", klasztor: "w klasztorze", ogród: "w ogrodzie" };

export const tilesN = (n) => plural(n, { one: "# płytka", few: "# płytki", many: "# płytek", other: "# płytki" });
export const pts = (n) => plural(n, { one: "# punkt", few: "# punkty", many: "# punktów", other: "# punktu" });
