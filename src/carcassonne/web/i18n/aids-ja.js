// 日本語: 補助表示の切り替えと練習モードの訳（ja.js を参照）。

export default {
  "aids.label": "補助表示",
  "aids.on": "あり：残りタイル・置けないマス・得点の目安",
  "aids.off": "なし（大会方式）：置けるマスのみ",
  "aids.training": "練習：補助表示に加え、次のタイルが各マスに合う確率",
  "aids.help": "「なし」にすると、残りタイル、どのタイルも置けないマス、地形の得点を、ゲームが終わるまで全員に表示しません。",
  "aids.offBadge": "補助なし",
  "aids.offHelp": "大会方式：残りタイル・置けないマス・得点の目安を表示しません",
  "aids.trainingBadge": "練習",
  "aids.trainingHelp": "補助表示に加え、次のタイルが空いているマスに合う確率を表示します",
  "aids.setupOff": "補助表示なし",
  "aids.setupTraining": "練習モード",
  "stack.aidsOff": "このテーブルは補助表示なし（大会方式）です。残りタイルは表示されません。",
  "training.show": "次のタイルが各マスに合う確率を表示する",
  "training.hide": "空いているマスの確率を隠す",
  "training.title": ({ fits, tiles }) => `次に引かれる${tiles}枚のうち${fits}枚がこのマスに合います`,
};
