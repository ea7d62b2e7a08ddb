// Català: les ajudes de gramàtica que comparteixen ca.js i access-ca.js:
// l'article d'una zona, «de» davant d'un nom de jugador i els plurals de
// llosetes i de punts. Vocabulari: docs/glossary/ca.md.

import { forms } from "./plural.js";

const { plural } = forms("ca");

// L'article d'una zona (feature.*): d'aquestes, només «ciutat» és femenina.
export const fem = (word) => word === "ciutat";
export const al = (word) => `${fem(word) ? "a la" : "al"} ${word}`;

// «de» davant d'un nom de jugador: «d'Anna», «de Bernat» (no davant de «<span…»).
export const de = (name) => (/^h?(?![iu][aeiouàèéíòóú])[aeiouàèéíïòóúü]/i.test(String(name)) ? `d'${name}` : `de ${name}`);

export const llosetes = (n) => plural(n, { one: "# lloseta", many: "# de llosetes", other: "# llosetes" });
export const punts = (n) => plural(n, { one: "# punt", many: "# de punts", other: "# punts" });
