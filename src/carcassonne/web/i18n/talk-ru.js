// Русский: тексты чата (см. ru.js).

export default {
  "chat.title": "Чат",
  "chat.placeholder": "Напишите что-нибудь…",
  "chat.send": "Отправить",
  "chat.empty": "Сообщений пока нет.",
  "chat.visitor": "Войдите или займите место, чтобы писать в чат; гости только читают.",
  "chat.playersOnly": "За этим столом пишут только игроки; зрители читают.",
  "chat.mute": "Скрыть",
  "chat.muteTitle": "Скрыть сообщения игрока {player} за этим столом (только для вас)",
  "chat.mutedList": "Скрыты здесь:",
  "chat.unmute": "Снова показывать сообщения игрока {player}",
  "chat.report": "Пожаловаться",
  "chat.reportTitle": "Пожаловаться модераторам на это сообщение",
  "chat.reportReason": "Что с ним не так?",
  "chat.reportSend": "Отправить жалобу",
  "chat.cancel": "Отмена",
  "chat.reported": "Спасибо: модераторы посмотрят.",
  "chat.reportUnavailable": "Жалобы пока нельзя отправить; попробуйте позже.",
  "chat.reportLogin": "Войдите, чтобы пожаловаться на сообщение.",
  "chat.playersOnlyOption": "Чат только для игроков (зрители читают)",
};
