// The waiting room of a table that has not started: the link to share, the
// seats (sit on a free one), and "Start now" for a seated player (the
// server gives the free human seats to bots). A guest sits under the name
// typed (remembered for the lobby; the seat's own name if none is typed,
// which is not remembered); a logged-in player sits under their account's
// name, which the room says instead of offering a box.

import { api, esc, playerName, rememberName, rememberSeat, seatFor } from "./api.js";
import { t } from "./i18n.js";
import { botWord, seatName } from "./names.js";
import { seatClass } from "./tiles.js";
import { toast } from "./ui.js";

/** The logged-in player's name, null for a guest, undefined until the server said. */
let account;
let asked = false;

/** Ask the server once who is logged in; `redraw()` once it said. */
function askAccount(redraw) {
  if (asked) return;
  asked = true;
  api.session().then((who) => { account = who.name; }, () => { account = null; }).then(redraw);
}

/** Fill `el` for `table` (hidden unless waiting); `seat` is mine or null. */
export function showWaiting(el, { table, tableId, seat, onJoined, redraw = () => {} }) {
  if (table?.status !== "waiting") {
    el.hidden = true;
    return;
  }
  askAccount(redraw);
  el.hidden = false;
  const typed = el.querySelector("#join-name")?.value; // keep what is being typed
  const link = `${location.origin}/table/${encodeURIComponent(table.id)}`;
  const seats = table.seats.map((s, i) => {
    const who = s.kind === "bot" ? `${esc(seatName(s))} <span class="badge bot">${esc(t("players.bot", { bot: botWord(s.bot) }))}</span>`
      : s.taken ? `${esc(s.name || "")}${seat === i ? ` <span class="badge you">${esc(t("players.you"))}</span>` : ""}`
        : seat == null ? `<button class="btn small" data-join="${i}" data-testid="join-seat-${i}">${esc(t("waiting.join"))}</button>`
          : `<span class="muted">${esc(t("waiting.free"))}</span>`;
    return `<li class="${seatClass(i)}"><span class="dot"></span>${who}</li>`;
  }).join("");
  el.innerHTML = `<h2>${esc(t("waiting.title"))}</h2>
    <p>${esc(t("waiting.share"))}</p>
    <div class="share"><input readonly value="${esc(link)}" data-testid="share-link" aria-label="${esc(t("waiting.share"))}"><button class="btn" data-copy>${esc(t("waiting.copy"))}</button></div>
    ${seat != null ? "" : account ? `<p data-testid="join-as">${esc(t("waiting.joinAs", { name: account }))}</p>`
    : `<label class="field">${esc(t("lobby.yourName"))} <input id="join-name" data-testid="join-name" value="${esc(typed ?? playerName())}" maxlength="30"></label>`}
    <ul class="seats">${seats}</ul>
    ${seat != null ? `<button class="btn primary" data-start data-testid="start-now">${esc(t("waiting.start"))}</button>` : ""}`;
  el.querySelector("[data-copy]").addEventListener("click", () => {
    navigator.clipboard?.writeText(link).then(() => toast(t("waiting.copied"), "ok"), () => {});
    el.querySelector("input").select();
  });
  for (const b of el.querySelectorAll("[data-join]")) {
    b.addEventListener("click", async () => {
      const n = Number(b.dataset.join);
      const typedName = (el.querySelector("#join-name")?.value || "").trim();
      rememberName(typedName); // (nothing typed: the seat's name, never remembered as the player's)
      const name = account || typedName || t("players.seat", { n: n + 1 });
      try {
        const res = await api.join(tableId, n, name);
        rememberSeat(tableId, res.seat, res.token);
        onJoined();
      } catch (err) {
        toast(err.message);
      }
    });
  }
  el.querySelector("[data-start]")?.addEventListener("click", async () => {
    try {
      await api.start(tableId, seatFor(tableId)?.token);
    } catch (err) {
      toast(err.message);
    }
  });
}
