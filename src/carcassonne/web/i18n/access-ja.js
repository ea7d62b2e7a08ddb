// 日本語：キーボードとスクリーンリーダーで遊ぶための文章。キーの説明、
// 読み上げの文、盤面のテキスト表示（ja.js を参照）。日本語に複数形はない。

export default {
  "keys.board": "盤面：自分の番には矢印キーでタイルを動かせます",
  "keys.help": "キー操作：矢印キーで空いているマスへタイルを動かし、R キーで回転、Tab キーで手下を置ける場所へ移動（スペースキーで選択）、Enter キーで決定、Esc キーで手元に戻します。",
  "announce.square": "{x}, {y}、{degrees}° 回転",
  "announce.step": "ドラゴンを {x}, {y} へ：Enter キーで決定",
  "announce.takenBack": "タイルを手元に戻しました。",
  "side.N": "北",
  "side.E": "東",
  "side.S": "南",
  "side.W": "西",
  "textBoard.title": "盤面のテキスト表示",
  "textBoard.tiles": "盤面のタイル",
  "textBoard.squares": "タイルを置けるマス",
  "textBoard.at": "{x}, {y}：{what}",
  "textBoard.feature": "{feature}（{sides}）",
  "textBoard.shield": "紋章あり",
  "textBoard.onlyFields": "草原のみ",
  "textBoard.figure": "{feature}に {player} の{figure}",
  "textBoard.held": "（{players} の手下あり）",
  "textBoard.turned": "{degrees}° 回転：{what}",
  "textBoard.nothing": "どこにもつながらない",
  "textBoard.completes": "{feature}を完成させる（{tiles}タイル）",
  "textBoard.joins": "{feature}を{tiles}タイルに広げる",
  "textBoard.starts": "新しい{feature}を始める",
  "textBoard.scores": "{player} が {points} 点を獲得",
};
