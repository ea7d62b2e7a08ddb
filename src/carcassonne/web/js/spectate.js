// Following a table live without playing it: the table's WebSocket
// (/ws/tables/{id}?patches=1) with no seat token, so the server sends a
// spectator's state on connecting and after every move (the account's own
// seat, for a player who is logged in). Patches are applied to the state
// held (patch.js); one that does not fit it asks for the whole state again
// (`sync`). The connection pings every 25 s, asks for a fresh state when the
// page becomes visible again, and opens again by itself after a drop (a
// pause growing to 5 s); a table that does not exist (code 4404) is not
// asked again. The watch page (watch.js) holds one per board, the broadcast
// layout (broadcast.js) one.

import { applyPatch } from "./patch.js";

const PING_MS = 25000;
const MOST_PAUSE_MS = 5000;
const CLOSE_NO_TABLE = 4404;

export class Spectator {
  /**
   * Follow table `tableId`: `onState(state)` gets every state (the server's
   * `state` message, patches applied), `onConnection(kind)` "connecting",
   * "online", "offline" or "missing" (no such table).
   */
  constructor(tableId, { onState, onConnection = () => {} }) {
    this.tableId = tableId;
    this.onState = onState;
    this.onConnection = onConnection;
    this.ws = null;
    this.raw = null; // the last state received (patches apply to it)
    this.got = 0; // states and patches received on this connection
    this.retry = 0;
    this.closed = false;
    this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.send({ type: "sync" });
    };
    document.addEventListener("visibilitychange", this.onVisible);
    this.connect();
  }

  connect() {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}?patches=1`);
    this.ws = ws;
    this.raw = null;
    this.got = 0;
    this.onConnection("connecting");
    ws.addEventListener("open", () => {
      this.retry = 0;
      this.onConnection("online");
    });
    ws.addEventListener("message", (e) => {
      if (this.ws === ws) this.received(e.data);
    });
    ws.addEventListener("close", (e) => {
      if (this.ws !== ws || this.closed) return;
      if (e.code === CLOSE_NO_TABLE) {
        this.onConnection("missing");
        return;
      }
      this.onConnection("offline");
      const pause = Math.min(MOST_PAUSE_MS, 300 * 2 ** this.retry);
      this.retry += 1;
      setTimeout(() => {
        if (this.ws === ws && !this.closed) this.connect();
      }, pause);
    });
  }

  received(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.type !== "state" && msg.type !== "patch") return;
    const base = this.got;
    this.got += 1;
    if (msg.type === "patch") {
      // a patch to a state not held here: ask once for the whole state
      if (!this.raw || msg.base !== base) {
        if (this.raw) this.send({ type: "sync" });
        this.raw = null;
        return;
      }
      msg = applyPatch(this.raw, msg.ops);
    }
    this.raw = msg;
    this.onState(msg);
  }

  send(obj) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(obj));
  }

  /** Stop following: the connection closes and is not opened again. */
  close() {
    this.closed = true;
    clearInterval(this.pinger);
    document.removeEventListener("visibilitychange", this.onVisible);
    this.ws?.close();
  }
}
