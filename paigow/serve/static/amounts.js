// Amounts typed on the dealer's pages (stakes, bets, co-bank shares, Fish-Prawn-Crab stakes): a
// whole number of the table's unit, read in the page's language. Digits, with the language's
// grouping separator only in correct groups of three (1,000 in English and Chinese; 1.000 or
// 1 000 in Portuguese); a decimal part, an exponent, a sign or any other character is refused
// with the reason in the page's language, never guessed at. An ES module; no build step.

// the grouping separators and the decimal separator of each page language
const SEP = {
  en: { group: [","], decimal: "." },
  "zh-Hant": { group: [","], decimal: "." },
  "zh-Hans": { group: [","], decimal: "." },
  pt: { group: [".", " ", "\u00a0", "\u202f"], decimal: "," },
};
const LOCALE = { en: "en", "zh-Hant": "zh-Hant-MO", "zh-Hans": "zh-Hans-CN", pt: "pt-MO" };

const WORDS = {
  en: {
    empty: "Type an amount", decimals: "Whole amounts only: no decimals ({d})", exponent: "No exponent: type the digits",
    sign: "No sign: an amount is positive", groups: "Digits in groups of three: {ex}", chars: "Only digits (and {g} between thousands)",
    large: "Amount too large", echo: "= {n}",
  },
  "zh-Hant": {
    empty: "請輸入金額", decimals: "只收整數金額，不可有小數（{d}）", exponent: "不可用指數，請輸入數字",
    sign: "不可有正負號，金額為正數", groups: "千位分隔須每三位一組：{ex}", chars: "只可輸入數字（千位之間可用 {g}）",
    large: "金額過大", echo: "＝ {n}",
  },
  "zh-Hans": {
    empty: "请输入金额", decimals: "只收整数金额，不可有小数（{d}）", exponent: "不可用指数，请输入数字",
    sign: "不可有正负号，金额为正数", groups: "千位分隔须每三位一组：{ex}", chars: "只可输入数字（千位之间可用 {g}）",
    large: "金额过大", echo: "＝ {n}",
  },
  pt: {
    empty: "Escreva um montante", decimals: "Só montantes inteiros: sem decimais ({d})", exponent: "Sem expoente: escreva os algarismos",
    sign: "Sem sinal: o montante é positivo", groups: "Algarismos em grupos de três: {ex}", chars: "Só algarismos (e {g} entre os milhares)",
    large: "Montante grande demais", echo: "= {n}",
  },
};

const langOf = (lang) => (SEP[lang] ? lang : "en");
function say(lang, key, vars = {}) {
  return WORDS[langOf(lang)][key].replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? "");
}
const shown = (g) => (g.trim() === "" ? "1 000" : `1${g}000`);

// ``text`` as typed -> {value} (a whole number), {empty: true} (nothing typed) or {error, code}:
// the reason in ``lang``'s words and a code (empty, decimals, exponent, sign, groups, chars, large)
export function parseAmount(text, lang) {
  const l = langOf(lang), sep = SEP[l];
  // full-width digits (a Chinese input method) read as digits; the ends trimmed
  const s = String(text ?? "").replace(/[\uff10-\uff19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim();
  const fail = (code, vars) => ({ error: say(l, code, vars), code });
  if (s === "") return { empty: true, error: say(l, "empty"), code: "empty" };
  if (/^[+\-\u2212\uff0b\uff0d]/.test(s)) return fail("sign");
  if (/[eE]/.test(s) && /^[0-9.,]+[eE][+-]?[0-9]+$/.test(s)) return fail("exponent");
  const groupChars = sep.group;
  let used = null;
  for (const c of s) {
    if (c >= "0" && c <= "9") continue;
    if (groupChars.includes(c)) { used = used ?? c; if (c !== used) return fail("groups", { ex: shown(groupChars[0]) }); continue; }
    if (c === sep.decimal || c === "." || c === ",") return fail("decimals", { d: s });
    return fail("chars", { g: groupChars[0] === " " ? "␣" : groupChars.filter((g) => g.trim()).join(" ") });
  }
  if (used !== null) {
    const re = new RegExp(`^[0-9]{1,3}(${used.replace(/[.]/, "\\.")}[0-9]{3})+$`);
    if (!re.test(s)) return fail("groups", { ex: shown(used) });
  }
  const digits = s.replace(/[^0-9]/g, "");
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return fail("large");
  return { value };
}

// the amount as read, in the page's numbers ("= 1,000"), or the reason it is refused
export function echoAmount(text, lang) {
  const r = parseAmount(text, lang);
  if (r.empty) return { text: "" };
  if (r.error) return { text: r.error, error: true };
  return { text: say(lang, "echo", { n: new Intl.NumberFormat(LOCALE[langOf(lang)]).format(r.value) }), value: r.value };
}
