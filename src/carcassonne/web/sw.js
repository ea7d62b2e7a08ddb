// The service worker (served at /sw.js, so its scope is the whole site): it
// shows a Web Push notice ({title, body, url}, sent by the server's
// push.py) as a notification, and a click on it focuses the tab open at
// its page, or opens one.

function sameSite(url) {
  // only a path of this site: never a page elsewhere
  const path = typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";
  return new URL(path, self.location.origin).href;
}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = { body: event.data ? event.data.text() : "" };
  }
  const url = sameSite(notice.url);
  event.waitUntil(self.registration.showNotification(String(notice.title || "Carcassonne"), {
    body: String(notice.body || ""),
    icon: "/static/favicon.svg",
    tag: url,
    data: { url },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSite(new URL(event.notification.data?.url || "/").pathname);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => client.url === url);
    if (open) return open.focus();
    return self.clients.openWindow(url);
  })());
});
