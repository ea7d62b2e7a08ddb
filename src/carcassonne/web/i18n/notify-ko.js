// 한국어: 알림의 문구(ko.js 참고).

export default {
  "notify.ask": "내 차례가 되면 알림 받기",
  "notify.on": "내 차례가 되면 알려 드립니다",
  "notify.denied": "이 브라우저에서 알림이 차단되어 있습니다",
  "notify.turnTitle": "내 차례 · 카르카손",
  "notify.turnBody": "{name}에서 내 차례입니다.",
  "notify.invitationTitle": "초대 · 카르카손",
  "notify.invitationBody": "{from} 님이 {name}에 초대했습니다.",
};
