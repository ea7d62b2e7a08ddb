// 한국어: 규칙 프리셋과 시간패의 문구(ko.js 참고).

export default {
  "preset.label": "규칙 프리셋",
  "preset.none": "없음",
  "preset.international": "국제",
  "preset.japan": "일본",
  "preset.help.international": "2인, 농부 포함 기본판, 각자 15분에 추가 시간 없음; 시간 초과는 패배.",
  "preset.help.japan": "국제와 같음; 시간패는 50점 차로 계산; 토너먼트의 무승부는 후 플레이어 승.",
  "preset.timing": "{min}분 + {inc}초(프리셋 값)",
  "timing.flagLoss": "시간 초과는 패배",
  "timing.margin": "시간패는 {n}점 차로 계산",
  "final.flag": "{player}: 시간 초과로 패배.",
  "player.result.flagged": "시간패",
  "match.lostOnTime": "{name}: 시간패",
  "match.difference": ({ n }) => `점수 차 ${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`,
};
