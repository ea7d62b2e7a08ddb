// A competition's officials on its page: the "Referee's log" card (every
// act of the organizer and the referees, who, when, what and why), and,
// for an official of a running competition, the referee's desk: a small
// form to record a game's or a match's result, disqualify or replace an
// entrant, or reopen a game, each with its written reason; the organizer
// adds and removes referees there too. `decisionMark` marks a result that
// stands by decision wherever results are shown (schedule.js).
//
// The card lives beside the page's main content (it is not redrawn with it
// every few seconds), and the desk's form is drawn again only when the
// matches it offers change and nobody is typing in it.

import { esc, request } from "./api.js";
import { language, t } from "./i18n.js";
import { toast } from "./ui.js";

/** "by decision" with who decided and why, for a result that stands by decision. */
export function decisionMark(decision, testid) {
  if (!decision) return "";
  return ` <span class="badge decided" data-testid="${esc(testid)}" title="${esc(decision.reason || "")}">${esc(t("referee.byDecision"))}</span>
    <span class="muted small decision-reason">${esc(t("referee.byDecisionOf", { name: decision.by, reason: decision.reason || "" }))}</span>`;
}

function when(at) {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString(language());
}

function gameWhat(entry) {
  return entry.game ? t("referee.matchGame", { match: entry.match, game: entry.game }) : t("referee.matchOnly", { match: entry.match });
}

function entryText(entry) {
  switch (entry.kind) {
    case "result": {
      const outcome = entry.scores
        ? Object.entries(entry.scores).map(([name, n]) => `${name} ${n}`).join(" : ")
        : entry.winner ? t("referee.won", { name: entry.winner }) : t("referee.drawn");
      return t("referee.entry.result", { what: `${gameWhat(entry)} · ${outcome}` });
    }
    case "reopen": return t("referee.entry.reopen", { what: gameWhat(entry) });
    case "disqualify": return t("referee.entry.disqualify", { name: entry.entrant });
    case "replace": return t("referee.entry.replace", { name: entry.entrant, by: entry.replacement });
    default: return t(`referee.entry.${entry.kind}`, { name: entry.referee });
  }
}

function logCard(event, me) {
  const organizer = me && event.organizer === me && event.status !== "finished";
  const officials = event.referees.map((name, i) => `<span class="official" data-testid="official-${esc(name)}">${esc(name)}${
    organizer && i > 0 ? ` <button class="btn small" data-remove-referee="${esc(name)}" data-testid="remove-referee-${esc(name)}">${esc(t("referee.removeReferee"))}</button>` : ""}</span>`).join(", ");
  const add = organizer ? `<form class="add-referee" data-testid="add-referee-form">
      <input name="referee" data-testid="referee-name" aria-label="${esc(t("referee.refereeName"))}" placeholder="${esc(t("referee.refereeName"))}" maxlength="40" required>
      <button class="btn small" data-testid="add-referee">${esc(t("referee.addReferee"))}</button></form>` : "";
  const out = event.disqualified.length ? `<p class="muted small" data-testid="disqualified">${esc(t("referee.disqualified", { names: event.disqualified.join(", ") }))}</p>` : "";
  const swaps = event.replaced.map((r) => `<p class="muted small" data-testid="replaced-${esc(r.entrant)}">${esc(t("referee.replaced", { name: r.entrant, by: r.by }))}</p>`).join("");
  const items = event.audit.slice().reverse().map((entry, i) => `<li data-testid="audit-entry" data-kind="${esc(entry.kind)}" data-index="${event.audit.length - 1 - i}">
      <b>${esc(entryText(entry))}</b> <span class="muted small">${esc(t("referee.entryBy", { by: entry.by, at: when(entry.at) }))}</span>
      ${entry.reason ? `<p class="audit-reason" data-testid="audit-reason">${esc(entry.reason)}</p>` : ""}</li>`).join("")
    || `<li class="empty">${esc(t("referee.noLog"))}</li>`;
  return `<section class="card wide referee-log" data-testid="referee-log"><h2>${esc(t("referee.log"))}</h2>
    <p class="muted small" data-testid="officials">${t("referee.officials", { names: officials })}</p>${add}${out}${swaps}
    <ol class="plain-list audit" data-testid="audit">${items}</ol></section>`;
}

/** The matches an official may act on: those of opened rounds of the stage being played. */
function openMatches(event) {
  const stage = event.stages[event.stages.length - 1];
  if (!stage) return [];
  return stage.rounds.filter((r) => r.opened).flatMap((r) => r.matches);
}

function option(value, text, chosen) {
  return `<option value="${esc(value)}"${value === chosen ? " selected" : ""}>${esc(text)}</option>`;
}

