// Русский: тексты времени в повторе (js/replay-clock.js; см. ru.js).

export default {
  "replayClock.title": "Время",
  "replayClock.start": "До первого хода",
  "replayClock.move": "Ход {n}: {player}",
  "replayClock.standIn": "(замена)",
  "replayClock.taken": "потрачено {time}",
  "replayClock.credit": "компенсация задержки {time}",
  "replayClock.at": "принят в {time}",
  "replayClock.seconds": "{s} с",
  "replayClock.left": "Осталось времени:",
  "replayClock.none": "время этого хода не записано",
  "replayClock.flag": "Время игрока {player} истекло на {time} (до хода {n})",
  "replayClock.graph": "Оставшееся время каждого игрока после каждого хода; щёлкните, чтобы перейти к ходу",
  "clock.outAt": "на {time}",
};
