// 简体中文：玩家在页面上会遇到的服务器拒绝提示
// （js/server-errors.js 把服务器的英文文字对应到这些键）。

export default {
  "serverError.wrongLogin": "账号名或密码错误。",
  "serverError.logIn": "请先登录。",
  "serverError.nameTaken": "账号名 {name} 已被占用。",
  "serverError.nameRule": "账号名由 {low} 至 {high} 个文字、数字、_ 或 - 组成。",
  "serverError.password": "密码为 {low} 至 {high} 个字符。",
  "serverError.tooManyLogins": "登录失败次数过多：请 {n} 分钟后再试。",
  "serverError.suspended": "此账号已被封禁，无法登录。",
  "serverError.suspendedWrite": "你的账号已被封禁，无法发言。",
  "serverError.seatsTaken": "座位已满。",
  "serverError.started": "游戏已开始，没有空座位。",
  "serverError.seated": "你已在这张牌桌入座。",
  "serverError.chatVisitor": "访客只能阅读聊天：登录或入座后才能发言。",
  "serverError.chatPlayers": "本牌桌的聊天只有玩家可以发言，观众只能阅读。",
  "serverError.slowDown": "请求过于频繁：请等几秒钟。",
  "serverError.hour": "此类请求过多：请一小时后再试。",
  "serverError.rated": "登录后才能加入排位牌桌。",
  "serverError.resetLink": "这个设置新密码的链接已被使用或已过期。",
  "serverError.over": "游戏已结束。",
  "serverError.noPlayer": "没有这位玩家。",
  "serverError.noTable": "没有这张牌桌。",
  "serverError.noCompetition": "没有这场比赛。",
};
