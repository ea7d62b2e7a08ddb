// The leaderboard (/leaderboard?family=base): every rated player of one
// family of rules, best first, the lobby's bot levels among them (a level
// that has not played a rated game yet at its rating measured against the
// other levels, marked "calibrated").

import { startPage } from "./account.js";
import { api, esc } from "./api.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
let data = null;

function render() {
  if (!data) return;
  const options = data.families.map((f) => `<option value="${esc(f)}"${f === data.family ? " selected" : ""}>${esc(t(`family.${f}`))}</option>`).join("");
  const rows = data.players.map((p, i) => `<tr data-testid="leader-${esc(p.name)}"><td>${i + 1}</td>
      <td>${p.bot ? esc(t("players.bot", { bot: t(`bot.${p.bot}`) })) : `<a href="/player/${encodeURIComponent(p.name)}">${esc(p.name)}</a>`}</td>
      <td data-testid="leader-rating">${p.rating}${p.calibrated ? ` <span class="muted" data-testid="leader-calibrated" title="${esc(t("leaderboard.calibrated_title"))}">${esc(t("leaderboard.calibrated"))}</span>` : ""}</td><td>${p.games}</td></tr>`).join("");
  $("page").innerHTML = `<section class="card"><h1>${esc(t("account.leaderboard"))}</h1>
    <label class="field inline"><span>${esc(t("leaderboard.family"))}</span><select id="family" data-testid="family">${options}</select></label>
    <table class="leaderboard" data-testid="leaderboard"><thead><tr><th>#</th><th>${esc(t("leaderboard.player"))}</th>
      <th>${esc(t("leaderboard.rating"))}</th><th>${esc(t("leaderboard.games"))}</th></tr></thead>
      <tbody>${rows || `<tr><td colspan="4" class="empty">${esc(t("leaderboard.nobody"))}</td></tr>`}</tbody></table></section>`;
  $("family").addEventListener("change", () => show($("family").value));
}

async function show(family) {
  try {
    data = await api.leaderboard(family);
    history.replaceState(null, "", `/leaderboard?family=${encodeURIComponent(family)}`);
    render();
  } catch (err) {
    toast(err.message);
  }
}

export async function main() {
  await startPage(render);
  await show(new URLSearchParams(location.search).get("family") || "base");
}

