// Resigning a game (POST /api/tables/{id}/resign, docs/server.md). A seated
// player sees "Resign" in the header while the game is played; it asks
// first, in a box over the board, saying what it means: a rated game ranks
// them last whatever their score, and either a bot plays their seat to the
// end for the others or, when only one other player is left, the game ends
// at once with that player the winner. "Resign" there sends it, "Keep
// playing" closes the box. The server's next state shows the rest: the seat
// marked resigned, this page watching, or the end of the game.

import { api, esc, forgetSeat, seatFor } from "./api.js";
import { t } from "./i18n.js";
import { seatNames } from "./panel.js";
import { toast } from "./ui.js";

const $ = (id) => document.getElementById(id);
let sending = false;

/** The seats still in play once `seat` resigns: neither resigned nor out of time. */
function othersInPlay(table, seat) {
  const out = table.clock?.out || [];
  return (table.seats || []).filter((s) => s.seat !== seat && !s.resigned && !out.includes(s.seat)).map((s) => s.seat);
}

/** What resigning means at this table, in words. */
function consequences(table, view, seat) {
  const others = othersInPlay(table, seat);
  const names = seatNames(table, view);
  const lines = [others.length >= 2 ? t("resign.goesOn") : t("resign.ends", { players: others.map((i) => names[i]).join(", ") })];
  if (table.rated) lines.push(t("resign.rated"));
  lines.push(t("resign.final"));
  return lines.map((line) => `<p>${esc(line)}</p>`).join("");
}

/** Show "Resign" to a seated player while the game is played (and the box only then). */
export function renderResign({ table, seat }) {
  const can = seat != null && table?.status === "playing";
  $("resign").hidden = !can;
  if (!can) $("resign-confirm").hidden = true;
}

/** Wire "Resign" and its box; `state()` is the page's last state message. */
export function setUpResign(tableId, state) {
  const box = $("resign-confirm");
  $("resign").addEventListener("click", () => {
    const msg = state();
    if (!msg?.table || msg.seat == null) return;
    $("resign-text").innerHTML = consequences(msg.table, msg.view, msg.seat);
    box.hidden = false;
    $("resign-no").focus();
  });
  $("resign-no").addEventListener("click", () => { box.hidden = true; });
  $("resign-yes").addEventListener("click", async () => {
    if (sending) return;
    sending = true;
    $("resign-yes").disabled = true;
    try {
      await api.resign(tableId, seatFor(tableId)?.token);
      forgetSeat(tableId); // the token opens no seat any more
      box.hidden = true;
      toast(t("resign.done"), "ok");
    } catch (err) {
      toast(err.message);
    } finally {
      sending = false;
      $("resign-yes").disabled = false;
    }
  });
}
