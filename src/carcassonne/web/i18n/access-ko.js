// 한국어: 키보드와 스크린 리더로 플레이할 때의 문구: 키 도움말, 읽어 주는
// 안내, 텍스트로 보는 판(ko.js 참고). 한국어는 복수형이 없으므로 plural.js가 필요 없다.

export default {
  "keys.board": "판: 내 차례에 방향키로 타일을 옮깁니다",
  "keys.help": "키: 방향키로 빈칸 사이에서 타일을 옮기고, R로 돌리고, Tab으로 말 놓을 곳에 가고(스페이스바로 선택), Enter로 확인, Esc로 되돌립니다.",
  "announce.square": "{x}, {y}, {degrees}° 돌림",
  "announce.step": "용을 {x}, {y}(으)로: Enter로 확인",
  "announce.takenBack": "타일을 다시 손으로 가져왔습니다.",
  "side.N": "북쪽",
  "side.E": "동쪽",
  "side.S": "남쪽",
  "side.W": "서쪽",
  "textBoard.title": "텍스트로 보는 판",
  "textBoard.tiles": "판 위의 타일",
  "textBoard.squares": "내 타일을 놓을 수 있는 곳",
  "textBoard.at": "{x}, {y}: {what}",
  "textBoard.feature": "{feature}({sides})",
  "textBoard.shield": "방패 문양 있음",
  "textBoard.onlyFields": "들판만",
  "textBoard.figure": "{player}의 {figure}({feature})",
  "textBoard.held": "({players} 차지)",
  "textBoard.turned": "{degrees}° 돌림: {what}",
  "textBoard.nothing": "아무것도 잇지 않음",
  "textBoard.completes": ({ feature, tiles }) => `${feature} 완성(타일 ${tiles}장)`,
  "textBoard.joins": ({ feature, tiles }) => `${feature} 확장(타일 ${tiles}장)`,
  "textBoard.starts": "새 {feature} 시작",
  "textBoard.scores": ({ player, points }) => `${player}: ${points}점`,
};
