// 한국어: 리플레이의 시간 문구(js/replay-clock.js; ko.js 참고).

export default {
  "replayClock.title": "시간",
  "replayClock.start": "첫 수 전",
  "replayClock.move": "{n}수: {player}",
  "replayClock.standIn": "(대리)",
  "replayClock.taken": "{time} 사용",
  "replayClock.credit": "지연 보정 {time}",
  "replayClock.at": "{time}에 접수",
  "replayClock.seconds": "{s}초",
  "replayClock.left": "남은 시간:",
  "replayClock.none": "이 수는 시간 기록 없음",
  "replayClock.flag": "{player}의 시계가 {time}에 다 됨({n}수 전)",
  "replayClock.graph": "수마다 각 플레이어의 남은 시간. 클릭하면 그 수로 이동",
  "clock.outAt": "{time}에",
};
