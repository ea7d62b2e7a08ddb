// The end of a game: "Rematch" (or "Accept rematch" when another player
// offered one), how many of the people accepted, and "Back to the lobby".
// The server answers an offer with this seat's seat and token at the
// rematch; they are kept under the finished table's id (a reload keeps
// them) until the rematch has its table, then stored as that table's seat
// and the page goes there. Bots need no acceptance; spectators get no
// button.

import { api, esc, forgetRematch, rematchFor, rememberRematch, rememberSeat, seatFor } from "./api.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

let asking = false;

function go(table) {
  location.href = `/table/${encodeURIComponent(table)}`;
}

/** The seats still played by a person: those whose acceptance counts. */
function people(table) {
  return (table.seats || []).filter((s) => s.kind === "human").map((s) => s.seat);
}

/**
 * Follow a rematch that has its table: when this browser accepted (its
 * promised token is kept), or when it started while this seat, which had
 * accepted, watched. Returns whether the page is leaving.
 */
export function followRematch(tableId, msg, before) {
  const offer = msg.table?.rematch;
  if (!offer?.table || asking) return false; // the answer being awaited brings the token
  const promised = rematchFor(tableId);
  if (promised) {
    rememberSeat(offer.table, promised.seat, promised.token);
    forgetRematch(tableId);
    go(offer.table);
    return true;
  }
  const startedNow = before != null && !before.table?.rematch?.table;
  if (startedNow && msg.seat != null && offer.accepted.includes(msg.seat)) {
    go(offer.table); // the account holds the seat there
    return true;
  }
  return false;
}

async function ask(tableId, redraw) {
  if (asking) return;
  asking = true;
  redraw();
  try {
    const res = await api.rematch(tableId, seatFor(tableId)?.token);
    if (res.table) {
      rememberSeat(res.table, res.seat, res.token);
      forgetRematch(tableId);
      go(res.table);
      return;
    }
    rememberRematch(tableId, res.seat, res.token);
  } catch (err) {
    toast(err.message);
  } finally {
    asking = false;
  }
  redraw();
}

function buttonText(offer, seat) {
  if (asking) return t("rematch.sending");
  if (!offer) return t("rematch.offer");
  return offer.accepted.includes(seat) ? t("rematch.waiting") : t("rematch.accept");
}

/** Add the rematch button, its status and the way back to the lobby to the final scores `el`. */
export function renderRematch(el, { table, seat, tableId, redraw }) {
  if (table?.status !== "finished" || el.hidden) return;
  const offer = table.rematch;
  const mine = seat != null && offer?.accepted.includes(seat);
  const button = seat == null || offer?.table ? ""
    : `<button class="btn primary" data-testid="rematch"${mine || asking ? " disabled" : ""}>${esc(buttonText(offer, seat))}</button>`;
  const open = offer?.table
    ? `<a class="btn primary" data-testid="rematch-open" href="/table/${encodeURIComponent(offer.table)}">${esc(t("rematch.open"))}</a>` : "";
  const humans = people(table);
  const status = !offer ? ""
    : `<p class="rematch-status" data-testid="rematch-status">${esc(offer.table ? t("rematch.started")
      : t("rematch.status", { n: offer.accepted.filter((s) => humans.includes(s)).length, total: humans.length }))}</p>`;
  const box = document.createElement("div");
  box.className = "final-actions";
  box.innerHTML = `<div class="actions">${button}${open}<a class="btn" data-testid="back-to-lobby" href="/">${esc(t("rematch.lobby"))}</a></div>${status}`;
  el.appendChild(box);
  box.querySelector("[data-testid=rematch]")?.addEventListener("click", () => ask(tableId, redraw));
}
