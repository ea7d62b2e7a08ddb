// Français : les aides de grammaire communes à fr.js et access-fr.js : les
// articles des zones, « de » devant un nom de joueur, et les pluriels des
// points et des tuiles.

// Articles des zones (feature.*) : ville, route et abbaye sont féminines,
// pré et jardin masculins ; une voyelle élide l’article.
export const FEMININE = new Set(["ville", "route", "abbaye"]);
export const vowel = (w) => /^[aeiouyàâéèêîïôû]/i.test(String(w));
export const le = (w) => (vowel(w) ? `l’${w}` : FEMININE.has(w) ? `la ${w}` : `le ${w}`);
export const sur = (w) => (w === "route" ? `sur ${le(w)}` : `dans ${le(w)}`);

// « de » devant un nom de joueur : « d’Anne », « de Bob ».
export const de = (name) => (vowel(name) ? `d’${name}` : `de ${name}`);

export const POINTS = { one: "# point", many: "# de points", other: "# points" };
export const TILES = { one: "# tuile", many: "# de tuiles", other: "# tuiles" };
