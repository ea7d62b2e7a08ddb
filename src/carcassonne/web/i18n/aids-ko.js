// 한국어: 보조 표시 전환과 연습 보조의 문구(ko.js 참고).

export default {
  "aids.label": "보조",
  "aids.on": "켬: 남은 타일, 죽은 칸, 지형 점수",
  "aids.off": "끔(대회 방식): 놓을 수 있는 칸만",
  "aids.training": "연습: 보조 표시와 다음 타일이 각 칸에 맞을 확률",
  "aids.help": "끄면 게임이 끝날 때까지 모든 플레이어에게 남은 타일, 어떤 타일로도 채울 수 없는 칸, 지형의 점수를 숨깁니다.",
  "aids.offBadge": "보조 없음",
  "aids.offHelp": "대회 방식: 남은 타일, 죽은 칸, 지형 점수 없음",
  "aids.trainingBadge": "연습",
  "aids.trainingHelp": "보조 표시와 다음 타일이 각 빈칸에 맞을 확률",
  "aids.setupOff": "보조 끔",
  "aids.setupTraining": "연습 보조",
  "stack.aidsOff": "이 테이블은 보조 표시가 꺼져 있습니다(대회 방식): 남은 타일을 보여 주지 않습니다.",
  "training.show": "다음 타일이 각 빈칸에 맞을 확률 보기",
  "training.hide": "빈칸의 확률 숨기기",
  "training.title": "다음에 뽑을 타일 {tiles}장 중 {fits}장이 여기에 맞습니다",
};
