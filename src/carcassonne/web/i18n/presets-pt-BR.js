// Português (Brasil): os textos das predefinições de regras e das derrotas por tempo (ver en.js).

export default {
  "preset.label": "Regras predefinidas",
  "preset.none": "Nenhuma",
  "preset.international": "Internacional",
  "preset.japan": "Japão",
  "preset.help.international": "2 jogadores, jogo base com fazendeiros, 15 minutos cada sem incremento; tempo esgotado é derrota.",
  "preset.help.japan": "Como Internacional; derrota por tempo conta como margem de 50 pontos; no mata-mata, o empate vai para o segundo jogador.",
  "preset.timing": "{min} min + {inc} s (da predefinição)",
  "timing.flagLoss": "tempo esgotado é derrota",
  "timing.margin": "derrota por tempo conta {n} pontos",
  "final.flag": "{player} perdeu por tempo.",
  "player.result.flagged": "perdeu por tempo",
  "match.lostOnTime": "{name} perdeu por tempo",
  "match.difference": ({ n }) => `diferença ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
