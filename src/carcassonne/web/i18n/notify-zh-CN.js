// 简体中文：通知的文字（见 zh-CN.js）。

export default {
  "notify.ask": "轮到我时通知我",
  "notify.on": "轮到你时会通知你",
  "notify.denied": "此浏览器已屏蔽通知",
  "notify.turnTitle": "轮到你了 · 卡卡颂",
  "notify.turnBody": "在 {name} 轮到你了。",
  "notify.invitationTitle": "邀请 · 卡卡颂",
  "notify.invitationBody": "{from} 邀请你到 {name}。",
};
