// Português (Brasil): os textos do chat (ver en.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Diga algo…",
  "chat.send": "Enviar",
  "chat.empty": "Nenhuma mensagem ainda.",
  "chat.visitor": "Entre ou sente-se à mesa para escrever no chat; visitantes só leem.",
  "chat.playersOnly": "Só os jogadores escrevem nesta mesa; espectadores leem.",
  "chat.mute": "Silenciar",
  "chat.muteTitle": "Ocultar as mensagens de {player} nesta mesa (só para você)",
  "chat.mutedList": "Silenciados aqui:",
  "chat.unmute": "Mostrar de novo as mensagens de {player}",
  "chat.report": "Denunciar",
  "chat.reportTitle": "Denunciar esta mensagem aos moderadores",
  "chat.reportReason": "Qual é o problema?",
  "chat.reportSend": "Enviar denúncia",
  "chat.cancel": "Cancelar",
  "chat.reported": "Obrigado: os moderadores vão analisar.",
  "chat.reportUnavailable": "Ainda não é possível enviar denúncias; tente de novo mais tarde.",
  "chat.reportLogin": "Entre para denunciar uma mensagem.",
  "chat.playersOnlyOption": "Chat só para os jogadores (espectadores leem)",
};
