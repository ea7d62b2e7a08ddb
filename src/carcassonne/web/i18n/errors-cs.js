// Čeština: odmítnutí serveru, na která hráč narazí na stránkách
// (js/server-errors.js přiřadí anglický text serveru k těmto klíčům).

import { forms } from "./plural.js";

const { plural } = forms("cs");

const inMinutes = (n) => plural(n, { one: "# minutu", few: "# minuty", many: "# minuty", other: "# minut" });

export default {
  "serverError.wrongLogin": "Špatné jméno nebo heslo.",
  "serverError.logIn": "Nejdřív se přihlas.",
  "serverError.nameTaken": "Jméno {name} je už obsazené.",
  "serverError.nameRule": "Jméno má {low} až {high} znaků: písmena, číslice, _ nebo -.",
  "serverError.password": "Heslo má {low} až {high} znaků.",
  "serverError.tooManyLogins": ({ n }) => `Příliš mnoho neúspěšných přihlášení: zkus to znovu za ${inMinutes(n)}.`,
  "serverError.suspended": "Tento účet je pozastavený: nelze se do něj přihlásit.",
  "serverError.suspendedWrite": "Tvůj účet je pozastavený: nemůžeš psát.",
  "serverError.seatsTaken": "Všechna místa jsou obsazená.",
  "serverError.started": "Hra už začala: žádné místo není volné.",
  "serverError.seated": "U tohoto stolu už máš místo.",
  "serverError.chatVisitor": "Návštěvníci chat jen čtou: pro psaní se přihlas nebo si sedni ke stolu.",
  "serverError.chatPlayers": "Do chatu tohoto stolu píšou jen hráči: diváci čtou.",
  "serverError.slowDown": "Příliš mnoho požadavků: počkej pár sekund.",
  "serverError.hour": "Příliš mnoho takových požadavků: zkus to znovu za hodinu.",
  "serverError.rated": "Pro hru u hodnoceného stolu se přihlas.",
  "serverError.resetLink": "Tento odkaz k nastavení nového hesla už byl použit, nebo vypršel.",
  "serverError.over": "Hra skončila.",
  "serverError.noPlayer": "Takový hráč neexistuje.",
  "serverError.noTable": "Takový stůl neexistuje.",
  "serverError.noCompetition": "Taková soutěž neexistuje.",
};
