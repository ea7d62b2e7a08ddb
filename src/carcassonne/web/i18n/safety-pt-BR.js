// Português (Brasil): os textos de moderação (ver en.js).

import { forms } from "./plural.js";

const { plural } = forms("pt-BR");

export default {
  "safety.adminLink": "Moderação",
  "safety.board": "Mensagens",
  "safety.thread": "Conversa do confronto: {players}",
  "safety.boardPlaceholder": "Escreva para todos da competição",
  "safety.threadPlaceholder": "Escreva para seus adversários e o organizador",
  "safety.send": "Enviar",
  "safety.noMessages": "Nenhuma mensagem ainda.",
  "safety.report": "Denunciar",
  "safety.reason": "Por quê? (opcional)",
  "safety.sendReport": "Enviar a denúncia",
  "safety.reported": "Denunciada: um moderador vai analisar.",
  "safety.title": "Moderação",
  "safety.open": ({ n }) => plural(n, { one: "# denúncia aberta", many: "# de denúncias abertas", other: "# denúncias abertas" }),
  "safety.noReports": "Nenhuma denúncia aberta.",
  "safety.reportedBy": "Denunciada por {name} · {at}",
  "safety.noReason": "(nenhum motivo informado)",
  "safety.account": "Conta: {name}",
  "safety.hidden": "oculta",
  "safety.hide": "Ocultar a mensagem",
  "safety.show": "Mostrar a mensagem de novo",
  "safety.suspend": "Suspender {name}",
  "safety.unsuspend": "Retirar a suspensão de {name}",
  "safety.resolve": "Resolver",
  "safety.channel.table": "mesa {id}",
  "safety.channel.event": "mural da competição {id}",
  "safety.channel.match": "conversa de confronto da competição {id}",
};
