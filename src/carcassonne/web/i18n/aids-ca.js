// Català: els textos de l'interruptor d'ajudes i de l'ajuda d'entrenament (vegeu ca.js).

import { forms } from "./plural.js";

const { plural } = forms("ca");

export default {
  "aids.label": "Ajudes",
  "aids.on": "Sí: llosetes restants, caselles mortes, valor de les zones",
  "aids.off": "No (mode torneig): només caselles legals",
  "aids.training": "Entrenament: les ajudes i la probabilitat que la propera lloseta encaixi a cada casella",
  "aids.help": "«No» amaga a tothom, fins al final de la partida, les llosetes restants, les caselles que cap lloseta no pot omplir i el que val cada zona.",
  "aids.offBadge": "Sense ajudes",
  "aids.offHelp": "Mode torneig: sense llosetes restants, caselles mortes ni valor de les zones",
  "aids.trainingBadge": "Entrenament",
  "aids.trainingHelp": "Les ajudes i la probabilitat que la propera lloseta encaixi a cada casella lliure",
  "aids.setupOff": "sense ajudes",
  "aids.setupTraining": "ajudes d'entrenament",
  "stack.aidsOff": "En aquesta taula no hi ha ajudes (mode torneig): no es mostren les llosetes restants.",
  "training.show": "Mostra la probabilitat que la propera lloseta encaixi a cada casella lliure",
  "training.hide": "Amaga les probabilitats de les caselles lliures",
  "training.title": ({ fits, tiles }) => `${fits} de ${plural(tiles, { one: "l'única lloseta", many: "les # de llosetes", other: "les # llosetes" })} d'on surt la propera ${plural(fits, { one: "encaixa", other: "encaixen" })} aquí`,
};
