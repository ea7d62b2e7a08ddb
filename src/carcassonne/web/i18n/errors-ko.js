// 한국어: 플레이어가 페이지에서 만나는 서버의 거절 문구
// (js/server-errors.js가 서버의 영어 문구를 이 키에 맞춘다).

export default {
  "serverError.wrongLogin": "이름 또는 비밀번호가 틀렸습니다.",
  "serverError.logIn": "먼저 로그인하세요.",
  "serverError.nameTaken": "{name}은(는) 이미 사용 중인 이름입니다.",
  "serverError.nameRule": "이름은 {low}~{high}자로, 글자·숫자·_·-만 쓸 수 있습니다.",
  "serverError.password": "비밀번호는 {low}~{high}자입니다.",
  "serverError.tooManyLogins": "로그인 실패가 너무 많습니다. {n}분 후에 다시 시도하세요.",
  "serverError.suspended": "정지된 계정입니다. 로그인할 수 없습니다.",
  "serverError.suspendedWrite": "내 계정이 정지되어 글을 쓸 수 없습니다.",
  "serverError.seatsTaken": "모든 자리가 찼습니다.",
  "serverError.started": "게임이 이미 시작되어 빈자리가 없습니다.",
  "serverError.seated": "이미 이 테이블에 자리가 있습니다.",
  "serverError.chatVisitor": "방문자는 채팅을 읽기만 합니다. 쓰려면 로그인하거나 자리에 앉으세요.",
  "serverError.chatPlayers": "이 테이블의 채팅은 플레이어만 씁니다. 관전자는 읽기만 합니다.",
  "serverError.slowDown": "요청이 너무 많습니다. 몇 초 기다리세요.",
  "serverError.hour": "이런 요청이 너무 많습니다. 1시간 후에 다시 시도하세요.",
  "serverError.rated": "레이팅 테이블에서 플레이하려면 로그인하세요.",
  "serverError.resetLink": "이 새 비밀번호 설정 링크는 이미 쓰였거나 만료되었습니다.",
  "serverError.over": "게임이 끝났습니다.",
  "serverError.noPlayer": "그런 플레이어가 없습니다.",
  "serverError.noTable": "그런 테이블이 없습니다.",
  "serverError.noCompetition": "그런 대회가 없습니다.",
};
