// The account and competition pages share one HTML page (pages.html); the
// path says which this is: /player/NAME (a profile), /leaderboard,
// /competitions (the list and a new competition), /competition/ID,
// /settings (one's mail settings) or /reset (and /reset/TOKEN: a new password).

import { watchNotices } from "./notices.js";

const PAGES = { player: "player", leaderboard: "leaderboard", competitions: "competitions", competition: "competition", settings: "settings", reset: "reset" };
const page = PAGES[location.pathname.split("/").filter(Boolean)[0]] || "leaderboard";
document.getElementById("page").dataset.testid = `${page}-page`;
document.body.dataset.i18nTitle = `title.${page}`;
const module = await import(`./${page}.js`);
// every page tells the player when it is their turn somewhere (notices.js)
Promise.resolve(module.main()).finally(() => watchNotices());
