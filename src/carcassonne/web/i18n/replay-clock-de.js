// Deutsch: die Texte der Zeit in einer Wiederholung (js/replay-clock.js; siehe de.js).

export default {
  "replayClock.title": "Zeit",
  "replayClock.start": "Vor dem ersten Zug",
  "replayClock.move": "Zug {n}: {player}",
  "replayClock.standIn": "(die Vertretung)",
  "replayClock.taken": "brauchte {time}",
  "replayClock.credit": "Verzögerungsgutschrift {time}",
  "replayClock.at": "angenommen um {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Restzeit:",
  "replayClock.none": "für diesen Zug keine Zeit erfasst",
  "replayClock.flag": "Die Uhr von {player} lief um {time} ab (vor Zug {n})",
  "replayClock.graph": "Restzeit jedes Spielers nach jedem Zug; klicke, um zu einem Zug zu springen",
  "clock.outAt": "um {time}",
};
