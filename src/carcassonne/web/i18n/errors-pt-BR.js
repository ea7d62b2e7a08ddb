// Português (Brasil): as recusas do servidor que um jogador encontra nas
// páginas (js/server-errors.js liga o texto em inglês do servidor a estas chaves).

export default {
  "serverError.wrongLogin": "Nome ou senha incorretos.",
  "serverError.logIn": "Entre na sua conta primeiro.",
  "serverError.nameTaken": "O nome {name} já está em uso.",
  "serverError.nameRule": "Um nome tem de {low} a {high} letras, algarismos, _ ou -.",
  "serverError.password": "Uma senha tem de {low} a {high} caracteres.",
  "serverError.tooManyLogins": "Muitas tentativas de entrar sem sucesso: tente de novo em {n} minutos.",
  "serverError.suspended": "Esta conta está suspensa: ela não pode entrar.",
  "serverError.suspendedWrite": "Sua conta está suspensa: você não pode escrever.",
  "serverError.seatsTaken": "Todos os lugares estão ocupados.",
  "serverError.started": "A partida já começou: não há lugar livre.",
  "serverError.seated": "Você já tem um lugar nesta mesa.",
  "serverError.chatVisitor": "Visitantes só leem o chat: entre ou sente-se à mesa para escrever.",
  "serverError.chatPlayers": "Só os jogadores escrevem no chat desta mesa: espectadores leem.",
  "serverError.slowDown": "Muitas solicitações: espere alguns segundos.",
  "serverError.hour": "Muitas solicitações deste tipo: tente de novo daqui a uma hora.",
  "serverError.rated": "Entre para jogar em uma mesa ranqueada.",
  "serverError.resetLink": "Este link para criar uma nova senha já foi usado ou expirou.",
  "serverError.over": "A partida terminou.",
  "serverError.noPlayer": "Esse jogador não existe.",
  "serverError.noTable": "Essa mesa não existe.",
  "serverError.noCompetition": "Essa competição não existe.",
};
