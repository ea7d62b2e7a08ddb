// The side panel of a table: players with their scores, figures left of
// each kind, trade goods and the pair or wonder of each player, whose
// (builder's second) turn it is, their time at a timed table, the tiles
// left (and which kinds remain), and the final score breakdown: who
// resigned, and in a rated game each player's rating before and after.
// With the next tile drawn ahead (draw_ahead, VAR-AHEAD-4) each player's
// held tile is shown in their row when the view shows it, face down when it
// is hidden from this reader.

import { esc } from "./api.js";
import { clockMarkup } from "./clocks.js";
import { has, t } from "./i18n.js";
import { breakdown } from "./log.js";
import { botWord, seatName } from "./names.js";
import { figureIcon, goodIcon, icon, meepleIcon, miniTile, PLAYER_COLOURS, seatClass } from "./tiles.js";
import { pairBadge } from "./wonderpanel.js";

const REASONS = ["city", "road", "monastery", "field"];
/** The icon of a reason that is not one of REASONS. */
const REASON_ICONS = { watchtower: "icon-watchtower", wonder: "icon-wonder", garden: "icon-garden", fairy: "icon-fairy" };
const GOODS = ["wine", "grain", "cloth"];

function botLabel(seat) {
  if (!seat || seat.kind !== "bot") return "";
  const resigned = seat.resigned ? `<span class="badge resigned" data-testid="resigned-${seat.seat}">${esc(t("players.resigned"))}</span>` : "";
  return `${resigned}<span class="badge bot" data-testid="bot-badge" title="${esc(t("players.botTitle", { bot: botWord(seat.bot) }))}">${esc(t("players.bot", { bot: botWord(seat.bot) }))}</span>`;
}

/** A seat's rating before and after a rated game, "1500 → 1518", the change ("+18") below; "" when it has none. */
function ratingChange(seat) {
  if (seat?.rating_after == null) return "";
  const change = seat.rating_after - seat.rating_before;
  return `${seat.rating_before} → ${seat.rating_after}<small>${change > 0 ? "+" : change < 0 ? "−" : "±"}${Math.abs(change)}</small>`;
}

/**
 * Names of the seats as shown (the status, the log, the final scores...),
 * from the view (game started) or the table: a bot seat the server named
 * after its bot gets that bot's name in the reader's language (names.js).
 */
export function seatNames(table, view) {
  const names = view?.players || (table?.seats || []).map((s, i) => s.name || t("players.seat", { n: i + 1 }));
  return names.map((name, i) => seatName(table?.seats?.[i], name));
}

/**
 * Players: colour, name, bot marker, score, figures left, whose turn, and
 * with `clocks` (clocks.js liveClock) the time of each.
 * `scores` overrides the view's scores (the replay shows its own).
 */
export function renderPlayers(el, { table, view, seat, scores, current, clocks = null }) {
  const names = seatNames(table, view);
  const supply = view?.supply || [];
  const shown = scores || view?.scores || names.map(() => 0);
  const turn = current !== undefined ? current : view?.current;
  el.innerHTML = `<h3>${esc(t("players.title"))}</h3>` + names.map((name, i) => {
    const s = table?.seats?.[i];
    const figs = Object.entries(supply[i] || {}).map(([figure, count]) => {
      const title = esc(t("players.figuresLeft", { figure: t(`figure.${figure}`), count }));
      if (figure === "meeple") {
        return `<span class="supply" title="${title}"><span class="meeples" data-testid="meeples-${i}" data-count="${count}">${Array.from({ length: count }, () => meepleIcon(i, 13)).join("")}<b>${count}</b></span></span>`;
      }
      return `<span class="supply special${count ? "" : " used"}" title="${title}" data-testid="supply-${i}-${esc(figure)}" data-count="${count}">${figureIcon(figure, i, figure === "large" ? 18 : 16)}<b>${count}</b></span>`;
    }).join(" ");
    const extra = turn === i && view?.extra_turn && !view?.is_over
      ? ` <span class="badge extra" data-testid="extra-turn">${esc(t("players.extraTurn"))}</span>` : "";
    const hand = view?.hands?.[i];
    const handHtml = view?.options?.draw_ahead ? heldTile(view, i, turn === i && !view.is_over)
      : hand && hand.length && view?.options?.hand > 1
        ? `<div class="hand-row">${hand.map((tile) => miniTile(tile, 0, 26)).join("")}</div>` : "";
    const classes = ["player", seatClass(i), turn === i ? "turn" : "", seat === i ? "me" : "", view?.winners?.includes(i) && view.is_over ? "winner" : ""].join(" ");
    return `<div class="${classes}" data-testid="player-${i}">
      <span class="turn-mark" aria-hidden="true">${turn === i ? "▶" : ""}</span>
      <span class="swatch">${meepleIcon(i, 22)}</span>
      <span class="pname">${esc(name)} ${seat === i ? `<span class="badge you">${esc(t("players.you"))}</span>` : ""}${botLabel(s)}${extra}${view?.winners?.includes(i) && view.is_over ? ` ${icon("crown", 18, esc(t("final.winner")))}` : ""}</span>
      <span class="score" data-testid="score-${i}">${shown[i] ?? 0}</span>
      <div class="pfig">${figs}</div>${clockMarkup(clocks, i)}${goodsRow(view?.goods, i)}${pairBadge(view, i)}${handHtml}
    </div>`;
  }).join("");
}

