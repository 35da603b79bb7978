// The dealer's page of `paigow serve`: an ES module on the /v1 API, no build step, no CDN.
// A guided round: one screen per phase, every write sent once against the seq it was made on
// (protocol.js: the write, its recovery after a lost answer, the table re-read).
import { $, el, LANGS, browserLang } from "./common.js";
import { I18N, I18N_HOUSEWAY, errorText } from "./i18n.js";
import { tableProtocol, tablePath } from "./protocol.js";
import { parseAmount, echoAmount } from "./amounts.js";
import { pickerKeys, pickerStop, languageMenu } from "./keys.js";
import { adviceTab } from "./advice.js";
import { seatsPanel } from "./seats-panel.js";

const S = {
  lang: "en", faces: [], byPips: {}, hand: [], mode: "advice",
  table: null,        // {id, token}
  state: null,        // the table's state
  betStep: "bank",    // within the betting phase: bank -> bets -> dice
  justOpened: null,   // the token, shown once after opening
  asking: null,       // "open" (open while live) or "close"
  wantOpen: false,    // the dealer asked for the open/resume screen while a table is live
  picking: null,      // the position whose tiles the face picker fills
  entered: {},        // position -> [pips]
  advice: {},         // position -> Promise of the advice
  justOpenedQr: null, // the QR code (SVG) of the resume address, shown once with the token
  names: { hands: {}, tiles: {} },  // hand and tile names in the page's language, by their Simplified names
  drafts: {},         // what is typed in the table's fields, by id: it survives every redraw until sent
  openKey: null,      // the client key of this one opening (a repeat after a lost answer finds the table)
  justOpenedDisplay: null,  // a public table's display address and QR code, shown with the token
  focus: null,        // after an action: where the focus goes next (a function: an element, "wait" or null)
  pickAt: null,       // the tile kind the picker's focus is on (its one stop in the tab order)
  pipTyped: "",       // a pip typed in the picker, waiting for the second
  pipRefused: false,  // the last key typed in the picker was not a pip
  byKeys: false,      // the dealer's last input was a key (not a tap): the focus may move into a text field
};

// -- languages ----------------------------------------------------------------------------------
function t(key, vars = {}) {
  const s = (I18N[S.lang] && I18N[S.lang][key]) ?? I18N.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}
