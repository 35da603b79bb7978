// What every page of `paigow serve` shares (the dealer's pages and the players' displays of both
// games): elements, the four languages and the browser's choice among them, and the API call.
// Plain JavaScript, loaded before each page's own script; no build step, no CDN.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined && k !== "") e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
};

// the pages' languages: Traditional Chinese (Macau's written Chinese), Simplified Chinese,
// Portuguese (Macau's other official language) and English
const LANGS = ["zh-Hant", "zh-Hans", "pt", "en"];
function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const x = l.toLowerCase();
    if (/^zh-(hant|tw|hk|mo)/.test(x)) return "zh-Hant";
    if (x.startsWith("zh")) return "zh-Hans";
    if (x.startsWith("pt")) return "pt";
    if (x.startsWith("en")) return "en";
  }
  return "en";
}

// one call of the /v1 API with ``token`` (a dealer token or an operator key) if any: the answer's
// JSON, or an Error carrying the service's ``code`` (``network`` when no answer came back)
async function request(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  let r, data;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    data = await r.json();
  } catch (e) {
    throw Object.assign(new Error(String(e && e.message || e)), { network: true, code: "network" });
  }
  if (!r.ok) throw Object.assign(new Error(data.message || r.statusText), { code: data.code || "http." + r.status, status: r.status });
  return data;
}
