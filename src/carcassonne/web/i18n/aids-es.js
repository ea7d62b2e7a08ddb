// Español: los textos del interruptor de ayudas y de la ayuda de entrenamiento (ver es.js).

import { forms } from "./plural.js";

const { plural } = forms("es");

export default {
  "aids.label": "Ayudas",
  "aids.on": "Sí: losetas restantes, casillas muertas, valor de las zonas",
  "aids.off": "No (modo torneo): solo casillas legales",
  "aids.training": "Entrenamiento: las ayudas y la probabilidad de que la próxima loseta encaje en cada casilla",
  "aids.help": "«No» oculta a todos, hasta el final de la partida, las losetas restantes, las casillas que ninguna loseta puede llenar y lo que vale cada zona.",
  "aids.offBadge": "Sin ayudas",
  "aids.offHelp": "Modo torneo: sin losetas restantes, casillas muertas ni valor de las zonas",
  "aids.trainingBadge": "Entrenamiento",
  "aids.trainingHelp": "Las ayudas y la probabilidad de que la próxima loseta encaje en cada casilla libre",
  "aids.setupOff": "sin ayudas",
  "aids.setupTraining": "ayudas de entrenamiento",
  "stack.aidsOff": "En esta mesa no hay ayudas (modo torneo): no se muestran las losetas restantes.",
  "training.show": "Mostrar la probabilidad de que la próxima loseta encaje en cada casilla libre",
  "training.hide": "Ocultar las probabilidades en las casillas libres",
  "training.title": ({ fits, tiles }) => `${fits} de ${plural(tiles, { one: "la única loseta", many: "las # de losetas", other: "las # losetas" })} de las que sale la próxima ${plural(fits, { one: "encaja", other: "encajan" })} aquí`,
};
