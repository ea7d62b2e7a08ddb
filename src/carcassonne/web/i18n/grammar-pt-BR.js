// Português (Brasil): as ajudas de gramática que pt-BR.js e access-pt-BR.js
// compartilham: o gênero das construções ("na cidade", "no campo").

// As construções femininas (cidade, estrada) pedem "na"; as outras
// (campo, monastério, jardim) "no".
export const FEMININE = new Set(["cidade", "estrada"]);
export const na = (feature) => `${FEMININE.has(feature) ? "na" : "no"} ${feature}`;
