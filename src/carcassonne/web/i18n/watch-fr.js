// Français : les textes du suivi de plusieurs plateaux et de la vue de diffusion (voir fr.js).

import { forms } from "./plural.js";

const { plural } = forms("fr");

export default {
  "title.watch": "Parties en direct",
  "title.broadcast": "Diffusion",
  "watch.title": "Parties en direct",
  "watch.count": ({ n }) => plural(n, { one: "# plateau", many: "# de plateaux", other: "# plateaux" }),
  "watch.enlarge": "Agrandir",
  "watch.enlargeTitle": "Afficher ce plateau en grand (Esc : retour à tous les plateaux)",
  "watch.back": "Retour à tous les plateaux",
  "watch.open": "Ouvrir la table",
  "watch.broadcast": "Vue diffusion",
  "watch.notStarted": "Pas encore commencée",
  "watch.missing": "Cette table n’existe pas.",
  "watch.move": ({ n }) => `Coup ${n}`,
  "watch.tilesLeft": ({ n }) => plural(n, { one: "# tuile restante", many: "# de tuiles restantes", other: "# tuiles restantes" }),
  "watch.over": "Partie terminée",
  "watch.tooMany": ({ most, n }) => `${n} tables demandées ; une page en montre au plus ${most} : les ${most} premières sont affichées.`,
  "watch.noTables": "Aucune table indiquée. Listez les tables à suivre dans l’adresse : /watch?tables=ID,ID,…",
  "watch.noRound": ({ n }) => `Cette compétition n’a pas de ronde ${n}.`,
  "watch.badRound": "Indiquez la ronde à suivre dans l’adresse : ?round=1.",
  "watch.empty": "Aucune partie de cette ronde n’a encore commencé.",
  "watch.toEvent": "Retour à la compétition",
  "watch.roundLink": "Suivre tous les plateaux",
  "watch.roundLinkTitle": "Toutes les tables de cette ronde à la fois, en direct",
  "broadcast.link": "Vue diffusion",
  "broadcast.linkTitle": "Cette partie en grand, avec pendules et scores, sans commandes : pour le streaming",
  "broadcast.lastMove": "Dernier coup",
  "broadcast.noMove": "Pas encore de coup.",
};
