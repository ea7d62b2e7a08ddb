// A player's profile (/player/NAME): their competition matches to play (on
// the logged-in player's own profile), games in progress (their turn first),
// finished games with their replay (abandoned ones marked so): each says
// when it ended, against whom, how it went (won, shared, lost, resigned)
// and in a rated game the rating before and after; wins, mean score,
// ratings per family and the rating history as a small chart; for a
// logged-in visitor, following and blocking (social.js).

import { currentAccount, startPage } from "./account.js";
import { api, esc } from "./api.js";
import { language, serverText, t } from "./i18n.js";
import { seatName, tableName } from "./names.js";
import { renderMyMatches } from "./matches.js";
import { renderSocial } from "./social.js";
import { tableBadges } from "./timing.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split("/").pop() || "");
let profile = null;

/** The ratings of one family after each game, as an SVG line. */
function chart(points) {
  if (points.length < 2) return "";
  const w = 240, h = 60;
  const lo = Math.min(...points), hi = Math.max(...points);
  const span = hi - lo || 1;
  const xy = points.map((p, i) => `${(i * w) / (points.length - 1)},${h - ((p - lo) * h) / span}`);
  return `<svg class="chart" data-testid="rating-chart" viewBox="-4 -4 ${w + 8} ${h + 8}" width="${w + 8}" height="${h + 8}">
    <polyline points="${xy.join(" ")}" fill="none" stroke="currentColor" stroke-width="2"/></svg>`;
}

/** A game in a line: its name and badges (and, finished, what finishedLine says), then its button. */
function gameRow(g, link, text, more = "") {
  const score = g.scores ? ` · ${g.scores.join(" : ")}` : "";
  const turn = g.your_turn ? ` <span class="badge turn" data-testid="your-turn-${esc(g.id)}">${esc(t("lobby.yourTurn"))}</span>` : "";
  return `<li class="game-row" data-testid="game-${esc(g.id)}" data-status="${esc(g.status)}"><div class="game-main"><a href="${link}">${esc(tableName(g))}</a>${turn} ${tableBadges(g)}<span class="muted small">${esc(score)}</span>${more}</div>
    <a class="btn small" href="${link}" data-testid="game-open-${esc(g.id)}">${esc(text)}</a></li>`;
}

/** How a finished game went for the player of seat `me`: "won", "shared", "lost", "resigned" or "flagged" (lost on time). */
function outcome(g, me) {
  if (g.seats?.[me]?.resigned) return "resigned";
  if (g.flag === me) return "flagged";
  if (!g.winners?.includes(me)) return "lost";
  return g.winners.length > 1 ? "shared" : "won";
}

/** A finished game's details: when it ended, against whom, how it went, the rating before and after. */
function finishedLine(g) {
  const me = g.your_seat;
  const when = new Date(g.ended || g.created);
  const date = Number.isNaN(when.getTime()) ? "" : when.toLocaleDateString(language(), { dateStyle: "medium" });
  const opponents = (g.seats || []).filter((s) => s.seat !== me).map((s) => seatName(s)).join(", ");
  const parts = [`<span data-testid="game-date">${esc(date)}</span>`,
    `<span data-testid="game-opponents">${esc(t("player.against", { names: opponents }))}</span>`];
  if (g.status === "finished") {
    const how = outcome(g, me);
    parts.push(`<span class="badge outcome-${how}" data-testid="game-result" data-result="${how}">${esc(t(`player.result.${how}`))}</span>`);
    const seat = g.seats?.[me];
    if (seat?.rating_after != null) {
      const change = seat.rating_after - seat.rating_before;
      const shown = `${change > 0 ? "+" : change < 0 ? "−" : "±"}${Math.abs(change)}`;
      parts.push(`<span class="rating-change ${change < 0 ? "down" : "up"}" data-testid="game-rating" data-change="${change}" title="${esc(t("player.ratingChange", { before: seat.rating_before, after: seat.rating_after }))}">${esc(shown)} <span class="muted">(${seat.rating_before} → ${seat.rating_after})</span></span>`);
    }
  }
  return `<div class="game-details small">${parts.join(" · ")}</div>`;
}

function render() {
  if (!profile) return;
  const ratings = profile.ratings.map((r) => {
    const points = profile.history.filter((e) => e.family === r.family).map((e) => e.rating);
    return `<li data-testid="rating-${esc(r.family)}"><b>${esc(t(`family.${r.family}`))}</b>
      <span data-testid="rating-value">${r.rating}</span>
      <span class="muted small">${esc(t("player.games", { n: r.games }))}</span>${chart(points)}</li>`;
  }).join("") || `<li class="empty">${esc(t("player.noRating"))}</li>`;
  const playing = [...profile.playing].sort((a, b) => Number(Boolean(b.your_turn)) - Number(Boolean(a.your_turn))).map((g) => gameRow(g, `/table/${encodeURIComponent(g.id)}`, t("lobby.watch"))).join("")
    || `<li class="empty">${esc(t("lobby.noPlaying"))}</li>`;
  const finished = profile.finished.map((g) => (g.status === "abandoned"
    ? gameRow(g, `/table/${encodeURIComponent(g.id)}`, t("lobby.look"), finishedLine(g))
    : gameRow(g, `${g.replay || `/table/${encodeURIComponent(g.id)}`}?replay=1`, t("lobby.replay"), finishedLine(g)))).join("")
    || `<li class="empty">${esc(t("lobby.noFinished"))}</li>`;
  $("page").innerHTML = `<section class="card"><h1 data-testid="player-name">${esc(profile.name)}</h1>
      <p data-testid="player-summary">${esc(t("player.summary", { played: profile.played, wins: profile.wins, mean: profile.mean_score ?? "–" }))}</p>
      <h2>${esc(t("player.ratings"))}</h2><ul class="table-list" data-testid="player-ratings">${ratings}</ul></section>
    <section class="card tables">${ownMatches()}<h2>${esc(t("lobby.playing"))}</h2><ul class="table-list" data-testid="player-playing">${playing}</ul>
      <h2>${esc(t("lobby.finished"))}</h2><ul class="table-list" data-testid="player-finished">${finished}</ul></section>`;
  const list = $("my-matches");
  if (list) renderMyMatches(list, currentAccount().matches, render);
  renderSocial($("page"), profile.name, currentAccount());
}

/** On the logged-in player's own profile: their competition matches to play. */
function ownMatches() {
  const me = currentAccount();
  if (!me || me.name !== profile.name || !me.matches?.length) return "";
  return `<h2>${esc(t("match.myMatches"))}</h2><ul class="table-list" id="my-matches" data-testid="my-matches"></ul>`;
}

export async function main() {
  await startPage(render);
  try {
    profile = await api.player(name);
    document.title = `${profile.name} · ${t("app.name")}`;
  } catch (err) {
    toast(err.message);
    $("page").innerHTML = `<section class="card"><p class="empty">${esc(serverText(err.message))}</p></section>`;
    return;
  }
  render();
}

