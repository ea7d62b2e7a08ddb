// 日本語：ページで出会うサーバーからの拒否メッセージ（js/server-errors.js が
// サーバーの英語の文をこれらのキーに対応させる）。日本語に複数形はない。

export default {
  "serverError.wrongLogin": "名前またはパスワードが違います。",
  "serverError.logIn": "先にログインしてください。",
  "serverError.nameTaken": "{name} という名前はすでに使われています。",
  "serverError.nameRule": "名前は {low}～{high} 文字で、使えるのは文字、数字、_、- です。",
  "serverError.password": "パスワードは {low}～{high} 文字です。",
  "serverError.tooManyLogins": "ログインの失敗が多すぎます。{n} 分後にもう一度お試しください。",
  "serverError.suspended": "このアカウントは利用停止中のため、ログインできません。",
  "serverError.suspendedWrite": "あなたのアカウントは利用停止中のため、書き込めません。",
  "serverError.seatsTaken": "席はすべて埋まっています。",
  "serverError.started": "ゲームが始まっているため、空席はありません。",
  "serverError.seated": "このテーブルではすでに席に着いています。",
  "serverError.chatVisitor": "訪問者はチャットを読むだけです。書き込むにはログインするか席に着いてください。",
  "serverError.chatPlayers": "このテーブルのチャットに書き込めるのは対局者だけです。観戦者は読むだけです。",
  "serverError.slowDown": "リクエストが多すぎます。数秒待ってください。",
  "serverError.hour": "この種類のリクエストが多すぎます。1時間後にもう一度お試しください。",
  "serverError.rated": "レーティング対象のテーブルで遊ぶにはログインしてください。",
  "serverError.resetLink": "新しいパスワードを設定するこのリンクは、使用済みか期限切れです。",
  "serverError.over": "ゲームは終了しました。",
  "serverError.noPlayer": "そのプレイヤーはいません。",
  "serverError.noTable": "そのテーブルはありません。",
  "serverError.noCompetition": "その大会はありません。",
};