/**
 * The tile player `i` holds for their next turn (draw_ahead): its picture
 * when the view shows it, a face-down tile when it is hidden (VAR-AHEAD-4),
 * nothing when they hold none (the river phase, the stack's end). On the
 * holder's turn it is the tile being placed, and says so.
 */
function heldTile(view, i, placing) {
  const hand = view.hands?.[i];
  const size = view.hand_sizes?.[i] ?? (hand ? hand.length : 0);
  if (!size && !hand?.length) return "";
  const title = esc(t(placing ? "players.placingTitle" : "players.heldTitle"));
  const shown = hand?.length ? hand.map((tile) => miniTile(tile, 0, 26)).join("")
    : Array.from({ length: size }, () => `<span class="face-down" data-testid="face-down-${i}" aria-hidden="true"></span>`).join("");
  return `<div class="held-tile" data-testid="held-${i}" data-tiles="${esc((hand || []).join(" "))}" title="${title}">`
    + `<span class="muted">${esc(t(placing ? "players.placing" : "players.held"))}</span>${shown}</div>`;
}

/**
 * A player's trade goods (Traders & Builders): a count per good, marked when
 * the player holds the most of it (10 points at the end, shared on a tie).
 */
function goodsRow(goods, i) {
  if (!goods?.[i]) return "";
  const cells = GOODS.map((g) => {
    const n = goods[i][g] ?? 0;
    const best = Math.max(...goods.map((held) => held[g] ?? 0));
    const leads = n > 0 && n === best;
    const title = esc(t(leads ? "goods.leads" : "goods.held", { good: t(`good.${g}`), count: n }));
    return `<span class="good${leads ? " leads" : ""}${n ? "" : " none"}" title="${title}" data-good="${g}" data-count="${n}">${goodIcon(g, 16)}<b>${n}</b></span>`;
  }).join("");
  return `<div class="goods" data-testid="goods-${i}">${cells}</div>`;
}

/** Tiles left in the stack, and (unless hidden) how many of each kind remain. */
export function renderStack(el, { table, view }) {
  if (!view || view.is_over) {
    el.innerHTML = "";
    el.hidden = true;
    return;
  }
  el.hidden = false;
  const aside = view.princess_dragon?.set_aside
    ? `<div class="stack-line" data-testid="set-aside"><span>${esc(t("stack.setAside"))}</span> <b>${view.princess_dragon.set_aside}</b></div>` : "";
  const left = `<div class="stack-line"><span>${esc(t("stack.left"))}</span> <b data-testid="stack-size">${view.stack_size}</b></div>${aside}`;
  if (table?.hide_distribution || table?.aids === "off") {
    const why = table.aids === "off" ? "stack.aidsOff" : "stack.hidden";
    el.innerHTML = `${left}<p class="muted small" data-testid="distribution-hidden">${esc(t(why))}</p>`;
    return;
  }
  const open = el.querySelector("details")?.open ? " open" : "";
  const unseen = Object.entries(view.unseen || {});
  const cells = unseen.map(([tile, count]) => `<span class="dist-cell" title="${esc(tile)}">${miniTile(tile, 0, 34)}<b>×${count}</b></span>`).join("");
  el.innerHTML = `${left}<details data-testid="distribution"${open}><summary>${esc(t("stack.distribution", { kinds: unseen.length }))}</summary><div class="dist">${cells || `<span class="muted">${esc(t("stack.none"))}</span>`}</div></details>`;
}

