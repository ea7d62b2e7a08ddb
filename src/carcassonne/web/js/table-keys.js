// The table's keys (documented on the how-to page): on your turn the arrow
// keys move the tile over the squares it fits (the first press puts it on
// the free square nearest the last tile, and the focus on the board), R
// turns it, Tab goes to its figure spots (Space chooses one, Enter on a
// chosen one confirms), Enter confirms, Escape takes the tile back; while
// the dragon flies the arrows move a cursor over its steps and Enter takes
// the step. + − F zoom.
//
// Each move of the tile is said by the announcer: the square, the turn and
// what the tile would join, complete and score there (text-board.js).

import { t } from "./i18n.js";
import { isArrow, stepSquare } from "./keys.js";
import { legalDragonSteps, legalSquares, parseCompact } from "./legal.js";

/**
 * The keydown handler of the table. `table` gives what it acts on: state()
 * (the table's S), myTurn(), board, textBoard, announcer, and the turn's
 * actions placeAt(at), rotate(), confirm(), takeBack(), stepDragon(at).
 */
export function tableKeys(table) {
  let dragonCursor = null;

  function say(at, rotation) {
    const where = t("announce.square", { x: at[0], y: at[1], degrees: rotation });
    const words = () => table.textBoard.describe(at, rotation);
    if (words()) {
      table.announcer.say(`${where}: ${words()}`);
      return;
    }
    table.announcer.say(where);
    table.textBoard.load(() => {
      const S = table.state();
      if (words() && S.pick?.at[0] === at[0] && S.pick?.at[1] === at[1] && S.pick.rotation === rotation) {
        table.announcer.say(`${where}: ${words()}`);
      }
    });
  }

  function lastSquare(S) {
    const moves = S.msg?.view?.moves || [];
    for (let i = moves.length - 1; i >= 0; i--) {
      const at = parseCompact(moves[i])?.at;
      if (at) return at;
    }
    return [0, 0];
  }

  function arrow(key) {
    const S = table.state();
    // the keys act on the board now: Tab goes on to the tile's spots, Enter confirms
    document.getElementById("board")?.focus({ preventScroll: true });
    const steps = legalDragonSteps(S.msg.legal);
    if (steps.length) {
      dragonCursor = stepSquare(dragonCursor && steps.some((s) => s[0] === dragonCursor[0] && s[1] === dragonCursor[1]) ? dragonCursor : null,
        steps, key, lastSquare(S));
      table.board.setCursor(dragonCursor);
      table.announcer.say(t("announce.step", { x: dragonCursor[0], y: dragonCursor[1] }));
      return;
    }
    const squares = legalSquares(S.msg.legal, S.handTile);
    const at = stepSquare(S.pick?.at || null, squares, key, lastSquare(S));
    if (!at) return;
    if (!S.pick || at[0] !== S.pick.at[0] || at[1] !== S.pick.at[1]) table.placeAt(at);
    const now = table.state().pick;
    if (now) {
      table.board.show(now.at);
      say(now.at, now.rotation);
    }
  }

  /** Tab from the page (not from a control) goes to the tile's first figure spot. */
  function tabToSpots(e) {
    const S = table.state();
    const from = document.activeElement;
    if (!S.pick || (from && from !== document.body && !from.closest?.("#board"))) return false;
    if (from?.closest?.("[role=button]")) return false;
    const first = document.querySelector("#board [data-testid=figure-spot], #board [data-testid=action-spot]");
    if (!first) return false;
    e.preventDefault();
    first.focus();
    return true;
  }

  return (e) => {
    if (e.target.closest?.("input, select, textarea")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const S = table.state();
    if (isArrow(e.key)) {
      if (!table.myTurn() || S.pending) return;
      e.preventDefault();
      document.body.classList.add("keyboard");
      arrow(e.key);
    } else if (e.key === "Tab" && !e.shiftKey) {
      document.body.classList.add("keyboard");
      tabToSpots(e);
    } else if (e.key === "r" || e.key === "R") {
      table.rotate();
      const now = table.state().pick;
      if (now) say(now.at, now.rotation);
    } else if (e.key === "Enter" && !e.target.closest?.("button, a, summary")) {
      if (dragonCursor && legalDragonSteps(S.msg?.legal).length) {
        const at = dragonCursor;
        dragonCursor = null;
        table.board.setCursor(null);
        table.stepDragon(at);
      } else if (S.pick) {
        table.confirm();
      }
    } else if (e.key === "Escape" && S.pick) {
      table.takeBack();
      table.announcer.say(t("announce.takenBack"));
    } else if (e.key === "+" || e.key === "=") table.board.zoomBy(1.25);
    else if (e.key === "-") table.board.zoomBy(0.8);
    else if (e.key === "f" || e.key === "F") table.board.toggleFit();
  };
}
