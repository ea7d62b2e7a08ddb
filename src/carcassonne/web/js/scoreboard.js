// A game as a watcher sees it, without the controls of the table page: the
// board as it stands with the last tile marked in its player's colour, one
// line per player (colour and mark, name, score, clock, whose turn, the
// winners at the end) and a line on where the game is. The watch page's
// small boards (watchcard.js) and the broadcast layout (broadcast.js) draw
// with these; sizes are their style sheet's (watch.css).

import { esc } from "./api.js";
import { clockMarkup } from "./clocks.js";
import { t } from "./i18n.js";
import { parseCompact } from "./legal.js";
import { moverOf } from "./log.js";
import { seatClass } from "./palette.js";
import { seatNames } from "./panel.js";
import { icon } from "./tiles.js";
import { withOwners } from "./wonderpanel.js";

/** Who made the last move and where its tile lies: {at, player}, or null. */
export function lastMove(view) {
  const moves = view?.moves || [];
  if (!moves.length) return null;
  const move = parseCompact(moves[moves.length - 1]);
  return { at: move.at || null, player: moverOf(moves.length - 1, view.players.length, view.movers) };
}

/** Draw `view` on `board` (a BoardView): tiles, figures, the dragon and fairy, the last tile. */
export function drawGame(board, view) {
  board.setTiles(withOwners(view));
  board.setFigures(view?.figures || []);
  board.setNeutral(view?.princess_dragon || null);
  const last = lastMove(view);
  board.setLast(last?.at ?? null, last?.at ? last.player : null);
  board.refit();
}

/** Whose turn it is (null when nobody's: before the start, at the end, an abandoned game). */
export function turnOf(table, view) {
  if (!view || view.is_over || table?.status !== "playing") return null;
  return view.current ?? null;
}

/**
 * The players, one line each: `<li class="seat-N">` with the mark, the name,
 * the score and (with `clocks`, clocks.js liveClock) the time left; the
 * player whose turn it is marked `turn`, the winners at the end `winner`.
 * `prefix` starts each line's data-testid ("PREFIX-player-N").
 */
export function scoreLines(table, view, clocks, prefix) {
  const names = seatNames(table, view);
  const scores = view?.scores || names.map(() => 0);
  const turn = turnOf(table, view);
  const won = view?.is_over ? view.winners || [] : [];
  return names.map((name, i) => {
    const classes = [seatClass(i), turn === i ? "turn" : "", won.includes(i) ? "winner" : ""].filter(Boolean).join(" ");
    const crown = won.includes(i) ? icon("crown", 16, esc(t("final.winner"))) : "";
    return `<li class="${classes}" data-testid="${esc(prefix)}-player-${i}" data-turn="${turn === i}">
      <span class="turn-mark" aria-hidden="true">${turn === i ? "▶" : ""}</span>
      <span class="chip">${esc(name)}</span>${crown}
      <b class="score" data-testid="${esc(prefix)}-score-${i}">${scores[i] ?? 0}</b>${clockMarkup(clocks, i)}</li>`;
  }).join("");
}

/** Where the game is, in a few words: waiting, the move and tiles left, or the winners. */
export function gameLine(table, view) {
  if (!table) return t("status.loading");
  if (table.status === "waiting" || !view) return t("status.waiting");
  if (table.status === "abandoned") return t("status.abandoned");
  const names = seatNames(table, view);
  if (view.is_over) {
    const players = (view.winners || []).map((i) => names[i]).join(", ");
    return t(view.winners?.length > 1 ? "status.overTie" : "status.over", { players });
  }
  const moves = (view.moves || []).length;
  return `${t("watch.move", { n: moves + 1 })} · ${t("watch.tilesLeft", { n: view.stack_size ?? 0 })}`;
}
