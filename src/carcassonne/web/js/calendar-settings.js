// The settings page's calendar part: the account's time zone (the zone
// match times are shown and mailed in; none: the browser's) and the
// address of its calendar feed, which may be renewed (the old one then
// stops working).

import { request } from "./api.js";
import { t } from "./i18n.js";
import { browserZone } from "./times.js";
import { toast } from "./ui.js";

function node(tag, attrs = {}, ...children) {
  const out = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "testid") out.dataset.testid = value;
    else if (key === "text") out.textContent = value;
    else out.setAttribute(key, value);
  }
  out.append(...children);
  return out;
}

function zones() {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes("UTC") ? known : ["UTC", ...known];
}

/** The calendar section, filled once the account's calendar is read. */
export function calendarSection() {
  const section = node("section", { testid: "calendar-settings" }, node("h2", { text: t("calendar.title") }));
  const select = node("select", { testid: "calendar-zone", "aria-label": t("calendar.zone") });
  const feed = node("input", { readonly: "", testid: "calendar-feed", "aria-label": t("calendar.feed") });
  feed.style.width = "100%";
  const renew = node("button", { class: "btn small", type: "button", testid: "calendar-renew", text: t("calendar.renew") });
  const show = (data) => {
    select.replaceChildren(node("option", { value: "", text: t("calendar.browserZone", { zone: browserZone() }) }),
      ...zones().map((zone) => node("option", { value: zone, text: zone })));
    select.value = data.zone || "";
    feed.value = data.feed;
  };
  select.addEventListener("change", async () => {
    try {
      show(await request("PUT", "/api/me/calendar", { zone: select.value || null }));
      toast(t("calendar.saved"), "ok");
    } catch (err) {
      toast(err.message);
    }
  });
  renew.addEventListener("click", async () => {
    try {
      show(await request("POST", "/api/me/calendar/key"));
      toast(t("calendar.renewed"), "ok");
    } catch (err) {
      toast(err.message);
    }
  });
  section.append(
    node("label", { class: "field inline" }, node("span", { text: t("calendar.zone") }), select),
    node("p", { class: "muted", text: t("calendar.zoneHelp") }),
    node("p", { class: "muted", text: t("calendar.feed") }), feed, node("div", { class: "actions" }, renew));
  request("GET", "/api/me/calendar").then(show).catch((err) => toast(err.message));
  return section;
}
