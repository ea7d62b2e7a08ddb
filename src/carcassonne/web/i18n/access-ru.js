// Русский: тексты игры с клавиатуры и с программой чтения с экрана: подсказка
// по клавишам, что говорит диктор, и карта текстом (см. ru.js).

import { at, nPoints, nTiles, ofTiles } from "./grammar-ru.js";

// Падежи названий объектов (feature.*), как в ru.js. Незнакомое слово
// (например, английское при отсутствии перевода) идёт как есть.
const WHAT = { "город": "город", "дорога": "дорогу", "поле": "поле", "монастырь": "монастырь", "сад": "сад" };
const NEW = { "город": "новый город", "дорога": "новую дорогу", "поле": "новое поле", "монастырь": "новый монастырь", "сад": "новый сад" };
const what = (f) => WHAT[f] ?? f;
const newOne = (f) => NEW[f] ?? `новый объект: ${f}`;

export default {
  "keys.board": "Карта: в ваш ход стрелки двигают ваш квадрат",
  "keys.help": "Клавиши: стрелки двигают квадрат по свободным клеткам, R поворачивает его, Tab переходит к местам для фигур (пробел выбирает место), Enter подтверждает, Esc забирает квадрат назад.",
  "announce.square": "{x}, {y}, поворот на {degrees}°",
  "announce.step": "Дракон на {x}, {y}: Enter — подтвердить",
  "announce.takenBack": "Квадрат снова у вас в руке.",
  "side.N": "север",
  "side.E": "восток",
  "side.S": "юг",
  "side.W": "запад",
  "textBoard.title": "Карта текстом",
  "textBoard.tiles": "Квадраты на карте",
  "textBoard.squares": "Куда можно выложить ваш квадрат",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature} ({sides})",
  "textBoard.shield": "с гербом",
  "textBoard.onlyFields": "только поля",
  "textBoard.figure": ({ player, figure, feature }) => `${figure} игрока ${player} ${at(feature)}`,
  "textBoard.held": "(занято: {players})",
  "textBoard.turned": "поворот на {degrees}°: {what}",
  "textBoard.nothing": "ни к чему не присоединяется",
  "textBoard.completes": ({ feature, tiles }) => `завершает ${what(feature)} (${nTiles(tiles)})`,
  "textBoard.joins": ({ feature, tiles }) => `увеличивает ${what(feature)} до ${ofTiles(tiles)}`,
  "textBoard.starts": ({ feature }) => `начинает ${newOne(feature)}`,
  "textBoard.scores": ({ player, points }) => `${player} получает ${nPoints(points)}`,
};
