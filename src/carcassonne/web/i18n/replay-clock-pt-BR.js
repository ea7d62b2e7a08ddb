// Português (Brasil): os textos do tempo num replay (js/replay-clock.js; ver en.js).

export default {
  "replayClock.title": "Tempo",
  "replayClock.start": "Antes da primeira jogada",
  "replayClock.move": "Jogada {n}: {player}",
  "replayClock.standIn": "(o substituto)",
  "replayClock.taken": "levou {time}",
  "replayClock.credit": "crédito de atraso {time}",
  "replayClock.at": "aceita em {time}",
  "replayClock.seconds": "{s} s",
  "replayClock.left": "Tempo restante:",
  "replayClock.none": "nenhum tempo registrado nesta jogada",
  "replayClock.flag": "O relógio de {player} zerou em {time} (antes da jogada {n})",
  "replayClock.graph": "O tempo restante de cada jogador após cada jogada; clique para ir a uma jogada",
  "clock.outAt": "em {time}",
};
