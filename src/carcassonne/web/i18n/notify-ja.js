// 日本語: the texts of notify (en.js と同じキー).

export default {
  "notify.ask": "自分の番になったら知らせる",
  "notify.on": "自分の番になるとお知らせします",
  "notify.denied": "このブラウザーでは通知がブロックされています",
  "notify.turnTitle": "あなたの番です · カルカソンヌ",
  "notify.turnBody": "{name} であなたの番です。",
  "notify.invitationTitle": "招待 · カルカソンヌ",
  "notify.invitationBody": "{from} さんから {name} への招待が届きました。",
};
