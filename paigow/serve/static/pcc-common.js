// What the Fish-Prawn-Crab dealer's page and the players' display share (beyond common.js: the
// elements, the languages): the strings, numbers in the locale's format, the layout's spots and
// dice by name. An ES module.
import { $, el, LANGS, browserLang } from "./common.js";
import { PCC_I18N } from "./pcc-i18n.js";

export { PCC_I18N };

export const L = { lang: "en" };
export function t(key, vars = {}) {
  const s = (PCC_I18N[L.lang] && PCC_I18N[L.lang][key]) ?? PCC_I18N.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}
export const locale = () => PCC_I18N[L.lang]._locale;
export const num = (n) => new Intl.NumberFormat(locale()).format(n);
export const signed = (n) => new Intl.NumberFormat(locale(), { signDisplay: "exceptZero" }).format(n);
export function chooseLang(lang, rerender) {
  L.lang = LANGS.includes(lang) ? lang : "en";
  localStorage.setItem("pcc-lang", L.lang);
  document.documentElement.lang = L.lang;
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  document.title = t(document.body.classList.contains("display") ? "display_title" : "title");
  $("lang").value = L.lang;
  rerender();
}
export function wireLang(rerender) {
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, PCC_I18N[l]._name)));
  $("lang").onchange = () => chooseLang($("lang").value, rerender);
  chooseLang(localStorage.getItem("pcc-lang") || browserLang(), rerender);
}

export const FIGURES = ["fish", "prawn", "gourd", "coin", "crab", "rooster"];
export const COLOUR = { fish: "red", prawn: "green", gourd: "blue", coin: "blue", crab: "green", rooster: "red" };
export const figName = (f) => t("fig_" + f);

// a spot's text ("colour2:green") in the dealer's language
export function spotName(spot) {
  const [kind, arg] = spot.split(":");
  switch (kind) {
    case "small": return t("sp_small");
    case "big": return t("sp_big");
    case "figure": return t("sp_figure", { f: figName(arg) });
    case "colour1": case "colour2": case "colour3":
      return arg === "any" ? t("sp_anycolour") : t("sp_" + kind, { c: t("col_" + arg) });
    case "triple": return arg === "any" ? t("sp_anytriple") : t("sp_triple", { f: figName(arg) });
    case "total": return t("sp_total", { t: num(Number(arg)) });
    default: return spot;
  }
}
// the colour a spot is drawn in
export function spotColour(spot) {
  const [kind, arg] = spot.split(":");
  if (kind === "figure" || (kind === "triple" && arg !== "any")) return COLOUR[arg];
  if (kind.startsWith("colour") && arg !== "any") return arg;
  return "plain";
}
export const betName = (bet) => { const i = bet.lastIndexOf("="); return spotName(bet.slice(0, i)); };
export function die(f) { return el("span", { class: `die col-${COLOUR[f]}`, "data-figure": f }, figName(f)); }
