// Plurals and numbers for the message files, by the browser's Intl: each
// language's file calls forms("<code>") once and writes its plural texts as
// one choice per CLDR category (zero, one, two, few, many, other), never
// with a rule of its own.
//
//   const { plural, number } = forms("pl");
//   plural(5, { one: "# ruch", few: "# ruchy", many: "# ruchów", other: "# ruchu" })
//     → "5 ruchów"
//
// "#" in the chosen text is the number, written the language's way; a
// category the file leaves out falls back to "other".

export function forms(code) {
  const rules = new Intl.PluralRules(code);
  const numbers = new Intl.NumberFormat(code);
  const number = (n) => (typeof n === "number" ? numbers.format(n) : String(n));
  const plural = (n, choices) => {
    const text = choices[rules.select(Number(n))] ?? choices.other;
    return text.replaceAll("#", number(Number(n)));
  };
  return { plural, number };
}