function deskCard(event, bots, chosen) {
  const matches = openMatches(event);
  const match = matches.find((m) => m.id === chosen.match) || matches[0];
  const kinds = ["result", "disqualify", "replace", "reopen"].map((k) => option(k, t(`referee.kind.${k}`), chosen.kind)).join("");
  const matchOptions = matches.map((m) => option(m.id, `${m.id} · ${m.entrants.join(t("match.versus"))}`, match?.id)).join("");
  const games = match ? match.games.map((g) => option(String(g.number), t("match.game", { n: g.number }), chosen.game)).join("") : "";
  const winners = (match ? match.entrants : []).map((name) => option(name, name, chosen.winner)).join("");
  const scores = (match ? match.entrants : []).map((name) => `<label>${esc(name)} <input type="number" min="0" max="10000" data-score="${esc(name)}" data-testid="decision-score-${esc(name)}"></label>`).join(" ");
  const entrants = event.entrants.map((e) => option(e.name, e.name, chosen.entrant)).join("");
  const botOptions = [option("", t("referee.noBot"), ""), ...bots.map((b) => option(b, t("players.bot", { bot: b }), ""))].join("");
  const kind = chosen.kind || "result";
  const show = (kinds) => (kinds.includes(kind) ? "" : " hidden");
  return `<section class="card wide referee-desk" data-testid="referee-desk"><h2>${esc(t("referee.panel"))}</h2>
    <form class="decision" data-testid="decision-form" data-kind="${esc(kind)}">
      <label>${esc(t("referee.kind"))} <select name="kind" data-testid="decision-kind">${kinds}</select></label>
      <fieldset class="plain"${show(["result", "reopen"])}>
        <label>${esc(t("referee.match"))} <select name="match" data-testid="decision-match">${matchOptions}</select></label>
        <label>${esc(t("referee.game"))} <select name="game" data-testid="decision-game">${kind === "reopen" ? "" : option("", t("referee.wholeMatch"), chosen.game)}${games}</select></label>
      </fieldset>
      <fieldset class="plain"${show(["result"])}>
        <label>${esc(t("referee.winner"))} <select name="winner" data-testid="decision-winner">${winners}${option("-", t("referee.draw"), chosen.winner)}</select></label>
        <p class="small">${esc(t("referee.scores"))} ${scores}</p>
      </fieldset>
      <fieldset class="plain"${show(["disqualify", "replace"])}>
        <label>${esc(t("referee.entrant"))} <select name="entrant" data-testid="decision-entrant">${entrants}</select></label>
      </fieldset>
      <fieldset class="plain"${show(["replace"])}>
        <label>${esc(t("referee.byPlayer"))} <input name="player" maxlength="40" data-testid="decision-by-player"></label>
        <label>${esc(t("referee.byBot"))} <select name="bot" data-testid="decision-by-bot">${botOptions}</select></label>
      </fieldset>
      <label class="block">${esc(t("referee.reason"))}
        <textarea name="reason" rows="2" minlength="3" maxlength="1000" required data-testid="decision-reason"></textarea></label>
      <button class="btn primary" data-testid="decision-submit">${esc(t("referee.submit"))}</button>
    </form></section>`;
}

function decisionBody(form) {
  const data = new FormData(form);
  const kind = data.get("kind");
  const body = { kind, reason: data.get("reason") };
  if (kind === "result" || kind === "reopen") {
    body.match = data.get("match");
    if (data.get("game")) body.game = Number(data.get("game"));
  }
  if (kind === "result") {
    const scores = {};
    form.querySelectorAll("[data-score]").forEach((input) => {
      if (input.value !== "") scores[input.dataset.score] = Number(input.value);
    });
    if (Object.keys(scores).length) body.scores = scores;
    else body.winner = data.get("winner") === "-" ? null : data.get("winner");
  }
  if (kind === "disqualify" || kind === "replace") body.entrant = data.get("entrant");
  if (kind === "replace") body.by = data.get("player") ? { player: data.get("player").trim() } : { bot: data.get("bot") };
  return body;
}

/** The officials' part of the competition page `eventId`; `changed(event)`
 * is told the competition as an act left it. */
export function refereePanel(eventId, changed) {
  // beside the page's <main> (which each render rewrites): a landmark of its own
  const host = document.createElement("aside");
  host.className = "lobby referee";
  host.dataset.testid = "competition-officials";
  host.setAttribute("aria-label", t("referee.log"));
  document.getElementById("page").after(host);
  const path = (end) => `/api/competitions/${encodeURIComponent(eventId)}/${end}`;
  const chosen = { kind: "result" };
  let shown = "";
  let bots = [];
  let botsAsked = false;
  let last = null;

  function draw(event, me) {
    last = { event, me };
    const official = me && event.referees.includes(me) && event.status === "running";
    if (official && !botsAsked) {
      botsAsked = true;
      request("GET", "/api/catalogue").then((c) => {
        bots = (c.bots || []).map((b) => (typeof b === "string" ? b : b.name));
        shown = "";
        if (last) draw(last.event, last.me);
      }).catch(() => { botsAsked = false; });
    }
    const html = logCard(event, me) + (official ? deskCard(event, bots, chosen) : "");
    if (html === shown) return;
    if (host.contains(document.activeElement) && document.activeElement.matches("input, textarea, select")) return; // someone is typing
    shown = html;
    host.innerHTML = html;
  }

  async function send(end, body, done) {
    try {
      const event = await request("POST", path(end), body);
      toast(t(done), "info");
      shown = "";
      changed(event);
      return true;
    } catch (err) {
      toast(err.message);
      return false;
    }
  }

  host.addEventListener("change", (e) => {
    const form = e.target.closest("[data-testid=decision-form]");
    if (!form || !["kind", "match", "game", "winner", "entrant"].includes(e.target.name)) return;
    chosen[e.target.name] = e.target.value;
    if (e.target.name === "kind" || e.target.name === "match") {
      const reason = form.querySelector("[name=reason]").value;
      shown = "";
      e.target.blur();
      draw(last.event, last.me);
      const again = host.querySelector("[name=reason]");
      if (again) again.value = reason;
    }
  });
  host.addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = e.target;
    const button = form.querySelector("button");
    button.disabled = true;
    if (form.matches("[data-testid=decision-form]")) {
      if (await send("decisions", decisionBody(form), "referee.done")) form.reset();
    } else if (form.matches("[data-testid=add-referee-form]")) {
      await send("referees", { add: form.referee.value.trim() }, "referee.done");
    }
    button.disabled = false;
  });
  host.addEventListener("click", (e) => {
    const name = e.target.closest("[data-remove-referee]")?.dataset.removeReferee;
    if (name) send("referees", { remove: name }, "referee.done");
  });
  return { update: draw };
}
