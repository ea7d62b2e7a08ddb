// 日本語: the texts of talk (en.js と同じキー).

export default {
  "chat.title": "チャット",
  "chat.placeholder": "メッセージを入力…",
  "chat.send": "送信",
  "chat.empty": "まだメッセージはありません。",
  "chat.visitor": "チャットに書き込むには、ログインするか席に着いてください。訪問者は読むことだけができます。",
  "chat.playersOnly": "この卓では対局者だけが書き込めます。観戦者は読むことだけができます。",
  "chat.mute": "ミュート",
  "chat.muteTitle": "この卓で{player}さんのメッセージを非表示にします（あなたにだけ）",
  "chat.mutedList": "ミュート中：",
  "chat.unmute": "{player}さんのメッセージを再び表示する",
  "chat.report": "通報",
  "chat.reportTitle": "このメッセージをモデレーターに通報します",
  "chat.reportReason": "何が問題ですか？",
  "chat.reportSend": "通報する",
  "chat.cancel": "キャンセル",
  "chat.reported": "ありがとうございます。モデレーターが確認します。",
  "chat.reportUnavailable": "現在、通報を送信できません。しばらくしてからもう一度お試しください。",
  "chat.reportLogin": "通報するにはログインしてください。",
  "chat.playersOnlyOption": "チャットは対局者のみ（観戦者は閲覧のみ）",
};
