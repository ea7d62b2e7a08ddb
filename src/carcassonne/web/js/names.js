// How bots, seats and tables are named on screen, in the reader's language.
//
// The server names a bot seat after its bot, in English: "Greedy bot", and
// "Greedy bot 2" for a second one in seat 2 (bot_label and name_bots in
// server/tables.py); a competition names its bot entrants the same way. A
// table made without a name is "Table ID", quick play names its table "Ann
// vs Hard bot" (always in English, see quickTableName) and a competition
// game is "EVENT · MATCH · game N". Those generated names, and only those,
// are shown in the reader's language; a name a person typed stays as it is,
// and so does the name of a person whose seat a bot took over.
//
// The bots are offered in the catalogue's order, grouped by kind: the levels
// from the weakest (easy, medium, hard), the training bots (random, greedy),
// then the outside bots the server was started with.

import { esc } from "./api.js";
import { has, t } from "./i18n.js";

/** The kinds of bot, in the order they are offered. */
export const BOT_KINDS = ["level", "training", "outside"];

/** What a server that does not say the kinds of its bots is taken to have. */
const KNOWN_KINDS = { easy: "level", medium: "level", hard: "level", random: "training", greedy: "training" };

/** Python's str.capitalize: "greedy" -> "Greedy", "myBot" -> "Mybot". */
function capitalize(word) {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** The server's English name of a bot: "Greedy bot" (tables.py bot_label). */
export function serverBotName(bot) {
  return `${capitalize(bot || "bot")} bot`;
}

/** A bot's name in the reader's language: "Hard bot", in Japanese "強いボット". */
export function botName(bot) {
  return has(`botName.${bot}`) ? t(`botName.${bot}`) : t("botName.other", { bot: capitalize(bot || "bot") });
}

/** A bot's short word for badges: "greedy" (an outside bot keeps its name). */
export function botWord(bot) {
  return has(`bot.${bot}`) ? t(`bot.${bot}`) : bot;
}

/** What is left of `name` after the server's name of `bot`: "" or " 3"; null if it is not that name. */
function suffixAfterBotName(name, bot) {
  const base = serverBotName(bot);
  if (name === base) return "";
  const rest = typeof name === "string" && name.startsWith(`${base} `) ? name.slice(base.length) : null;
  return rest && /^ \d+$/.test(rest) ? rest : null;
}

/** Whether `seat` is a bot seat still named as the server named it ("Hard bot 3"). */
export function hasBotName(seat) {
  return seat?.kind === "bot" && suffixAfterBotName(seat.name, seat.bot) != null;
}

/**
 * The name to show for `seat` (a SEAT of the protocol), whose name is
 * `name` (the seat's own unless given: the game's player name, say). A bot
 * seat named as the server named it gets its bot's name in the reader's
 * language, seat number kept ("強いボット 3"); any other name stays.
 */
export function seatName(seat, name = seat?.name) {
  if (seat?.kind !== "bot") return name ?? "";
  const suffix = suffixAfterBotName(name, seat.bot);
  return suffix == null ? name ?? "" : `${botName(seat.bot)}${suffix}`;
}

/**
 * The name quick play gives its table: "Ann vs Hard bot". It is stored as
 * the table's name and seen by everyone, so it is always made in English;
 * tableName shows it in each reader's language.
 */
export function quickTableName(player, bot) {
  return `${player} vs ${serverBotName(bot)}`;
}

/**
 * The name to show for `table` (a TABLE of the protocol): a name the server,
 * quick play or a competition made is put in the reader's language (the
 * player's and the event's names in it stay); a name a person typed stays.
 */
export function tableName(table) {
  const name = table?.name || "";
  if (!name) return table?.id || "";
  if (name === `Table ${table.id}`) return t("tableName.default", { id: table.id });
  const quick = /^(.+) vs (.+)$/.exec(name);
  if (quick) {
    // "Ann vs Hard bot", or "Ann vs bot" as quick play named its tables before it had levels
    const bot = (table.seats || []).find((s) => s.kind === "bot"
      && (quick[2] === serverBotName(s.bot) || quick[2] === "bot"));
    if (bot) return t("tableName.quick", { name: quick[1], bot: botName(bot.bot) });
  }
  const game = /^(.*) · ([^·]+) · game (\d+)$/.exec(name);
  if (game) return t("tableName.matchGame", { event: game[1], match: game[2], n: Number(game[3]) });
  return name;
}

/** The bots of the catalogue, in its order, each with its kind (level, training or outside). */
export function catalogueBots(catalogue) {
  const kinds = catalogue?.bot_kinds || {};
  const names = (catalogue?.bots || []).map((b) => (typeof b === "string" ? b : b.name || b.id));
  return names.map((name) => ({ name, kind: kinds[name] || KNOWN_KINDS[name] || "outside" }));
}

/** One line for choosing a bot: "Easy: a gentle opponent: looks one move ahead…" (an outside bot: its name). */
export function botChoice(bot) {
  return has(`botHelp.${bot}`) ? t("botChoice", { bot: t(`botLevel.${bot}`), help: t(`botHelp.${bot}`) }) : botName(bot);
}

/**
 * The <option>s of a bot chooser, one group per kind in BOT_KINDS order
 * (each bot in the catalogue's order); each value is `prefix` and the
 * bot's name, `selected` is the value chosen.
 */
export function botOptions(bots, selected, prefix = "") {
  return BOT_KINDS.map((kind) => {
    const group = bots.filter((b) => b.kind === kind);
    if (!group.length) return "";
    const options = group.map((b) => {
      const value = `${prefix}${b.name}`;
      return `<option value="${esc(value)}"${value === selected ? " selected" : ""}>${esc(botChoice(b.name))}</option>`;
    }).join("");
    return `<optgroup label="${esc(t(`botGroup.${kind}`))}">${options}</optgroup>`;
  }).join("");
}
