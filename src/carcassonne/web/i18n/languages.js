// The languages of the client: to add one, add its message files next to
// this one (a copy of en.js and of each <area>-en.js of AREAS, and of
// howto-en.js, with every text translated, plurals through plural.js), its
// server texts (server/texts/<code>.toml), its glossary
// (docs/glossary/<code>.md) and one line here.
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "de", name: "Deutsch" },
  { code: "fr", name: "Français" },
  { code: "es", name: "Español" },
  { code: "ca", name: "Català" },
  { code: "it", name: "Italiano" },
  { code: "pt-BR", name: "Português (Brasil)" },
  { code: "pl", name: "Polski" },
  { code: "cs", name: "Čeština" },
  { code: "ru", name: "Русский" },
  { code: "zh-CN", name: "简体中文" },
  { code: "ja", name: "日本語" },
  { code: "ko", name: "한국어" },
];

// The areas whose texts have a file of their own per language,
// <area>-<code>.js, loaded beside <code>.js (js/i18n.js messagesOf).
export const AREAS = ["talk", "mail", "notify", "friends", "safety", "presets", "watch", "replay-clock",
  "review", "referee", "aids", "times", "access", "errors"];
