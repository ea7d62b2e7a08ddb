// Español: las ayudas de gramática que comparten es.js y access-es.js: el
// artículo de una zona y los plurales de losetas y de puntos.
// Vocabulario: docs/glossary/es.md.

import { forms } from "./plural.js";

const { plural } = forms("es");

// El artículo de una zona (feature.*): de ellas, solo «ciudad» es femenina.
export const fem = (word) => word === "ciudad";
export const el = (word) => `${fem(word) ? "la" : "el"} ${word}`;

export const losetas = (n) => plural(n, { one: "# loseta", many: "# de losetas", other: "# losetas" });
export const puntos = (n) => plural(n, { one: "# punto", many: "# de puntos", other: "# puntos" });
