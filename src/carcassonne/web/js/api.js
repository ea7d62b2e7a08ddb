// Talking to the server over HTTP, and what the browser remembers:
// the seat token of every table joined (localStorage), the seat and token
// promised at a rematch not started yet (kept under the finished table's
// id), and the player's name.

const SEATS = "carcassonne.seats";
const REMATCHES = "carcassonne.rematches";
const NAME = "carcassonne.name";

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.error || `HTTP ${status}`);
    this.status = status;
    this.rule = body?.rule ?? null;
  }
}

async function request(method, path, body, token) {
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
  record: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}/record`),
  rematch: (id, token) => request("POST", `/api/tables/${encodeURIComponent(id)}/rematch`, {}, token),
  signUp: (name, password, seats) => request("POST", "/api/accounts", { name, password, seats }),
  logIn: (name, password) => request("POST", "/api/session", { name, password }),
  logOut: () => request("DELETE", "/api/session"),
  me: () => request("GET", "/api/me"),
  player: (name) => request("GET", `/api/players/${encodeURIComponent(name)}`),
  leaderboard: (family) => request("GET", `/api/leaderboard?family=${encodeURIComponent(family)}`),
  competitions: () => request("GET", "/api/competitions"),
  competition: (id) => request("GET", `/api/competitions/${encodeURIComponent(id)}`),
  createCompetition: (body) => request("POST", "/api/competitions", body),
  enter: (id, body = {}) => request("POST", `/api/competitions/${encodeURIComponent(id)}/entrants`, body),
  startCompetition: (id) => request("POST", `/api/competitions/${encodeURIComponent(id)}/start`, {}),
  playMatch: (id, match) => request("POST", `/api/competitions/${encodeURIComponent(id)}/matches/${encodeURIComponent(match)}/play`, {}),
};

/** Every guest seat this browser holds, as the server's claim list. */
export function heldSeats() {
  return Object.entries(readSeats()).map(([table, s]) => ({ table, token: s.token })).slice(0, 200);
}

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS)) || {};
  } catch {
    return {};
  }
}

/** The seat and token this browser holds at table `id`, or null. */
export function seatFor(id) {
  return readSeats()[id] || null;
}

export function rememberSeat(id, seat, token) {
  const all = readSeats();
  all[id] = { seat, token };
  localStorage.setItem(SEATS, JSON.stringify(all));
}

export function forgetSeat(id) {
  const all = readSeats();
  delete all[id];
  localStorage.setItem(SEATS, JSON.stringify(all));
}

function readRematches() {
  try {
    return JSON.parse(localStorage.getItem(REMATCHES)) || {};
  } catch {
    return {};
  }
}

/** The seat and token promised at the rematch of finished table `id`, or null. */
export function rematchFor(id) {
  return readRematches()[id] || null;
}

export function rememberRematch(id, seat, token) {
  const all = readRematches();
  all[id] = { seat, token };
  localStorage.setItem(REMATCHES, JSON.stringify(all));
}

export function forgetRematch(id) {
  const all = readRematches();
  delete all[id];
  localStorage.setItem(REMATCHES, JSON.stringify(all));
}

export function playerName() {
  return localStorage.getItem(NAME) || "";
}

export function rememberName(name) {
  if (name) localStorage.setItem(NAME, name);
}

/** Escape text for HTML. */
export function esc(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
