// Čeština: texty času v záznamu (js/replay-clock.js; viz cs.js).

export default {
  "replayClock.title": "Čas",
  "replayClock.start": "Před prvním tahem",
  "replayClock.move": "Tah {n}: {player}",
  "replayClock.standIn": "(náhradník)",
  "replayClock.taken": "trval {time}",
  "replayClock.credit": "náhrada za zpoždění {time}",
  "replayClock.at": "přijat v {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Zbývající čas:",
  "replayClock.none": "pro tento tah není čas zaznamenán",
  "replayClock.flag": "Hodinám hráče {player} došel čas v {time} (před tahem {n})",
  "replayClock.graph": "Zbývající čas každého hráče po každém tahu; kliknutím přejdeš na tah",
  "clock.outAt": "v {time}",
};
