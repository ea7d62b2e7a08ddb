// 简体中文：聊天的文字（见 zh-CN.js）。

export default {
  "chat.title": "聊天",
  "chat.placeholder": "说点什么…",
  "chat.send": "发送",
  "chat.empty": "还没有消息。",
  "chat.visitor": "登录或入座后才能在聊天中发言；访客只能阅读。",
  "chat.playersOnly": "本牌桌只有玩家可以发言；观众只能阅读。",
  "chat.mute": "屏蔽",
  "chat.muteTitle": "在本牌桌隐藏 {player} 的消息（仅对你）",
  "chat.mutedList": "本桌已屏蔽：",
  "chat.unmute": "重新显示 {player} 的消息",
  "chat.report": "举报",
  "chat.reportTitle": "向管理员举报这条消息",
  "chat.reportReason": "它有什么问题？",
  "chat.reportSend": "发送举报",
  "chat.cancel": "取消",
  "chat.reported": "谢谢：管理员会查看。",
  "chat.reportUnavailable": "暂时无法发送举报，请稍后再试。",
  "chat.reportLogin": "登录后才能举报消息。",
  "chat.playersOnlyOption": "仅限玩家聊天（观众只能阅读）",
};
