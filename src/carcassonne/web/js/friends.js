// Friends, blocks, invitations and recent opponents: the server's routes
// (docs/friends.md) and the pieces of page the lobby and the profile share.
// Every text a player wrote (a name, a table's name) goes to the page as
// text (node() appends strings as text nodes), never as HTML.

import { request, rememberSeat } from "./api.js";
import { t } from "./i18n.js";
import { toast } from "./ui.js";

const part = encodeURIComponent;

export const friendsApi = {
  friends: () => request("GET", "/api/me/friends"),
  follow: (name) => request("POST", `/api/me/friends/${part(name)}`, {}),
  unfollow: (name) => request("DELETE", `/api/me/friends/${part(name)}`),
  blocks: () => request("GET", "/api/me/blocks"),
  block: (name) => request("POST", `/api/me/blocks/${part(name)}`, {}),
  unblock: (name) => request("DELETE", `/api/me/blocks/${part(name)}`),
  invitations: () => request("GET", "/api/me/invitations"),
  dismiss: (id) => request("DELETE", `/api/me/invitations/${part(id)}`),
  invite: (table, name) => request("POST", `/api/tables/${part(table)}/invitations`, { name }),
  opponents: () => request("GET", "/api/me/opponents"),
  playAgain: (name) => request("POST", `/api/me/opponents/${part(name)}/play-again`, {}),
};

/**
 * A new element: `attrs` are its attributes (null, undefined and false
 * leave one out), `children` nodes or strings (appended as text).
 */
export function node(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) el.append(child);
  }
  return el;
}

/** A button that runs `action` when clicked (its error shown as a toast). */
export function button(text, testid, action, primary = false) {
  const el = node("button", { type: "button", class: `btn small${primary ? " primary" : ""}`, "data-testid": testid }, text);
  el.addEventListener("click", async () => {
    el.disabled = true;
    try {
      await action();
    } catch (err) {
      toast(err.message);
    } finally {
      el.disabled = false;
    }
  });
  return el;
}

/** The round mark that says whether a player is online. */
export function onlineDot(name, online) {
  return node("span", {
    class: `online-dot${online ? " on" : ""}`, "data-testid": `online-${name}`,
    "data-online": String(Boolean(online)), title: t(online ? "friends.online" : "friends.offline"),
    role: "img", "aria-label": t(online ? "friends.online" : "friends.offline"),
  });
}

/** A link to a player's profile. */
export function playerLink(name) {
  return node("a", { href: `/player/${part(name)}` }, name);
}

/** The games a friend holds a seat at, each a link to its table. */
function gameLinks(friend) {
  return friend.games.map((game) => node("span", { class: "friend-game" },
    node("a", { href: `/table/${part(game.id)}`, "data-testid": `friend-game-${game.id}` }, game.name),
    " ", node("span", { class: "badge" }, t(game.status === "waiting" ? "friends.gameWaiting" : "friends.gamePlaying"))));
}

/**
 * The friends list into `list` (a <ul>): each friend's online mark, name,
 * whether they follow back and their games; `action(friend)` gives the
 * row's button, or null.
 */
export function renderFriends(list, friends, action = () => null) {
  list.replaceChildren(...friends.map((friend) => node("li", { "data-testid": `friend-${friend.name}`, "data-online": String(friend.online) },
    node("div", { class: "game-main" }, onlineDot(friend.name, friend.online), " ", playerLink(friend.name),
      friend.follows_you ? node("span", { class: "muted small" }, ` · ${t("friends.followsYou")}`) : null,
      node("div", { class: "small" }, ...gameLinks(friend))),
    node("div", { class: "trow-actions" }, action(friend)))));
  if (!friends.length) list.replaceChildren(node("li", { class: "empty" }, t("friends.none")));
}

/** Sit down at table `id` (the first free seat) and go there. */
export async function joinTable(id, name) {
  const answer = await request("POST", `/api/tables/${part(id)}/join`, { name });
  rememberSeat(id, answer.seat, answer.token);
  location.href = `/table/${part(id)}`;
}

/** Open a table like the last one shared with `name`, invite them, and go there. */
export async function playAgain(name) {
  const answer = await friendsApi.playAgain(name);
  rememberSeat(answer.table.id, answer.seat, answer.token);
  location.href = `/table/${part(answer.table.id)}`;
}
