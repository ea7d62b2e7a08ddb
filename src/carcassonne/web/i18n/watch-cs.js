// Čeština: texty sledování více ploch a vysílacího zobrazení (viz cs.js).

import { forms } from "./plural.js";

const { plural } = forms("cs");

export default {
  "title.watch": "Plochy živě",
  "title.broadcast": "Vysílání",
  "watch.title": "Plochy živě",
  "watch.count": ({ n }) => plural(n, { one: "# plocha", few: "# plochy", many: "# plochy", other: "# ploch" }),
  "watch.enlarge": "Zvětšit",
  "watch.enlargeTitle": "Ukázat tuto plochu velkou (Esc: zpět na všechny)",
  "watch.back": "Zpět na všechny plochy",
  "watch.open": "Otevřít stůl",
  "watch.broadcast": "Vysílací zobrazení",
  "watch.notStarted": "Ještě nezačala",
  "watch.missing": "Takový stůl neexistuje.",
  "watch.move": "Tah {n}",
  "watch.tilesLeft": ({ n }) => plural(n, { one: "zbývá # kartička", few: "zbývají # kartičky", many: "zbývá # kartičky", other: "zbývá # kartiček" }),
  "watch.over": "Konec hry",
  "watch.tooMany": ({ most, n }) => `Zadaných stolů: ${n}; stránka ukáže nejvýš ${most}: zobrazeno prvních ${most}.`,
  "watch.noTables": "Nejsou zadány stoly. Vypiš stoly ke sledování v adrese: /watch?tables=ID,ID,…",
  "watch.noRound": "Tato soutěž nemá kolo {n}.",
  "watch.badRound": "Zadej kolo ke sledování v adrese: ?round=1.",
  "watch.empty": "Žádná hra tohoto kola ještě nezačala.",
  "watch.toEvent": "Zpět na soutěž",
  "watch.roundLink": "Sledovat všechny plochy",
  "watch.roundLinkTitle": "Všechny stoly tohoto kola najednou, živě",
  "broadcast.link": "Vysílací zobrazení",
  "broadcast.linkTitle": "Tato hra ve velkém, s hodinami a skóre, bez ovládání: pro streamování",
  "broadcast.lastMove": "Poslední tah",
  "broadcast.noMove": "Zatím žádný tah.",
};
