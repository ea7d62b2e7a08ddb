// Русский: тексты безопасности и модерации (см. ru.js).

import { forms } from "./plural.js";

const { plural } = forms("ru");

export default {
  "safety.adminLink": "Модерация",
  "safety.board": "Сообщения",
  "safety.thread": "Обсуждение матча: {players}",
  "safety.boardPlaceholder": "Написать всем участникам соревнования",
  "safety.threadPlaceholder": "Написать соперникам и организатору",
  "safety.send": "Отправить",
  "safety.noMessages": "Сообщений пока нет.",
  "safety.report": "Пожаловаться",
  "safety.reason": "Почему? (необязательно)",
  "safety.sendReport": "Отправить жалобу",
  "safety.reported": "Жалоба отправлена: модератор её рассмотрит.",
  "safety.title": "Модерация",
  "safety.open": ({ n }) => plural(n, { one: "# открытая жалоба", few: "# открытые жалобы", many: "# открытых жалоб", other: "# открытой жалобы" }),
  "safety.noReports": "Открытых жалоб нет.",
  "safety.reportedBy": "Жалоба от {name} · {at}",
  "safety.noReason": "(причина не указана)",
  "safety.account": "Учётная запись: {name}",
  "safety.hidden": "скрыто",
  "safety.hide": "Скрыть сообщение",
  "safety.show": "Снова показать сообщение",
  "safety.suspend": "Заблокировать {name}",
  "safety.unsuspend": "Снять блокировку: {name}",
  "safety.resolve": "Закрыть жалобу",
  "safety.channel.table": "стол {id}",
  "safety.channel.event": "доска соревнования {id}",
  "safety.channel.match": "обсуждение матча соревнования {id}",
};
