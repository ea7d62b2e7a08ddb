// Italiano: i testi degli aiuti e dell'aiuto all'allenamento (vedi it.js).

import { forms } from "./plural.js";

const { plural } = forms("it");

export default {
  "aids.label": "Aiuti",
  "aids.on": "Attivi: tessere rimaste, caselle morte, valore degli elementi",
  "aids.off": "Disattivi (gioco da torneo): solo le caselle legali",
  "aids.training": "Allenamento: gli aiuti e la probabilità che la tessera successiva entri in ogni casella",
  "aids.help": "Disattivi nasconde, a ogni giocatore e fino alla fine della partita, le tessere rimaste, le caselle che nessuna tessera può riempire e quanto vale un elemento.",
  "aids.offBadge": "Senza aiuti",
  "aids.offHelp": "Gioco da torneo: niente tessere rimaste, caselle morte o valore degli elementi",
  "aids.trainingBadge": "Allenamento",
  "aids.trainingHelp": "Gli aiuti e la probabilità che la tessera successiva entri in ogni casella libera",
  "aids.setupOff": "aiuti disattivi",
  "aids.setupTraining": "aiuti di allenamento",
  "stack.aidsOff": "A questo tavolo gli aiuti sono disattivi (gioco da torneo): le tessere rimaste non si vedono.",
  "training.show": "Mostra la probabilità che la tessera successiva entri in ogni casella libera",
  "training.hide": "Nascondi le probabilità sulle caselle libere",
  "training.title": ({ fits, tiles }) => `Qui ${plural(fits, { one: "entra", other: "entrano" })} ${fits} su ${plural(tiles, { one: "# tessera", many: "# di tessere", other: "# tessere" })} da cui verrà la prossima pescata`,
};
