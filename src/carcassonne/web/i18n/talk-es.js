// Español: los textos del chat (ver es.js).

export default {
  "chat.title": "Chat",
  "chat.placeholder": "Di algo…",
  "chat.send": "Enviar",
  "chat.empty": "Aún no hay mensajes.",
  "chat.visitor": "Entra o siéntate en la mesa para escribir en el chat; los visitantes leen.",
  "chat.playersOnly": "En esta mesa solo escriben los jugadores; los espectadores leen.",
  "chat.mute": "Silenciar",
  "chat.muteTitle": "Ocultar los mensajes de {player} en esta mesa (solo para ti)",
  "chat.mutedList": "Silenciados aquí:",
  "chat.unmute": "Volver a mostrar los mensajes de {player}",
  "chat.report": "Denunciar",
  "chat.reportTitle": "Denunciar este mensaje a los moderadores",
  "chat.reportReason": "¿Qué tiene de malo?",
  "chat.reportSend": "Enviar denuncia",
  "chat.cancel": "Cancelar",
  "chat.reported": "Gracias: los moderadores lo revisarán.",
  "chat.reportUnavailable": "Aún no se pueden enviar denuncias; inténtalo más tarde.",
  "chat.reportLogin": "Entra para denunciar un mensaje.",
  "chat.playersOnlyOption": "Chat solo para los jugadores (los espectadores leen)",
};
