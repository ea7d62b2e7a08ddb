// The account pages share one HTML page (pages.html); the path says which
// this is: /player/NAME (a profile) or /leaderboard.

const page = location.pathname.startsWith("/player/") ? "player" : "leaderboard";
document.getElementById("page").dataset.testid = `${page}-page`;
document.body.dataset.i18nTitle = `title.${page}`;
const module = await import(`./${page}.js`);
module.main();
