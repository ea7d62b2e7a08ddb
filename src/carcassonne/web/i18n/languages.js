// The languages of the client: to add one, add its message file next to
// this one (a copy of en.js with every text translated) and one line here.
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "ja", name: "日本語" },
];
