// Small pieces of page behaviour shared by the lobby and the table.

/** Show a short message at the bottom of the page (kind: "error" or "ok"). */
export function toast(text, kind = "error") {
  const el = document.getElementById("toast");
  el.textContent = text;
  el.className = `toast show ${kind}`;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.className = "toast"; }, 4000);
}
