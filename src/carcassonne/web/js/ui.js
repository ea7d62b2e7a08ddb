// Small pieces of page behaviour shared by the lobby and the table.

import { serverText } from "./i18n.js";

/** Show a short message at the bottom of the page (kind: "error" or "ok"). */
export function toast(text, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = serverText(text);
  el.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = "toast"; }, 4000);
}
