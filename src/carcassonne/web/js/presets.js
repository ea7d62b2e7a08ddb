// Rules presets ("International", "Japan": GET /api/catalogue's `presets`,
// docs/server.md "Presets") for the lobby's table form and the competition
// form: a select "Rules preset" (none, or one of them); choosing one fills
// the form's fields, its time among them as a choice of its own ("15 min +
// 0 s (the preset's)"), and the body names the preset, so what the form
// cannot show (a flag is a loss, the margin of a loss on time, a knockout's
// tie rule) comes from the server's preset. What the form changes after
// that is sent and wins over the preset's.
//
// Also the words for a timing's flag and margin, and for a game lost on time.

import { esc } from "./api.js";
import { has, t } from "./i18n.js";

/** The timing select's value for "the preset's own time". */
export const PRESET_TIMING = "preset";

/** A preset by name among the catalogue's `presets`, or null. */
export function presetOf(presets, name) {
  return (presets || []).find((p) => p.name === name) || null;
}

function presetName(name) {
  return has(`preset.${name}`) ? t(`preset.${name}`) : name;
}

/** The options of the "Rules preset" select: none, then each preset. */
export function presetChoices(presets, selected) {
  const choices = [["", t("preset.none")], ...(presets || []).map((p) => [p.name, presetName(p.name)])];
  return choices.map(([value, text]) => `<option value="${esc(value)}"${value === (selected || "") ? " selected" : ""}>${esc(text)}</option>`).join("");
}

/** What preset `name` sets, in a sentence ("" for none). */
export function presetHelp(name) {
  return name && has(`preset.help.${name}`) ? t(`preset.help.${name}`) : "";
}

/** Words for what a timing says of a flag: a loss, and the margin it counts (none for the default). */
export function flagWords(timing) {
  const words = [];
  if (timing?.flag === "loss") words.push(t("timing.flagLoss"));
  if (timing?.time_loss_margin != null) words.push(t("timing.margin", { n: timing.time_loss_margin }));
  return words;
}

/**
 * The timing select's choice of the preset's own time (`kind`: "table" or
 * "competition"), to put before the usual choices; "" without a preset or
 * when its time is not a clock.
 */
export function presetTimingOption(preset, kind, selected) {
  const timing = preset?.[kind]?.timing;
  if (timing?.kind !== "clock") return "";
  const text = [t("preset.timing", { min: timing.base / 60, inc: timing.increment }), ...flagWords(timing)].join(", ");
  return `<option value="${PRESET_TIMING}"${selected === PRESET_TIMING ? " selected" : ""}>${esc(text)}</option>`;
}

/**
 * The `timing` a body sends for the select's `value`: undefined (send none:
 * the preset's own, or untimed without a preset), null (untimed, over a
 * preset's time) or the chosen timing (`timingOf`, timing.js).
 */
export function sentTiming(preset, value, timingOf) {
  if (value === PRESET_TIMING) return undefined;
  const timing = timingOf(value);
  if (timing) return timing;
  return preset ? null : undefined;
}
