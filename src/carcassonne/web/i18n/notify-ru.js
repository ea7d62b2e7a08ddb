// Русский: тексты уведомлений (см. ru.js).

export default {
  "notify.ask": "Сообщать, когда мой ход",
  "notify.on": "Вам сообщат, когда будет ваш ход",
  "notify.denied": "Уведомления в этом браузере заблокированы",
  "notify.turnTitle": "Ваш ход · Каркассон",
  "notify.turnBody": "Ваш ход за столом {name}.",
  "notify.invitationTitle": "Приглашение · Каркассон",
  "notify.invitationBody": "{from} приглашает вас за стол {name}.",
};
