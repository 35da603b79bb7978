// What every page of `paigow serve` shares (the dealer's pages, the players' displays of both
// games, the training page): elements, the four languages and the browser's choice among them,
// and a read of which only the latest answer counts. An ES module (the API call and the table's
// writes are protocol.js's); no build step, no CDN.

export const $ = (id) => document.getElementById(id);
export const el = (tag, attrs = {}, ...kids) => {
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
export const LANGS = ["zh-Hant", "zh-Hans", "pt", "en"];
export function browserLang() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const x = l.toLowerCase();
    if (/^zh-(hant|tw|hk|mo)/.test(x)) return "zh-Hant";
    if (x.startsWith("zh")) return "zh-Hans";
    if (x.startsWith("pt")) return "pt";
    if (x.startsWith("en")) return "en";
  }
  return "en";
}

// A read of which only the latest answer counts (a list read again after each change: an earlier read
// that answers later would put back what the change replaced). latestOnly(read) returns a function
// that calls read(...args) and gives its answer, or throws its error, as read does; unless it was
// called again before read answered: then that stale answer, or error, is dropped and it gives STALE.
export const STALE = Symbol("stale");
export function latestOnly(read) {
  let calls = 0;
  return async (...args) => {
    const n = ++calls;
    let answer;
    try { answer = await read(...args); } catch (e) {
      if (n !== calls) return STALE;
      throw e;
    }
    return n === calls ? answer : STALE;
  };
}
