// Français : les refus du serveur qu’un joueur rencontre dans les pages
// (js/server-errors.js fait correspondre le texte anglais du serveur à ces clés).

export default {
  "serverError.wrongLogin": "Nom ou mot de passe incorrect.",
  "serverError.logIn": "Connectez-vous d’abord.",
  "serverError.nameTaken": "Le nom {name} est déjà pris.",
  "serverError.nameRule": "Un nom compte de {low} à {high} lettres, chiffres, _ ou -.",
  "serverError.password": "Un mot de passe compte de {low} à {high} caractères.",
  "serverError.tooManyLogins": "Trop de connexions échouées : réessayez dans {n} minutes.",
  "serverError.suspended": "Ce compte est suspendu : il ne peut pas se connecter.",
  "serverError.suspendedWrite": "Votre compte est suspendu : vous ne pouvez pas écrire.",
  "serverError.seatsTaken": "Toutes les places sont prises.",
  "serverError.started": "La partie a commencé : aucune place n’est libre.",
  "serverError.seated": "Vous avez déjà une place à cette table.",
  "serverError.chatVisitor": "Les visiteurs lisent la discussion : connectez-vous ou prenez une place pour écrire.",
  "serverError.chatPlayers": "Seuls les joueurs écrivent dans la discussion de cette table : les spectateurs lisent.",
  "serverError.slowDown": "Trop de requêtes : attendez quelques secondes.",
  "serverError.hour": "Trop de requêtes de ce type : réessayez dans une heure.",
  "serverError.rated": "Connectez-vous pour jouer à une table classée.",
  "serverError.resetLink": "Ce lien pour choisir un nouveau mot de passe a déjà servi ou a expiré.",
  "serverError.over": "La partie est terminée.",
  "serverError.noPlayer": "Ce joueur n’existe pas.",
  "serverError.noTable": "Cette table n’existe pas.",
  "serverError.noCompetition": "Cette compétition n’existe pas.",
};
