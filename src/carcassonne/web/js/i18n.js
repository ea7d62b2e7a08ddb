// Translation: every text the client shows comes from one message table per
// language (web/i18n/<code>.js, listed in web/i18n/languages.js).
//
// t("key", {name: "Ann"}) looks the key up in the chosen language, falls back
// to English, and fills {placeholders}; an entry may also be a function of
// the parameters (for plurals). Elements with data-i18n="key" (and
// data-i18n-title / data-i18n-placeholder) are filled by applyStatic().

import { LANGUAGES } from "../i18n/languages.js";

const STORE = "carcassonne.language";
let messages = {};
let fallback = {};
let current = "en";

async function load(code) {
  const mod = await import(`../i18n/${code}.js`);
  return mod.default;
}

function preferred() {
  const saved = localStorage.getItem(STORE);
  if (saved && LANGUAGES.some((l) => l.code === saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (LANGUAGES.some((l) => l.code === base)) return base;
  }
  return "en";
}

/** Load English and the preferred language; call once before rendering. */
export async function initI18n() {
  fallback = await load("en");
  await useLanguage(preferred(), false);
}

async function useLanguage(code, remember) {
  messages = code === "en" ? fallback : await load(code);
  current = code;
  document.documentElement.lang = code;
  if (remember) localStorage.setItem(STORE, code);
  applyStatic();
  document.dispatchEvent(new CustomEvent("languagechange", { detail: code }));
}

export function language() {
  return current;
}

// On a touch screen a text may have a variant of its own, "<key>.touch",
// which says "tap" where the mouse's says "click" or "press R".
const TOUCH = typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

/** Whether this is a touch screen (no hover, a coarse pointer). */
export function touchScreen() {
  return TOUCH;
}

/** The text of `key` in the current language, with {params} filled in. */
export function t(key, params = {}) {
  if (TOUCH && (`${key}.touch` in messages || `${key}.touch` in fallback)) key = `${key}.touch`;
  const entry = key in messages ? messages[key] : fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === "function") return entry(params);
  return entry.replace(/\{(\w+)\}/g, (_, k) => (params[k] ?? `{${k}}`));
}

/** Whether the current language has a text for `key`. */
export function has(key) {
  return key in messages || key in fallback;
}

/** Fill every [data-i18n] element under `root`. */
export function applyStatic(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  if (document.body?.dataset.i18nTitle) document.title = t(document.body.dataset.i18nTitle);
}

/** Turn a <select> into the language switch. */
export function languageSwitch(select) {
  select.innerHTML = LANGUAGES.map((l) => `<option value="${l.code}">${l.name}</option>`).join("");
  select.value = current;
  select.addEventListener("change", () => useLanguage(select.value, true));
}
