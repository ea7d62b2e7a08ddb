// Português (Brasil): os textos da chave de ajudas e da ajuda de treino (ver en.js).

import { forms } from "./plural.js";

const { plural } = forms("pt-BR");

export default {
  "aids.label": "Ajudas",
  "aids.on": "Ligadas: cartelas restantes, casas mortas, valores",
  "aids.off": "Desligadas (torneio): só casas válidas",
  "aids.training": "Treino: as ajudas e a chance de a próxima cartela encaixar em cada casa",
  "aids.help": "Desligadas, escondem as cartelas restantes, as casas que nenhuma cartela preenche e o valor de cada construção, para todos, até o fim da partida.",
  "aids.offBadge": "Sem ajudas",
  "aids.offHelp": "Torneio: sem cartelas restantes, casas mortas nem valores",
  "aids.trainingBadge": "Treino",
  "aids.trainingHelp": "As ajudas e a chance de a próxima cartela encaixar em cada casa livre",
  "aids.setupOff": "sem ajudas",
  "aids.setupTraining": "ajudas de treino",
  "stack.aidsOff": "Ajudas desligadas nesta mesa (torneio): as cartelas restantes não aparecem.",
  "training.show": "Mostrar a chance de a próxima cartela encaixar em cada casa livre",
  "training.hide": "Esconder as chances nas casas livres",
  "training.title": ({ fits, tiles }) => `${fits} ${plural(tiles, { one: "da # cartela", many: "das # de cartelas", other: "das # cartelas" })} da próxima compra ${plural(fits, { one: "encaixa", other: "encaixam" })} aqui`,
};
