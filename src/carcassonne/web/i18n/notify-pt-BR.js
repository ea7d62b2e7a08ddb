// Português (Brasil): os textos de notificações (ver en.js).

export default {
  "notify.ask": "Avise quando for minha vez",
  "notify.on": "Você é avisado quando for sua vez",
  "notify.denied": "As notificações estão bloqueadas neste navegador",
  "notify.turnTitle": "Sua vez · Carcassonne",
  "notify.turnBody": "É sua vez em {name}.",
  "notify.invitationTitle": "Convite · Carcassonne",
  "notify.invitationBody": "{from} convida você para {name}.",
};
