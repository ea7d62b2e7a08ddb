// English: the texts of the time in a replay (js/replay-clock.js; see en.js).

export default {
  "replayClock.title": "Time",
  "replayClock.start": "Before the first move",
  "replayClock.move": "Move {n}: {player}",
  "replayClock.standIn": "(the stand-in)",
  "replayClock.taken": "took {time}",
  "replayClock.credit": "lag credit {time}",
  "replayClock.at": "accepted at {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Time left:",
  "replayClock.none": "no time kept for this move",
  "replayClock.flag": "{player}'s clock ran out at {time} (before move {n})",
  "replayClock.graph": "Each player's time left after each move; click to go to a move",
  "clock.outAt": "at {time}",
};
