// Português (Brasil): os textos de assistir a vários tabuleiros e da tela de transmissão (ver en.js).

import { forms } from "./plural.js";

const { plural } = forms("pt-BR");

export default {
  "title.watch": "Tabuleiros ao vivo",
  "title.broadcast": "Transmissão",
  "watch.title": "Tabuleiros ao vivo",
  "watch.count": ({ n }) => plural(n, { one: "# tabuleiro", many: "# de tabuleiros", other: "# tabuleiros" }),
  "watch.enlarge": "Ampliar",
  "watch.enlargeTitle": "Mostrar este tabuleiro grande (Esc: voltar a todos)",
  "watch.back": "Voltar aos tabuleiros",
  "watch.open": "Abrir a mesa",
  "watch.broadcast": "Tela de transmissão",
  "watch.notStarted": "Ainda não começou",
  "watch.missing": "Essa mesa não existe.",
  "watch.move": "Jogada {n}",
  "watch.tilesLeft": ({ n }) => plural(n, { one: "# cartela restante", many: "# de cartelas restantes", other: "# cartelas restantes" }),
  "watch.over": "Fim de jogo",
  "watch.tooMany": "{n} mesas foram indicadas; uma página mostra no máximo {most}: aparecem as {most} primeiras.",
  "watch.noTables": "Nenhuma mesa indicada. Liste as mesas a assistir no endereço: /watch?tables=ID,ID,…",
  "watch.noRound": "Esta competição não tem rodada {n}.",
  "watch.badRound": "Indique a rodada a assistir no endereço: ?round=1.",
  "watch.empty": "Nenhuma partida desta rodada começou ainda.",
  "watch.toEvent": "Voltar à competição",
  "watch.roundLink": "Ver todos os tabuleiros",
  "watch.roundLinkTitle": "Todas as mesas desta rodada ao mesmo tempo, ao vivo",
  "broadcast.link": "Tela de transmissão",
  "broadcast.linkTitle": "Esta partida em tamanho grande, com relógios e placar e sem controles: para transmissão ao vivo",
  "broadcast.lastMove": "Última jogada",
  "broadcast.noMove": "Nenhuma jogada ainda.",
};