function reasonName(r) {
  return has(`reasons.${r}`) ? t(`reasons.${r}`) : r;
}

function reasonIcon(r) {
  if (REASONS.includes(r)) return icon(`icon-${r}`, 18, esc(reasonName(r)));
  if (REASON_ICONS[r]) return icon(REASON_ICONS[r], 18, esc(reasonName(r)));
  if (r === "goods") return `<span class="goods-head" role="img" aria-label="${esc(reasonName(r))}">${goodIcon("wine", 15)}${goodIcon("grain", 15)}${goodIcon("cloth", 15)}</span>`;
  return esc(reasonName(r));
}

/** The final score breakdown table. */
export function renderFinal(el, { table, view }) {
  if (!view?.is_over) {
    el.hidden = true;
    el.innerHTML = "";
    return;
  }
  const names = seatNames(table, view);
  const rows = breakdown(view.events || [], names.length);
  const seats = table?.seats || [];
  // the winners first, then by score; who resigned last (they rank last)
  const rank = (i) => [view.winners?.includes(i) ? 0 : 1, seats[i]?.resigned ? 1 : 0, -view.scores[i]];
  const order = names.map((_, i) => i).sort((a, b) => {
    const [x, y] = [rank(a), rank(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  const rated = seats.some((seat) => seat.rating_after != null);
  const resigned = seats.filter((seat) => seat.resigned).map((seat) => names[seat.seat]);
  // every other reason scored (goods...) gets a column of its own
  const reasons = [...REASONS, ...new Set((view.events || []).map((e) => e.reason).filter((r) => !REASONS.includes(r)))];
  // each column named in words under its icon; each number with what made
  // it (during the game + at the end) written below, so touch needs no hover
  const head = `<tr><th></th>${reasons.map((r) => `<th class="reason-head" data-reason="${esc(r)}">${reasonIcon(r)}<span class="reason-name">${esc(reasonName(r))}</span></th>`).join("")}<th class="reason-head"><span class="reason-name">${esc(t("final.total"))}</span></th>${rated ? `<th class="reason-head"><span class="reason-name">${esc(t("final.rating"))}</span></th>` : ""}</tr>`;
  const body = order.map((i) => {
    const row = rows[i];
    const cells = reasons.map((r) => {
      const v = row[r] || { game: 0, final: 0 };
      // where the column is narrow the split breaks before its "+", never inside
      const split = v.game && v.final ? `<small>${v.game} +\u00a0${v.final}</small>` : "";
      return `<td title="${esc(t("final.split", { game: v.game, final: v.final }))}" data-reason="${esc(r)}">${v.game + v.final}${split}</td>`;
    }).join("");
    const win = view.winners?.includes(i) ? ` ${icon("crown", 16, esc(t("final.winner")))}` : "";
    const gaveUp = seats[i]?.resigned ? ` <span class="badge resigned">${esc(t("players.resigned"))}</span>` : "";
    const rating = rated ? `<td class="rating" data-testid="rating-change-${i}">${ratingChange(seats[i])}</td>` : "";
    return `<tr class="${view.winners?.includes(i) ? "winner" : ""}" data-testid="final-row-${i}"><th class="${seatClass(i)}"><span class="chip">${esc(names[i])}</span>${win}${gaveUp}</th>${cells}<td class="total" data-testid="final-score-${i}">${view.scores[i]}</td>${rating}</tr>`;
  }).join("");
  const winners = (view.winners || []).map((w) => names[w]).join(", ");
  // a game ended by a resignation was not scored at its end
  let ended = resigned.length ? `<p class="resigned-line" data-testid="resigned-line">${esc(t("final.resigned", { players: resigned.join(", ") }))}</p>` : "";
  // a game lost on time (a flag that is a loss) ended at the flag
  if (table?.flag != null) ended += `<p class="resigned-line" data-testid="flag-line">${esc(t("final.flag", { player: names[table.flag] }))}</p>`;
  el.hidden = false;
  el.innerHTML = `<h3>${esc(t("final.title"))}</h3>
    <p class="winner-line">${esc(t(view.winners?.length > 1 ? "final.tie" : "final.wins", { players: winners }))}</p>${ended}
    <div class="final-wrap"><table class="final-table">${head}${body}</table></div>
    <p class="muted small">${esc(t("final.note"))}</p>`;
}
