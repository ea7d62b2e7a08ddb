// 한국어: 채팅의 문구(ko.js 참고).

export default {
  "chat.title": "채팅",
  "chat.placeholder": "말해 보세요…",
  "chat.send": "보내기",
  "chat.empty": "아직 메시지가 없습니다.",
  "chat.visitor": "채팅하려면 로그인하거나 자리에 앉으세요. 방문자는 읽기만 합니다.",
  "chat.playersOnly": "이 테이블은 플레이어만 채팅합니다. 관전자는 읽기만 합니다.",
  "chat.mute": "음소거",
  "chat.muteTitle": "이 테이블에서 {player}의 메시지 숨기기(나에게만)",
  "chat.mutedList": "여기서 음소거함:",
  "chat.unmute": "{player}의 메시지 다시 보기",
  "chat.report": "신고",
  "chat.reportTitle": "이 메시지를 관리자에게 신고",
  "chat.reportReason": "무엇이 문제인가요?",
  "chat.reportSend": "신고 보내기",
  "chat.cancel": "취소",
  "chat.reported": "감사합니다: 관리자가 확인합니다.",
  "chat.reportUnavailable": "아직 신고를 보낼 수 없습니다. 잠시 후 다시 시도하세요.",
  "chat.reportLogin": "메시지를 신고하려면 로그인하세요.",
  "chat.playersOnlyOption": "플레이어만 채팅(관전자는 읽기만)",
};
