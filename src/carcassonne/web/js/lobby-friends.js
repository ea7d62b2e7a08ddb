// The lobby's card of friends, for a logged-in player: the invitations to
// tables still waiting ("Join", "Dismiss"), and the friends list (who is
// online, the games they sit at) with "Invite" to a waiting table where
// the player holds a seat. The lobby calls renderLobbyFriends every few
// seconds; the card is drawn again only when what it shows changed, so a
// button is never swapped under the pointer.

import { language, t } from "./i18n.js";
import { button, friendsApi, joinTable, node, renderFriends } from "./friends.js";
import { toast } from "./ui.js";

let drawn = "";
let asking = false;

function invitationRow(invitation, me, redraw) {
  return node("li", { "data-testid": `invitation-${invitation.table}` },
    node("div", { class: "game-main" }, t("friends.invitedBy", { name: invitation.from, table: invitation.name })),
    node("div", { class: "trow-actions" },
      button(t("friends.join"), `invitation-join-${invitation.table}`, () => joinTable(invitation.table, me.name), true),
      " ",
      button(t("friends.dismiss"), `invitation-dismiss-${invitation.table}`, async () => {
        await friendsApi.dismiss(invitation.id);
        await redraw();
      })));
}

/** The waiting tables where `me` holds a seat, as a <select>, or a hint when there are none. */
function tableChoice(tables, chosen) {
  if (!tables.length) return node("p", { class: "muted small", "data-testid": "invite-hint" }, t("friends.openTableFirst"));
  const select = node("select", { "data-testid": "invite-table", id: "invite-table" },
    ...tables.map((table) => node("option", { value: table.id, selected: table.id === chosen }, table.name)));
  return node("label", { class: "field inline" }, node("span", {}, t("friends.inviteTo")), " ", select);
}

/**
 * Draw the friends card into `card` for `me` (the logged-in player with
 * their games, or null: the card is hidden).
 */
export async function renderLobbyFriends(card, me) {
  card.hidden = !me;
  if (!me || asking) return;
  asking = true;
  try {
    const [{ invitations }, { friends }] = await Promise.all([friendsApi.invitations(), friendsApi.friends()]);
    const waiting = (me.games || []).filter((g) => g.status === "waiting").map((g) => ({ id: g.id, name: g.name }));
    const shown = JSON.stringify([language(), invitations, waiting,
      friends.map((f) => [f.name, f.online, f.follows_you, f.games])]);
    if (shown === drawn) return;
    drawn = shown;
    const chosen = card.querySelector("#invite-table")?.value;
    const redraw = async () => {
      drawn = "";
      asking = false;
      await renderLobbyFriends(card, me);
    };
    const invite = (friend) => (waiting.length ? button(t("friends.invite"), `invite-${friend.name}`, async () => {
      const select = card.querySelector("#invite-table");
      const table = waiting.find((w) => w.id === select.value) || waiting[0];
      await friendsApi.invite(table.id, friend.name);
      toast(t("friends.invited", { name: friend.name, table: table.name }), "ok");
    }) : null);
    const list = node("ul", { class: "table-list", "data-testid": "friends-list" });
    renderFriends(list, friends, invite);
    const parts = [];
    if (invitations.length) {
      parts.push(node("h2", {}, t("friends.invitations")),
        node("ul", { class: "table-list", "data-testid": "invitations" }, ...invitations.map((i) => invitationRow(i, me, redraw))));
    }
    parts.push(node("h2", {}, t("friends.title")), friends.length ? tableChoice(waiting, chosen) : null, list);
    card.replaceChildren(...parts.filter(Boolean));
  } catch (err) {
    toast(err.message);
  } finally {
    asking = false;
  }
}
