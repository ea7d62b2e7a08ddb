// Русский: отказы сервера, которые игрок встречает на страницах
// (js/server-errors.js сопоставляет английский текст сервера с этими ключами).

import { forms } from "./plural.js";

const { plural } = forms("ru");

const inMinutes = (n) => plural(n, { one: "# минуту", few: "# минуты", many: "# минут", other: "# минуты" });

export default {
  "serverError.wrongLogin": "Неверное имя или пароль.",
  "serverError.logIn": "Сначала войдите.",
  "serverError.nameTaken": "Имя {name} уже занято.",
  "serverError.nameRule": "Имя — от {low} до {high} символов: буквы, цифры, _ или -.",
  "serverError.password": "Пароль — от {low} до {high} символов.",
  "serverError.tooManyLogins": ({ n }) => `Слишком много неудачных попыток входа: попробуйте снова через ${inMinutes(n)}.`,
  "serverError.suspended": "Эта учётная запись заблокирована: вход невозможен.",
  "serverError.suspendedWrite": "Ваша учётная запись заблокирована: писать нельзя.",
  "serverError.seatsTaken": "Все места заняты.",
  "serverError.started": "Партия уже началась: свободных мест нет.",
  "serverError.seated": "У вас уже есть место за этим столом.",
  "serverError.chatVisitor": "Гости только читают чат: войдите или займите место, чтобы писать.",
  "serverError.chatPlayers": "В чате этого стола пишут только игроки: зрители читают.",
  "serverError.slowDown": "Слишком много запросов: подождите несколько секунд.",
  "serverError.hour": "Слишком много таких запросов: попробуйте снова через час.",
  "serverError.rated": "Войдите, чтобы играть за рейтинговым столом.",
  "serverError.resetLink": "Эта ссылка для нового пароля уже использована или её срок истёк.",
  "serverError.over": "Партия окончена.",
  "serverError.noPlayer": "Такого игрока нет.",
  "serverError.noTable": "Такого стола нет.",
  "serverError.noCompetition": "Такого соревнования нет.",
};
