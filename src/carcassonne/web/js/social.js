// The social part of a profile (/player/NAME), for a logged-in visitor:
// on another player's profile, Follow / Unfollow and Block / Unblock; on
// one's own, the friends list (who is online, their games), the recent
// opponents with "Play again" and the players one blocked.

import { t } from "./i18n.js";
import { button, friendsApi, node, onlineDot, playAgain, playerLink, renderFriends } from "./friends.js";
import { toast } from "./ui.js";

/** Follow / Unfollow and Block / Unblock for `name`, after the profile's heading. */
async function otherProfile(page, name) {
  const [{ friends }, { blocks }] = await Promise.all([friendsApi.friends(), friendsApi.blocks()]);
  const following = friends.some((f) => f.name === name);
  const blocked = blocks.some((b) => b.name === name);
  const bar = node("div", { class: "actions social-actions", "data-testid": "social-actions" });
  const again = () => otherProfile(page, name);
  if (!blocked) {
    bar.append(following
      ? button(t("friends.unfollow"), "unfollow", async () => { await friendsApi.unfollow(name); toast(t("friends.unfollowed", { name }), "ok"); await again(); })
      : button(t("friends.follow"), "follow", async () => { await friendsApi.follow(name); toast(t("friends.followed", { name }), "ok"); await again(); }, true));
  }
  bar.append(blocked
    ? button(t("friends.unblock"), "unblock", async () => { await friendsApi.unblock(name); toast(t("friends.unblockedNow", { name }), "ok"); await again(); })
    : button(t("friends.block"), "block", async () => { await friendsApi.block(name); toast(t("friends.blockedNow", { name }), "ok"); await again(); }));
  bar.lastChild.title = t("friends.blockHelp", { name });
  page.querySelector("[data-testid=social-actions]")?.remove();
  page.querySelector("[data-testid=player-name]")?.after(bar);
}

function opponentRow(opponent) {
  return node("li", { "data-testid": `opponent-${opponent.name}` },
    node("div", { class: "game-main" }, onlineDot(opponent.name, opponent.online), " ", playerLink(opponent.name),
      node("div", { class: "muted small" }, t("friends.lastTable", { table: opponent.table_name }))),
    node("div", { class: "trow-actions" },
      button(t("friends.playAgain"), `play-again-${opponent.name}`, () => playAgain(opponent.name))));
}

/** One's own profile: friends, recent opponents, blocked players. */
async function ownProfile(section) {
  const [{ friends }, { opponents }, { blocks }] = await Promise.all([
    friendsApi.friends(), friendsApi.opponents(), friendsApi.blocks()]);
  const friendList = node("ul", { class: "table-list", "data-testid": "friends-list" });
  renderFriends(friendList, friends);
  const opponentList = node("ul", { class: "table-list", "data-testid": "opponents-list" }, ...opponents.map(opponentRow));
  if (!opponents.length) opponentList.append(node("li", { class: "empty" }, t("friends.noOpponents")));
  const blockList = node("ul", { class: "table-list", "data-testid": "blocks-list" }, ...blocks.map((b) => node("li", { "data-testid": `blocked-${b.name}` },
    playerLink(b.name), button(t("friends.unblock"), `unblock-${b.name}`, async () => {
      await friendsApi.unblock(b.name);
      await ownProfile(section);
    }))));
  if (!blocks.length) blockList.append(node("li", { class: "empty" }, t("friends.noBlocks")));
  section.replaceChildren(node("h2", {}, t("friends.title")), friendList,
    node("h2", {}, t("friends.opponents")), opponentList, node("h2", {}, t("friends.blocks")), blockList);
}

/**
 * Add the social part to the profile `page` of `name`, as `me` (the
 * logged-in player, or null: nothing then) sees it.
 */
export async function renderSocial(page, name, me) {
  if (!me) return;
  try {
    if (me.name === name) {
      const section = node("section", { class: "card tables", "data-testid": "social" });
      page.append(section);
      await ownProfile(section);
    } else {
      await otherProfile(page, name);
    }
  } catch (err) {
    toast(err.message);
  }
}
