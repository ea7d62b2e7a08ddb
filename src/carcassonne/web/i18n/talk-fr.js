// Français : les textes de la discussion (voir fr.js).

export default {
  "chat.title": "Discussion",
  "chat.placeholder": "Dites quelque chose…",
  "chat.send": "Envoyer",
  "chat.empty": "Pas encore de message.",
  "chat.visitor": "Connectez-vous ou prenez une place pour écrire ; les visiteurs lisent.",
  "chat.playersOnly": "À cette table, seuls les joueurs écrivent ; les spectateurs lisent.",
  "chat.mute": "Ignorer",
  "chat.muteTitle": "Masquer les messages de {player} à cette table (pour vous seulement)",
  "chat.mutedList": "Ignorés ici :",
  "chat.unmute": "Réafficher les messages de {player}",
  "chat.report": "Signaler",
  "chat.reportTitle": "Signaler ce message aux modérateurs",
  "chat.reportReason": "Quel est le problème ?",
  "chat.reportSend": "Signaler",
  "chat.cancel": "Annuler",
  "chat.reported": "Merci : les modérateurs vont l’examiner.",
  "chat.reportUnavailable": "Les signalements ne peuvent pas encore être envoyés ; réessayez plus tard.",
  "chat.reportLogin": "Connectez-vous pour signaler un message.",
  "chat.playersOnlyOption": "Discussion réservée aux joueurs (les spectateurs lisent)",
};
