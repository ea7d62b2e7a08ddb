// Talking to the server over HTTP, and what the browser remembers:
// the seat token of every table joined (localStorage), the seat and token
// promised at a rematch not started yet (kept under the finished table's
// id), the player's name and the level last chosen for quick play.

const SEATS = "carcassonne.seats";
const REMATCHES = "carcassonne.rematches";
const NAME = "carcassonne.name";
const QUICK_BOT = "carcassonne.quickBot";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error || `HTTP ${status}`);
    this.status = status;
    this.rule = body?.rule ?? null;
  }
}

export async function request(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, credentials: "same-origin", body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

export const api = {
  catalogue: () => request("GET", "/api/catalogue"),
  tables: (status) => request("GET", status ? `/api/tables?status=${status}` : "/api/tables"),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (body) => request("POST", "/api/tables", body),
  join: (id, seat, name) => request("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, name }),
  start: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/start`, {}, token),
  leave: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/leave`, {}, token),
  resign: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/resign`, {}, token),
  record: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/record`),
  features: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/features`),
  placements: (id, token) => request("GET", `/api/tables/${encodeURIComponent(id)}/placements`, undefined, token),
  chat: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/chat`),
  report: (message, reason) => request("POST", "/api/reports", { message, reason }),
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, {}, token),
  signUp: (name, password, seats) => request("POST", "/api/accounts", { name, password, seats }),
  logIn: (name, password) => request("POST", "/api/session", { name, password }),
  logOut: () => request("DELETE", "/api/session"),
  session: () => request("GET", "/api/session"),
  me: () => request("GET", "/api/me"),
  player: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (family) => request("GET", `/api/leaderboard?family=${encodeURIComponent(family)}`),
  competitions: () => request("GET", "/api/competitions"),
  competition: (id) => request("GET", `/api/competitions/${encodeURIComponent(id)}`),
  createCompetition: (body) => request("POST", "/api/competitions", body),
  enter: (id, body = {}) => request("POST", `/api/competitions/${encodeURIComponent(id)}/entrants`, body),
  startCompetition: (id) => request("POST", `/api/competitions/${encodeURIComponent(id)}/start`, {}),
  settings: () => request("GET", "/api/me/settings"),
  putSettings: (body) => request("PUT", "/api/me/settings", body),
  putEmail: (email) => request("PUT", "/api/me/email", { email }),
  askReset: (name) => request("POST", "/api/password-reset", { name }),
  resetPassword: (token, password) => request("POST", `/api/password-reset/${encodeURIComponent(token)}`, { password }),
  playMatch: (id, match) => request("POST", `/api/competitions/${encodeURIComponent(id)}/matches/${encodeURIComponent(match)}/play`, {}),
};

/** Every guest seat this browser holds, as the server's claim list. */
export function heldSeats() {
  return Object.entries(seats.all()).map(([table, s]) => ({ table, token: s.token })).slice(0, 200);
}

/** A map of table id -> {seat, token} kept in localStorage under `key`. */
function seatStore(key) {
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(key)) || {};
    } catch {
      return {};
    }
  };
  const write = (change) => {
    const all = read();
    change(all);
    localStorage.setItem(key, JSON.stringify(all));
  };
  return {
    all: read,
    get: (id) => read()[id] || null,
    remember: (id, seat, token) => write((all) => { all[id] = { seat, token }; }),
    forget: (id) => write((all) => { delete all[id]; }),
  };
}

/** The seats this browser holds, and those promised at rematches (by the finished table's id). */
const seats = seatStore(SEATS);
const rematches = seatStore(REMATCHES);

/** The seat and token this browser holds at table `id`, or null. */
export const seatFor = seats.get;
export const rememberSeat = seats.remember;
export const forgetSeat = seats.forget;

/** The seat and token promised at the rematch of finished table `id`, or null. */
export const rematchFor = rematches.get;
export const rememberRematch = rematches.remember;
export const forgetRematch = rematches.forget;

export function playerName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  if (name) localStorage.setItem(NAME, name);
}

/** The bot last chosen for quick play ("" on a first visit). */
export function quickBot() {
  return localStorage.getItem(QUICK_BOT) || "";
}

export function rememberQuickBot(bot) {
  if (bot) localStorage.setItem(QUICK_BOT, bot);
}

/** Escape text for HTML. */
export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
