// Русский: тексты просмотра многих партий и режима трансляции (см. ru.js).

import { forms } from "./plural.js";

const { plural } = forms("ru");

export default {
  "title.watch": "Партии онлайн",
  "title.broadcast": "Трансляция",
  "watch.title": "Партии онлайн",
  "watch.count": ({ n }) => plural(n, { one: "# партия", few: "# партии", many: "# партий", other: "# партии" }),
  "watch.enlarge": "Увеличить",
  "watch.enlargeTitle": "Показать эту партию крупно (Esc: назад ко всем)",
  "watch.back": "Ко всем партиям",
  "watch.open": "Открыть стол",
  "watch.broadcast": "Режим трансляции",
  "watch.notStarted": "Ещё не началась",
  "watch.missing": "Такого стола нет.",
  "watch.move": "Ход {n}",
  "watch.tilesLeft": ({ n }) => plural(n, { one: "остался # квадрат", few: "осталось # квадрата", many: "осталось # квадратов", other: "осталось # квадрата" }),
  "watch.over": "Игра окончена",
  "watch.tooMany": "Указано столов: {n}; на странице помещается не больше {most}: показаны первые {most}.",
  "watch.noTables": "Столы не указаны. Перечислите их в адресе: /watch?tables=ID,ID,…",
  "watch.noRound": "В этом соревновании нет тура {n}.",
  "watch.badRound": "Укажите тур в адресе: ?round=1.",
  "watch.empty": "Ни одна партия этого тура ещё не началась.",
  "watch.toEvent": "Назад к соревнованию",
  "watch.roundLink": "Смотреть все партии",
  "watch.roundLinkTitle": "Все столы этого тура сразу, в прямом эфире",
  "broadcast.link": "Режим трансляции",
  "broadcast.linkTitle": "Эта партия крупно, с часами и счётом, без кнопок: для стримов",
  "broadcast.lastMove": "Последний ход",
  "broadcast.noMove": "Ходов пока нет.",
};