const locale = () => I18N[S.lang]._locale;
const num = (n) => new Intl.NumberFormat(locale()).format(n);
const signed = (n) => new Intl.NumberFormat(locale(), { signDisplay: "exceptZero" }).format(n);
const pct = (x) => new Intl.NumberFormat(locale(), { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(x);
const zh = () => S.lang.startsWith("zh");
// names in the page's language (GET /v1/names), by the Simplified names the service sends
const zhFace = (f) => (S.lang === "zh-Hant" ? S.names.tiles[f.name_zh] ?? f.name_zh : f.name_zh);
function faceName(pips) { const f = S.byPips[pips]; return !f ? pips : (S.names.tiles[f.name_zh] ?? (zh() ? f.name_zh : f.name_en)); }
function handName(h) { return S.names.hands[h.name_zh] ?? (zh() ? h.name_zh : h.name_en); }
const nameOf = (zhName) => S.names.hands[zhName] ?? zhName;
// a tile's name with its pips where another face has the same name (雜九 4-5 and 雜九 3-6)
function faceLabel(pips) { const n = faceName(pips); return S.faces.some((f) => f.pips !== pips && faceName(f.pips) === n) ? `${n} ${pips}` : n; }

async function setLang(lang) {
  S.lang = LANGS.includes(lang) ? lang : "en";
  localStorage.setItem("paigow-lang", S.lang);
  document.documentElement.lang = S.lang;
  document.title = t("title");
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  $("lang").value = S.lang;
  try { S.names = await api("GET", `/v1/names?lang=${encodeURIComponent(S.lang)}`); } catch { S.names = { hands: {}, tiles: {} }; }
  A.faces(); A.hand(false); A.seenRow();
  if (S.hand.length === 4) A.run(A.load);
  if (S.mode === "table") render();
}

// the message of an error in the dealer's language (by its code), with the rule's article
function errorNode(e) {
  const text = errorText("paigow", S.lang, e, { num, article: (a) => "(" + t("art", { a: a.replace(/^.*Art\. /, "") }) + ")" });
  return [el("code", {}, e.code || "error"), " ", el("span", { class: "error-message" }, text)];
}

// -- advice (the first tab) -----------------------------------------------------------------------
function faceImg(pips, cls = "tileimg") {
  return el("img", { class: cls, src: `/static/tile-${pips}.svg`, alt: "", width: 22, height: 44 });
}
const A = adviceTab({ S, t, get api() { return api; }, faceName, faceLabel, handName, faceImg, zhFace, num, pct, locale, errorNode });
const showAdviceError = (e) => A.showError(e);

// -- tables kept on this device -------------------------------------------------------------------
function saved() { try { return JSON.parse(localStorage.getItem("paigow-tables") || "[]"); } catch { return []; } }
function remember(tb) { localStorage.setItem("paigow-tables", JSON.stringify([tb, ...saved().filter((x) => x.id !== tb.id)].slice(0, 10))); }
function forget(id) { localStorage.setItem("paigow-tables", JSON.stringify(saved().filter((x) => x.id !== id))); }

// -- writes: each exactly once (protocol.js) ----------------------------------------------------------
// a message under the form ``formId``; one about the form ``near`` (a lost answer's notice) under that
// form while it is on screen, so that on a phone it shows beside the bet or field it concerns, both
// scrolled into view (issue 32); the phase's box where neither form is left
function showMsg(formId, nodes, kind, near) {
  const box = (near && $("msg-" + near)) || $("msg-" + formId) || $("msg-phase");
  if (!box) return;
  box.className = "msg " + kind;
  box.replaceChildren(...nodes);
  const at = box.closest(".bet, .pos-settings, form") || box;
  at.scrollIntoView({ block: "nearest" });
  box.scrollIntoView({ block: "nearest" });
}

function accepted(action, st, formId) {
  // the focus goes to the next thing to do, unless the dealer is typing elsewhere meanwhile
  const a = document.activeElement;
  const elsewhere = a && a.matches("input, select, textarea") && !a.closest(`#form-${formId}`);
  S.focus = elsewhere ? null : (NEXT[action.action] ? () => NEXT[action.action](action) : null);
  for (const i of document.querySelectorAll(`#form-${formId} input, #form-${formId} select`)) { delete S.drafts[i.id]; i.dataset.sent = "1"; }
  if (action.action === "deal") { S.entered = {}; S.picking = null; keepEntered(); }
  if (action.action === "start_round") S.betStep = "bank";
  setState(st);  // every form is drawn anew: what was typed is cleared
}

const P = tableProtocol("paigow", { table: () => S.table, state: () => S.state, setState, accepted, say: showMsg, t, num, errorNode,
  scope: "#table-main" });
const { api, write } = P;  // the API call with the table's dealer token unless another is given
// the table's seats, the round's deadline and the seats' requests (issue 38), under the phase
const SP = seatsPanel({ S, t, num, locale, errorNode, setState, P,
  shown: () => S.mode === "table" && !!S.table && !!S.state && !["open", "token"].includes(step()),
  deadline: { setDeadline: (seconds) => write({ action: "set_deadline", seconds }, "deadline", "deadline"),
    applyDeadline: () => write({ action: "apply_deadline" }, "deadline", "deadline") } });

// -- opening, resuming, closing ---------------------------------------------------------------------
async function openTable(form) {
  if (P.busy) return;
  if (S.table && S.state && S.asking !== "open-confirmed") { S.asking = "open"; render(); return; }
  await P.exclusive(async () => {
    const body = { banker: Number(form.banker.value) };  // a live table: the service's mode by default
    if (form.rules && form.rules.value === "us") body.rules = "us";  // the US game: the house banks (docs/dealer.md)
    const house = readAmount(form.house, "open", true);
    if (house === null) return;
    if (house !== undefined) body.house_stake = house;
    if (form.pub && form.pub.checked) body.public = true;
    if (form.confirm && form.confirm.checked) body.seat_bets = "confirm";  // a seat's bets wait for the dealer (issue 38)
    // one key per opening: tapped again after a lost answer, the service answers the same table
    S.openKey = S.openKey || Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    body.client_key = S.openKey;
    // the operator key opens (and closes) tables: kept for this tab only, never in the address
    const typed = form.okey ? form.okey.value : "";
    const key = typed || sessionStorage.getItem("paigow-operator") || "";
    try {
      const r = await api("POST", "/v1/tables", body, key);
      if (typed) sessionStorage.setItem("paigow-operator", typed);
      S.table = { id: r.id, token: r.token }; remember(S.table);
      S.justOpened = r.token; S.justOpenedQr = r.qr || null; S.asking = null; S.wantOpen = false; S.entered = {}; S.advice = {};
      S.justOpenedDisplay = r.display ? { url: r.display, qr: r.display_qr } : null;
      S.openKey = null; S.drafts = {};
      setState(r.state);
    } catch (e) { showMsg("open", e.network ? [t("open_lost")] : errorNode(e), "error"); }
  });
}

function resumeTable(id, token, formId = "resume") {
  return P.exclusive(async () => {
    try {
      const st = await api("GET", tablePath("paigow", id), undefined, token);
      S.table = { id, token }; remember(S.table);
      S.asking = null; S.wantOpen = false; S.justOpened = null; S.entered = {}; S.advice = {}; S.drafts = {};
      S.betStep = st.round && st.round.bets.length ? "bets" : "bank";
      setState(st);
    } catch (e) { showMsg(formId, errorNode(e), "error"); }
  });
}

// closing is the service's action (operator key, between rounds); without the key the page
// only forgets the table on this device
async function closeTable() {
  const key = sessionStorage.getItem("paigow-operator");
  if (key) {
    if (P.busy) return;
    const closed = await P.exclusive(async () => {
      try { await api("POST", `${tablePath("paigow", S.table.id)}/close`, {}, key); return true; }
      catch (e) { showMsg("close", errorNode(e), "error"); return false; }
    });
    if (!closed) return;
  }
  forget(S.table.id);
  sessionStorage.removeItem("paigow-table");
  S.table = null; S.state = null; S.asking = null; S.wantOpen = false;
  render();
}

// -- the state and the phases -----------------------------------------------------------------------
function setState(st) {
  const old = S.state;
  S.state = st;
  if (S.table) sessionStorage.setItem("paigow-table", JSON.stringify(S.table));
  const r = st.round;
  if (!r || r.phase !== "dealt" || !old || !old.round || old.round.phase !== "dealt") { if (!r || r.phase !== "settled") S.advice = {}; }
  if (r && r.phase === "betting" && (r.deal.cuts.length || r.deal.shakes.length)) S.betStep = "dice";
  if (!old || !r || !old.round) S.drafts = {};  // typed amounts belong to their round: none between rounds
  if (r && r.phase === "shaken" && !Object.keys(S.entered).length) S.entered = keptEntered();
  render();
}

// a reload resumes the round where it was: the step within the bets, the tiles entered not yet sent
// (sessionStorage, by table and seq)
function keepStep() { if (S.table) sessionStorage.setItem("paigow-step", JSON.stringify({ id: S.table.id, step: S.betStep })); }
function keepEntered() {
  if (S.table && S.state) sessionStorage.setItem("paigow-entered", JSON.stringify({ id: S.table.id, seq: S.state.seq, entered: S.entered }));
}
function keptEntered() {
  try {
    const k = JSON.parse(sessionStorage.getItem("paigow-entered") || "null");
    return k && S.table && k.id === S.table.id && k.seq === S.state.seq ? k.entered : {};
  } catch { return {}; }
}

function step() {
  if (!S.table || !S.state || S.wantOpen) return "open";
  if (S.justOpened) return "token";
  const r = S.state.round;
  if (!r) return S.state.banker === null ? "offer" : "between";
  if (r.phase === "betting") return S.betStep;
  return { shaken: "tiles", dealt: "settings", settled: "ledger" }[r.phase];
}

// where the focus goes once an action is taken: the next thing to do (the keyboard's round, issue 32)
const NEXT = {
  co_bank: () => $("to-bets"),
  bet: (a) => { const r = S.state.round, q = [1, 2, 3, 4, 5, 6, 7].find((x) => x > a.position && x !== r.banker); return (q && $(`bet-amt-${q}`)) || $("to-dice"); },
  shuffle: () => $("declare-method") || $("dice"),
  cut: () => $("declare-method") || $("dice"),
  declare: () => $("dice"),
  set_hand: () => nextHand(),
  house_way: () => nextHand(),
};

// a focus that waited for the hands' settings to be drawn
function focusPending() {
  if (!S.focus) return;
  const w = S.focus();
  if (w === "wait") return;
  S.focus = null;
  if (w) w.focus();
}

// on the settings screen: the first hand still to set (the players', then the banker's), its best
// setting ("wait" while it is drawn), or "Turn and settle" once every hand is set
function nextHand() {
  if (step() !== "settings") return null;
  const r = S.state.round;
  for (const p of positionsInPlay()) {
    if (r.settings[p]) continue;
    if (p === r.banker && r.way_sets_banker) return $(`houseway-${p}`);
    return document.querySelector(`#settings-${p} .setbtn.best`) || "wait";
  }
  return $("settle");
}

const PHASE_TITLE = { open: "step_open", token: "token_title", between: "ph_between", offer: "ph_offer", bank: "ph_bank",
  bets: "ph_bets", dice: "ph_dice", tiles: "ph_tiles", settings: "ph_settings", ledger: "ph_ledger" };

function render() {
  if (S.mode !== "table") return;
  keepStep();
  const focused = document.activeElement && document.activeElement.id;
  const inPanel = !!(document.activeElement && document.activeElement.closest("#table-seats"));  // seats-panel.js keeps it
  renderStatus();
  const s = step();
  const panel = el("section", { class: "phase", id: "phase-" + s, "data-step": s, "aria-labelledby": "phase-title" },
    el("h2", { id: "phase-title", tabindex: "-1" }, t(PHASE_TITLE[s])),
    el("p", { id: "msg-phase", class: "msg", role: "status", "aria-live": "polite" }),
    ...({ open: viewOpen, token: viewToken, between: viewBetween, offer: viewOffer, bank: viewBank, bets: viewBets,
      dice: viewDice, tiles: viewTiles, settings: viewSettings, ledger: viewLedger })[s]());
  const main = $("table-main");
  const sameStep = main.firstChild && main.firstChild.dataset.step === s;
  for (const i of main.querySelectorAll("input[id], select[id]")) if (i.type !== "password" && i.type !== "checkbox" && !i.dataset.sent) S.drafts[i.id] = i.value;
  const echoes = [];
  for (const i of panel.querySelectorAll("input[id], select[id]")) {
    const v = S.drafts[i.id];
    if (v === undefined || i.type === "password" || i.type === "checkbox") continue;
    if (i.tagName === "SELECT" ? [...i.options].some((o) => o.value === v) : v !== "") { i.value = v; if (i.dataset.amount !== undefined) echoes.push(i); }
  }
  main.replaceChildren(panel);
  for (const i of echoes) showEcho(i);  // under its field, once the form is on the page
  // focus kept: the same control if it is still there, else the phase's first field or action
  if (!sameStep) S.focus = s === "settings" ? nextHand : null;  // the dealt hands: the first to set
  let want = S.focus ? S.focus() : null;
  if (want instanceof Element && want.matches("input, textarea") && !S.byKeys) want = null;  // a tap: no keyboard pops up
  if (want !== "wait") S.focus = null;  // "wait": the hand's settings are still coming (viewSettings)
  const again = focused && $(focused);
  if (want instanceof Element) want.focus();
  else if (want === "wait") { /* focused once the hand's settings are drawn */ }
  else if (again && main.contains(again)) again.focus();
  else if (!inPanel && (!sameStep || !main.contains(document.activeElement))) {
    const first = panel.querySelector("[data-autofocus]") || panel.querySelector("input, select, button[type=submit]");
    if (first && S.mode === "table") first.focus({ preventScroll: true });
  }
  document.body.dataset.step = s;
  SP.render();
}

function renderStatus() {
  const st = S.state;
  if (!S.table || !st) { $("table-status").replaceChildren(); return; }
  const r = st.round;
  const bits = [el("span", {}, t("status_table"), " ", el("b", { id: "table-id" }, S.table.id)),
    el("span", {}, t("status_seq"), " ", el("b", { id: "seq" }, st.seq))];
  bits.push(st.banker === null ? el("span", { id: "banker" }, t("status_offer", { p: st.offer }))
    : el("span", { id: "banker", "data-position": st.banker, "data-house": String(!!st.house_banks) },
      t("status_banker", { p: st.banker, name: st.house_banks ? t("house") : st.players[st.banker] })));
  if (isUS()) bits.push(el("span", { id: "rules", "data-rules": st.rules }, t("rules_us")));
  if (r) bits.push(el("span", { id: "phase", "data-phase": r.phase }, t(PHASE_TITLE[step()] || "ph_between")),
    el("span", { id: "bank", "data-bank": r.bank }, t("status_bank"), " ", num(r.bank)));
  bits.push(el("span", { id: "mode", "data-mode": st.mode }, t(st.mode === "simulation" ? "mode_simulation" : "mode_live")));
  bits.push(el("span", {}, t("status_rounds"), " ", num(st.rounds)));
  if (!S.wantOpen && !S.justOpened) bits.push(SP.toggle());  // the seats and the deadline (issue 38)
  if (!S.wantOpen) bits.push(el("button", { type: "button", class: "link", id: "tables-menu", onclick: () => { S.wantOpen = true; render(); } }, t("tables_menu")));
  $("table-status").replaceChildren(...bits);
}

// the US game (docs/dealer.md): the house banks by the house way, three dice, the bank offered in turn
const isUS = () => !!(S.state && S.state.rules === "us");
const WHY = { house: "why_house", asked: "why_asked", foul: "why_foul", deadline: "why_deadline" };
// the house way's rule that set a hand (``w``: its way, its English text, perhaps its id) by its id,
// "way/id": the service's id where it gives one, else the rule of that text in its way (i18n.js)
function ruleId(w) {
  if (w.rule_id) return `${w.way}/${w.rule_id}`;
  const en = I18N_HOUSEWAY.en;
  return Object.keys(en).find((k) => k.startsWith(w.way + "/") && en[k] === w.rule) ?? null;
}
// the rule in the dealer's language, by its id (the service's English text for a rule not shipped)
const ruleText = (w) => { const id = ruleId(w); return (id && I18N_HOUSEWAY[S.lang] && I18N_HOUSEWAY[S.lang][id]) ?? w.rule; };
function wayNote(p, w) {
  return el("p", { class: "way", id: `way-${p}`, "data-rule": w.rule, "data-rule-id": ruleId(w), "data-why": w.why },
    t(WHY[w.why] || "why_house"), ": ", el("b", {}, ruleText(w)), w.placed ? ` (${t("placed")} ${w.placed})` : "");
}

// a form: Enter submits, its message sits right under its action
function form(id, onsubmit, ...kids) {
  return el("form", { id: "form-" + id, class: "act", novalidate: true, oninput: (ev) => { ev.currentTarget.dataset.typed = "1"; },
    onsubmit: (ev) => { ev.preventDefault(); if (!P.refused(id, id, !!ev.target.dataset.typed)) onsubmit(ev.target); } },
    ...kids, el("p", { id: "msg-" + id, class: "msg", role: "alert", "aria-live": "assertive" }));
}
const field = (label, input) => el("label", { class: "field" }, el("span", {}, label), input);
const numIn = (id, attrs = {}) => el("input", { id, name: id, type: "text", inputmode: "numeric", autocomplete: "off", "data-amount": "",
  oninput: (ev) => showEcho(ev.target), ...attrs });
// an amount as read (amounts.js), shown under its field as it is typed: "= 1,000", or why it is refused
function showEcho(input) {
  const box = input.form && $("msg-" + input.form.id.slice(5));
  if (!box) return;
  const e = echoAmount(input.value, S.lang);
  box.className = "msg " + (e.error ? "error" : "echo");
  box.replaceChildren(e.text ? el("span", { class: "echo", "data-for": input.id }, e.text) : "");
}
// the amount typed in ``input``: its value; undefined when nothing is typed and it is ``optional``;
// null when it is refused (the reason shown under the form ``formId``, nothing sent)
function readAmount(input, formId, optional = false) {
  const r = parseAmount(input.value, S.lang);
  if (r.empty && optional) return undefined;
  if (r.error) { showMsg(formId, [el("span", { class: "amount-error" }, r.error)], "error"); input.focus(); return null; }
  return r.value;
}
const submit = (id, label, attrs = {}) => el("button", { id, type: "submit", class: "primary", ...attrs }, label);
const posOptions = (sel) => [0, 1, 2, 3, 4, 5, 6, 7].map((p) => el("option", { value: p, selected: p === sel }, t("pos", { p })));

function viewOpen() {
  const out = [];
  if (S.asking === "open" && S.table && S.state) {
    out.push(el("div", { class: "ask", role: "alertdialog", "aria-labelledby": "ask-text" },
      el("p", { id: "ask-text" }, t("ask_live", { id: S.table.id, seq: num(S.state.seq) })),
      el("button", { type: "button", id: "open-another", class: "primary", "data-autofocus": true,
        onclick: () => { S.asking = "open-confirmed"; openTable($("form-open")); } }, t("open_another")),
      el("button", { type: "button", id: "back-to-table", onclick: () => { S.asking = null; S.wantOpen = false; render(); } }, t("back_to", { id: S.table.id }))));
  }
  out.push(form("open", openTable,
    field(t("rules_label"), el("select", { id: "new-rules", name: "rules" },
      el("option", { value: "macau" }, t("rules_macau")), el("option", { value: "us" }, t("rules_us")))),
    field(t("banker_pos"), el("select", { id: "new-banker", name: "banker" }, posOptions(0))),
    field(t("house_stake"), numIn("new-house", { name: "house" })),
    el("label", { class: "check" }, el("input", { id: "new-public", name: "pub", type: "checkbox" }), el("span", {}, t("public_table"))),
    el("label", { class: "check" }, el("input", { id: "new-confirm", name: "confirm", type: "checkbox" }), el("span", {}, t("seat_bets_confirm"))),
    sessionStorage.getItem("paigow-operator") ? "" : field(t("operator_key"), el("input", { id: "operator-key", name: "okey", type: "password", autocomplete: "off" })),
    submit("create-table", t("open"), sessionStorage.getItem("paigow-operator") ? { "data-autofocus": true } : {})));
  out.push(el("h3", {}, t("resume_title")), form("resume", (f) => resumeTable(f.rid.value.trim(), f.rtoken.value.trim()),
    field(t("table_id"), el("input", { id: "resume-id", name: "rid", autocomplete: "off" })),
    field(t("token"), el("input", { id: "resume-token", name: "rtoken", autocomplete: "off" })),
    submit("resume", t("resume"))));
  const mine = saved().filter((x) => !S.table || x.id !== S.table.id);
  if (mine.length) out.push(el("h3", {}, t("on_device")), el("div", { class: "row" }, mine.map((x) =>
    el("button", { type: "button", class: "secondary", onclick: () => resumeTable(x.id, x.token) }, x.id))));
  if (S.table && S.state && S.asking !== "open") out.push(el("button", { type: "button", id: "back-to-table", onclick: () => { S.wantOpen = false; render(); } }, t("back_to", { id: S.table.id })));
  return out;
}

function viewToken() {
  return [el("p", {}, t("token_once")),
    el("dl", { class: "token" }, el("dt", {}, t("table_id")), el("dd", { id: "new-table-id" }, S.table.id),
      el("dt", {}, t("token")), el("dd", { id: "new-token" }, S.justOpened)),
    // the resume address (id and token) as a QR code to print: scanned, it opens this page on the table
    // side by side (inline: app.css is another change's), so that a public table's token still fits the screen
    el("div", { class: "qr-row", style: "display:flex;flex-wrap:wrap;gap:12px;align-items:center" },
      S.justOpenedQr ? el("figure", { class: "token-qr", style: "flex:0 1 auto" }, el("img", { id: "token-qr", src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(S.justOpenedQr),
        alt: t("qr_alt", { id: S.table.id }), width: 196, height: 196 }),
      el("button", { type: "button", id: "print-token", class: "secondary", onclick: () => window.print() }, t("print_token"))) : "",
      displayFigure()),
    el("button", { type: "button", id: "token-noted", class: "primary", "data-autofocus": true, onclick: () => { S.justOpened = null; S.justOpenedQr = null; S.justOpenedDisplay = null; render(); } }, t("noted"))];
}

// a public table's players' display: its address and QR code (to open on the screen facing the table)
function displayFigure() {
  const d = S.justOpenedDisplay;
  if (!d) return el("p", { class: "hint", id: "display-private" }, t("private_table"));
  return el("figure", { class: "display-qr", style: "display:flex;align-items:center;gap:12px;margin:6px 0;flex:1 1 300px" },
    el("img", { id: "display-qr", src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(d.qr),
      alt: t("display_qr_alt", { id: S.table.id }), width: 196, height: 196, style: "background:#fff" }),
    el("figcaption", { style: "overflow-wrap:anywhere" }, t("display_at"), " ", el("a", { id: "display-url", href: d.url, target: "_blank", rel: "noopener" }, d.url)));
}

function viewBetween() {
  const st = S.state;
  const out = [form("start", (f) => {
    const stake = readAmount(f.stake, "start", true);  // empty: the stake carried, the house's, or the service says why
    if (stake !== null) write(stake === undefined ? { action: "start_round" } : { action: "start_round", stake }, "start");
  },
  field(isUS() ? (st.house_banks ? t("house_stake_round") : t("stake")) : st.carried !== null ? t("next_stake") : t("stake"),
    numIn("stake", { "data-autofocus": true })), submit("start-round", t("start")))];
  if (st.rounds && !isUS()) out.push(form("pass", () => write({ action: "pass_bank" }, "pass"), submit("pass-bank", t("pass_bank"), { class: "secondary" })));
  out.push(balances());
  if (S.asking === "close") {
    out.push(el("div", { class: "ask", role: "alertdialog", "aria-labelledby": "close-text" }, el("p", { id: "close-text" }, t("close_confirm", { id: S.table.id })),
      el("button", { type: "button", id: "close-yes", class: "primary", onclick: closeTable }, t("close_yes")),
      el("button", { type: "button", onclick: () => { S.asking = null; render(); } }, t("cancel")),
      el("p", { id: "msg-close", class: "msg", role: "alert", "aria-live": "assertive" })));
  } else out.push(el("button", { type: "button", id: "close-table", class: "secondary", onclick: () => { S.asking = "close"; render(); } }, t("close_table")));
  return out;
}

function viewOffer() {
  const us = isUS();
  return [el("p", {}, t("status_offer", { p: S.state.offer })), us ? el("p", { class: "hint" }, t("offer_us")) : "",
    form("accept", () => write({ action: "accept" }, "accept"), submit("accept", t("accept"), { "data-autofocus": true })),
    us ? form("accept-house", () => write({ action: "accept", with_house: true }, "accept-house"),
      submit("accept-house", t("co_bank_house"), { class: "secondary" })) : "",
    form("decline", () => write({ action: "decline" }, "decline"), submit("decline", us ? t("decline_house") : t("decline"), { class: "secondary" }))];
}

function viewBank() {
  const r = S.state.round;
  const shares = el("p", {}, t("stake"), ": ", el("b", {}, r.shares.map((s) => `${s.party === "house" ? t("house") : s.party} ${num(s.stake)}`).join(" · ")));
  if (isUS()) {  // the house banks, or shares the bank half and half: nobody else co-banks
    return [shares, el("p", { class: "hint" }, t(r.house_banks ? "house_banks_hint" : "covers_hint")),
      el("button", { type: "button", id: "to-bets", class: "primary", "data-autofocus": true, onclick: () => { S.betStep = "bets"; render(); } }, t("to_bets"))];
  }
  return [shares,
    form("cobank", (f) => {
      const stake = readAmount(f.cstake, "cobank");
      if (stake !== null) write({ action: "co_bank", party: f.party.value === "house" ? "house" : Number(f.party.value), stake }, "cobank");
    },
      field(t("cob_party"), el("select", { id: "cob-party", name: "party" }, el("option", { value: "house" }, t("house")),
        posOptions(-1).filter((o) => Number(o.value) !== r.banker))),
      field(t("cob_stake"), numIn("cob-stake", { name: "cstake" })), submit("co-bank", t("co_bank"), { class: "secondary" })),
    el("button", { type: "button", id: "to-bets", class: "primary", "data-autofocus": true, onclick: () => { S.betStep = "bets"; render(); } }, t("to_bets"))];
}

function viewBets() {
  const st = S.state, r = st.round;
  const cards = [0, 1, 2, 3, 4, 5, 6, 7].map((p) => {
    if (p === r.banker) return el("div", { class: "bet banker", id: `bet-card-${p}` }, el("h3", {}, t("pos", { p }), " · ", r.house_banks ? t("house") : t("banker_here")));
    const mine = r.bets.filter((b) => b.position === p);
    return el("div", { class: "bet", id: `bet-card-${p}` }, el("h3", {}, t("pos", { p }), " · ", st.players[p]),
      form(`bet-${p}`, (f) => {
        const amt = readAmount(f.amt, `bet-${p}`);
        if (amt === null) return;
        const a = { action: "bet", position: p, amount: amt };
        if (f.by.value.trim()) a.bettor = f.by.value.trim();
        write(a, `bet-${p}`);
      }, numIn(`bet-amt-${p}`, { name: "amt", "aria-label": `${t("pos", { p })}: ${t("amount")}`, placeholder: t("amount") }),
      el("input", { id: `bet-by-${p}`, name: "by", autocomplete: "off", "aria-label": `${t("pos", { p })}: ${t("bettor")}`, placeholder: t("bettor") }),
      submit(`bet-${p}`, t("bet"), { tabindex: "-1" })),  // out of the tab order: Enter in the amount bets
      el("div", { class: "placed", id: `placed-${p}` }, mine.map((b) => `${b.bettor} ${num(b.amount)}`).join(" · ")));
  });
  return [el("div", { class: "bets" }, cards),
    el("div", { class: "row" }, el("button", { type: "button", id: "back-bank", class: "secondary", onclick: () => { S.betStep = "bank"; render(); } }, "← " + t("ph_bank")),
      el("button", { type: "button", id: "to-dice", class: "primary", onclick: () => { S.betStep = "dice"; render(); } }, t("to_dice")))];
}

function viewDice() {
  const r = S.state.round;
  return [el("p", {}, r.bets.map((b) => `${t("pos", { p: b.position })}: ${b.bettor} ${num(b.amount)}`).join(" · ")),
    form("shuffle", () => write({ action: "shuffle" }, "shuffle"), submit("shuffle", t("shuffle"), { class: "secondary", "data-autofocus": true })),
    form("cut", (f) => {
      const k = readAmount(f.k, "cut", true);
      if (k !== null) write({ action: "cut", position: Number(f.cpos.value), k: k ?? 2 }, "cut");
    },
      field(t("cut_pos"), el("select", { id: "cut-pos", name: "cpos" }, posOptions(r.banker))), field(t("cut_k"), numIn("cut-k", { name: "k", placeholder: "2" })),
      submit("cut", t("cut"), { class: "secondary" })),
    dealSteps(r),
    ...declaration(r),
    form("shake", (f) => {
      const d = f.dice.value.trim();
      write(d ? { action: "shake", dice: d.split(/[\s,+]+/).map(Number) } : { action: "shake" }, "shake");
    }, field(t("dice"), el("input", { id: "dice", name: "dice", autocomplete: "off", placeholder: isUS() ? "3 5 2" : "3 5 6 2" })), submit("shake", t("shake"))),
    isUS() ? el("p", { class: "hint", id: "dice-us" }, t("dice_us")) : "",
    el("details", { id: "void-shake" }, el("summary", { style: SUMMARY }, t("void_shake")),
      form("void", () => {}, ...["tilted", "fallen"].map((v) => el("button", { type: "button", id: `void-${v}`, class: "secondary",
        onclick: () => { if (!P.refused("void", "void")) write({ action: "shake", void: v }, "void"); } }, t("void_" + v))))),
    el("button", { type: "button", id: "back-bets", class: "secondary", onclick: () => { S.betStep = "bets"; render(); } }, t("back_bets"))];
}

// a folded action's heading, a 44 px target (app.css is another change's: the style is inline)
const SUMMARY = "min-height:44px;line-height:44px;cursor:pointer";

// what the deal's steps did so far: the shuffle (its commitment on a live table), each cut, each shake
function dealSteps(r) {
  const bits = [];
  if (r.commitment || r.deal.cuts.length || r.deal.shakes.length) bits.push(el("span", { id: "shuffled" }, "✓ ", t("shuffled")));
  r.deal.cuts.forEach((c, i) => bits.push(el("span", { id: `cut-done-${i}` }, "✓ ", t("cut_done", { p: c.position, k: num(c.stacks) }))));
  r.deal.shakes.forEach((x, i) => bits.push(el("span", { id: `shake-done-${i}` }, "✓ ", shakeText(x))));
  return bits.length ? el("p", { class: "done-steps", id: "deal-steps" }, bits.flatMap((b, i) => (i ? [" · ", b] : [b]))) : "";
}
const shakeText = (x) => `${t("dice_were")} ${x.dice.join(" ")}` + (x.void ? ` — ${t("void_" + x.void)}` : ` = ${num(x.total)}`);

// Art. 4.4: at a live table banked in rotation the banker declares the dealing method before the
// shake; the dealer writes it as said (the page proposes nothing: the method is the banker's).
function declaration(r) {
  if (!("declared" in r) || isUS()) return [];
  if (r.declared !== null) return [el("p", { id: "declared" }, t("declared", { m: r.declared }))];
  return [form("declare", (f) => write({ action: "declare", method: f.method.value }, "declare"),
    field(t("declare_method"), el("input", { id: "declare-method", name: "method", autocomplete: "off", maxlength: 200 })),
    submit("declare", t("declare"), { class: "secondary" }))];
}

function positionsInPlay() {
  const r = S.state.round;
  return [...r.playing.filter((p) => !r.sat_out.includes(p)), r.banker];
}

// the tiles entered so far, by kind
function usedEntered() {
  const used = {};
  for (const list of Object.values(S.entered)) for (const p of list) used[p] = (used[p] || 0) + 1;
  return used;
}

// a tile of kind ``pips`` entered for position ``p`` (a tap, Enter, or two pips typed): the picker
// moves on to the next position once four are in; false when that kind is used up
function pickTile(p, pips) {
  const f = S.byPips[pips], list = (S.entered[p] = S.entered[p] || []);
  if (!f || list.length >= 4 || (usedEntered()[pips] || 0) >= f.copies) return false;
  list.push(pips);
  keepEntered();
  if (list.length >= 4) S.picking = positionsInPlay().find((q) => (S.entered[q] || []).length < 4) ?? null;
  render();
  focusPicker(pips);
  return true;
}
function focusPicker(pips) {
  const picker = $("picker"), next = picker ? pickerStop(picker, pips) : $("deal-entered");
  if (next) next.focus();
}

function viewTiles() {
  const used = usedEntered();
  const rows = positionsInPlay().map((p) => {
    const list = S.entered[p] || [];
    const row = el("div", { class: "slot" + (S.picking === p ? " target" : ""), "data-pos": p },
      el("button", { type: "button", id: `enter-${p}`, class: "secondary", "aria-expanded": String(S.picking === p),
        onclick: () => { S.picking = S.picking === p ? null : p; S.pipTyped = ""; render(); if (S.picking === p) focusPicker(S.pickAt); } },
      t("pos", { p }), p === S.state.round.banker ? " · " + t("banker_here") : ""),
      el("span", { class: "slot-tiles" }, list.map((pips, i) => el("button", { type: "button", class: "chip", "aria-label": t("remove_tile", { tile: faceName(pips) }),
        onclick: () => { list.splice(i, 1); keepEntered(); S.picking = p; render(); } }, faceImg(pips), faceLabel(pips)))),
      S.picking === p ? el("span", { id: "picker-typed", class: "typed", role: "status", "aria-live": "polite" }, typedText()) : "");
    if (S.picking !== p) return row;
    const picker = el("div", { class: "picker", id: "picker", role: "group", "aria-label": t("pos", { p }), "aria-describedby": "picker-keys",
      onfocusin: (ev) => { if (ev.target.dataset.pips) S.pickAt = ev.target.dataset.pips; } }, S.faces.map((f) => el("button", {
      type: "button", class: "pick", "data-pips": f.pips, id: `pick-${f.pips}`, "aria-label": t("pick_face", { name: faceName(f.pips), pips: f.pips }),
      disabled: (used[f.pips] || 0) >= f.copies || list.length >= 4,
      onclick: () => pickTile(p, f.pips),
    }, faceImg(f.pips, "tileimg small"), el("span", {}, faceLabel(f.pips)))));
    pickerStop(picker, S.pickAt);
    pickerKeys(picker, {
      typed: () => S.pipTyped,
      setTyped: (x, refused) => { S.pipTyped = x; S.pipRefused = refused; const b = $("picker-typed"); if (b) b.replaceChildren(typedText()); },
      pick: (pips) => { if (!pickTile(p, pips)) { S.pipRefused = true; $("picker-typed").replaceChildren(`${pips}: ${t("pips_used")}`); } },
      back: () => { if (!list.length) return; list.pop(); keepEntered(); render(); focusPicker(S.pickAt); },
    });
    return el("div", { class: "slot-wrap" }, row, picker, el("p", { class: "hint", id: "picker-keys" }, t("picker_keys")));
  });
  const r = S.state.round, shake = r.deal.shakes[r.deal.shakes.length - 1];
  const head = el("p", { id: "shake-result", "data-first": r.first_position ?? "" }, shake ? shakeText(shake) : "",
    r.first_position !== null && r.first_position !== undefined ? [" → ", el("b", { id: "first-stack" }, t("first_stack", { p: r.first_position }))] : "");
  return [head,
    form("deal", () => write({ action: "deal" }, "deal"), submit("deal", t("deal_stacks"), { "data-autofocus": true })),
    el("p", { class: "or" }, t("or_enter")), el("div", { class: "entry" }, rows),
    form("deal-entered", () => {
      const hands = {};
      for (const [p, list] of Object.entries(S.entered)) if (list.length) hands[p] = list.join(" ");
      write({ action: "deal", hands }, "deal-entered");
    }, submit("deal-entered", t("enter_deal")))];
}

// what is typed in the picker: the first pip, or why a key was refused
const typedText = () => (S.pipRefused ? t("pips_only") : S.pipTyped ? `${S.pipTyped}–` : "");

// a tile exposed while dealing (the engine decides its effect): recorded once the hands are dealt
function exposeBox(r) {
  const exposed = r.deal.exposures.map((x) => `${t("pos", { p: x.position })}: ${x.tile ? faceName(x.tile) : "?"} (${x.effect})`).join(" · ");
  const expose = el("details", { id: "expose-box" }, el("summary", { style: SUMMARY }, t("expose")),
    form("expose", (f) => write(f.etile.value ? { action: "expose", position: Number(f.epos.value), tile: f.etile.value }
      : { action: "expose", position: Number(f.epos.value) }, "expose"),
    field(t("expose_pos"), el("select", { id: "expose-pos", name: "epos" }, posOptions(r.banker))),
    field(t("expose_tile"), el("select", { id: "expose-tile", name: "etile" }, el("option", { value: "" }, "?"),
      S.faces.map((f) => el("option", { value: f.pips }, `${faceName(f.pips)} (${f.pips})`)))),
    submit("expose", t("expose_btn"), { class: "secondary" })));
  return [exposed ? el("p", { id: "exposed" }, exposed) : "", expose];
}

function viewSettings() {
  const r = S.state.round, order = positionsInPlay();
  for (const p of order) {
    if (!S.advice[p] && !(p === r.banker && r.way_sets_banker)) S.advice[p] = api("POST", "/v1/advice", { tiles: r.deal.hands[String(p)].join(" "), seat: p === r.banker ? "banker" : "player" }).catch(() => null);
  }
  const ways = r.ways || [];
  const grid = el("div", { class: "settings" }, order.map((p) => {
    const box = el("div", { class: "pos-settings", id: `settings-${p}`, "data-pos": p });
    const chosen = r.settings[p] ? r.settings[p].text : null;
    const byWay = p === r.banker && r.way_sets_banker;  // the house's hand: the house way sets it
    const who = p === r.banker ? (r.house_banks ? t("house") : t("banker_here")) : r.holders[String(p)];
    box.append(el("h3", {}, t("pos", { p }), " · ", who, chosen ? el("span", { class: "chosen" }, " ✓ " + t("chosen")) : ""),
      el("div", { class: "hand-tiles" }, r.deal.hands[String(p)].map((x) => faceImg(x, "tileimg small"))));
    const choices = el("div", { class: "choices", role: "group", "aria-label": `${t("pos", { p })}` });
    if (isUS()) {
      const wayBtn = el("button", { type: "button", class: "setbtn way-btn", id: `houseway-${p}`, "aria-pressed": String(!!ways[p]),
        onclick: () => write(p === r.banker || !r.holders[String(p)] ? { action: "house_way", position: p }
          : { action: "house_way", position: p, by: r.holders[String(p)] }, `set-${p}`) }, t(byWay ? "way_house_btn" : "way_ask_btn"));
      box.append(el("div", { class: "choices way-row" }, wayBtn));
      if (chosen && ways[p]) box.append(el("p", { class: "way-setting" }, chosen), wayNote(p, ways[p]));
    }
    box.append(choices, el("p", { id: `msg-set-${p}`, class: "msg", role: "alert", "aria-live": "assertive" }));
    if (byWay) return box;  // no setting by hand for the house's hand
    S.advice[p].then((a) => {
      if (!a || !box.isConnected) return;
      choices.replaceChildren(...a.settings.map((s, k) => el("button", {
        type: "button", class: "setbtn" + (k === a.best ? " best" : ""), "data-setting": k, "aria-pressed": String(chosen === s.text),
        "aria-label": `${t("setting_n", { n: k + 1 })}: ${handName(s.front)} | ${handName(s.back)}${k === a.best ? " ★ " + t("best") : ""}`,
        onclick: () => write({ action: "set_hand", position: p, setting: k }, `set-${p}`),
      }, el("span", {}, handName(s.front)), el("span", { class: "bar" }, "|"), el("span", {}, handName(s.back)), k === a.best ? el("span", { class: "star", "aria-hidden": "true" }, "★") : "")));
      focusPending();
    });
    return box;
  }));
  return [el("p", { class: "hint" }, t(isUS() ? "settings_hint_us" : "settings_hint")), grid,
    form("settle", () => write({ action: "settle" }, "settle"), submit("settle", t("turn_settle"))), ...exposeBox(r)];
}

function viewLedger() {
  const res = S.state.round.result, L = res.ledger;
  const outcome = (p) => p.sat_out ? t("sits_out") : t("outcome_" + p.outcome);
  const lines = res.positions.filter((p) => p.role === "player" && p.bets.length).map((p) =>
    el("li", { "data-pos": p.position }, `${t("pos", { p: p.position })}: ${nameOf(p.front)} | ${nameOf(p.back)} — ${outcome(p)}`,
      p.house_way ? ` (${t(WHY[p.house_way.why] || "why_house")}: ${ruleText(p.house_way)})` : ""));
  const changes = Object.entries(L.changes).map(([k, v]) => el("tr", {}, partyCell(k), el("td", { class: "num", "data-amount": v }, signed(v))));
  const bank = res.positions[0];
  return [el("p", { id: "ledger-banker" }, S.state.round.house_banks ? t("house") : t("banker_here"), ": ", nameOf(bank.front), " | ", nameOf(bank.back)),
    bank.house_way ? wayNote(bank.position, bank.house_way) : "", el("ul", { class: "outcomes" }, lines),
    el("table", { id: "ledger-changes" }, el("caption", {}, t("changes")), el("tbody", {}, changes,
      el("tr", {}, el("th", { scope: "row" }, t("commission")), el("td", { class: "num", id: "commission-total", "data-amount": L.commission }, num(L.commission))))),
    form("end", () => write({ action: "end_round" }, "end"), submit("end-round", t("end_round"), { "data-autofocus": true }))];
}

// a party of the ledger and the balances: a player's name as given, the house in the page's language
// (the service's key kept in data-party)
const partyCell = (k) => el("td", { "data-party": k }, k === "house" ? t("house") : k);

function balances() {
  const st = S.state;
  const rows = Object.entries(st.balances).map(([k, v]) => el("tr", {}, partyCell(k), el("td", { class: "num", "data-amount": v }, signed(v))));
  return el("table", { id: "balance-table" }, el("caption", {}, t("balances")), el("tbody", {}, rows,
    el("tr", {}, el("th", { scope: "row" }, t("commission")), el("td", { class: "num", "data-amount": st.commission }, num(st.commission)))));
}

// the printed QR code's address: /#table=<id>&token=<token> resumes that table (the fragment is
// never sent to the service; it is taken off the address at once)
async function resumeFromAddress() {
  const resume = new URLSearchParams(location.hash.slice(1));
  if (!resume.get("table") || !resume.get("token")) return;
  history.replaceState(null, "", location.pathname + location.search);
  showView("table");
  await resumeTable(resume.get("table"), resume.get("token"), "phase");
}

// -- wiring -------------------------------------------------------------------------------------
function showView(mode) {
  S.mode = mode;
  for (const [id, m] of [["tab-advice", "advice"], ["tab-table", "table"]]) {
    $(id).classList.toggle("active", mode === m); $(id).setAttribute("aria-pressed", String(mode === m));
  }
  $("advice-view").hidden = mode !== "advice";
  if (mode === "advice" && S.table) A.offerExposed(S.state, S.table);  // the round's exposed tiles, as seen
  $("table-view").hidden = mode !== "table";
  if (mode === "table") render();
}

async function init() {
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, I18N[l]._name)));
  languageMenu($("lang"), (v) => { if (v !== S.lang) setLang(v); });  // on Enter or a choice, not at each arrow
  S.faces = await api("GET", "/v1/tiles");
  for (const f of S.faces) S.byPips[f.pips] = f;
  document.addEventListener("keydown", () => { S.byKeys = true; }, true);
  document.addEventListener("pointerdown", () => { S.byKeys = false; }, true);
  $("tab-advice").onclick = () => showView("advice");
  $("tab-table").onclick = () => showView("table");
  A.wire();
  await setLang(localStorage.getItem("paigow-lang") || browserLang());
  const again = sessionStorage.getItem("paigow-table");
  if (again) {
    const tb = JSON.parse(again);
    try {
      S.table = tb;
      const st = await api("GET", tablePath("paigow", tb.id));
      let kept = null;
      try { kept = JSON.parse(sessionStorage.getItem("paigow-step") || "null"); } catch { kept = null; }
      S.betStep = kept && kept.id === tb.id ? kept.step : (st.round && st.round.bets.length ? "bets" : "bank");
      if (st.round && st.round.phase === "betting" && st.round.commitment) S.betStep = "dice";  // shuffled
      S.state = st; S.entered = st.round && st.round.phase === "shaken" ? keptEntered() : {};
      keepStep();
      showView("table");  // a reload lands on the round's current step
    } catch { S.table = null; S.state = null; sessionStorage.removeItem("paigow-table"); }
  }
  await resumeFromAddress();
  window.addEventListener("hashchange", resumeFromAddress);
  document.body.dataset.ready = "1";
}

init().catch(showAdviceError);
