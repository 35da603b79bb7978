// The players' display of `paigow serve` (/display/<table>): read only, large type, updated live
// by the table's server-sent events (GET /v1/tables/<id>/events: the public view, one event per
// action). Nothing here can act on the table; the service sends nothing face down. An ES module.
import { $, el, LANGS, browserLang } from "./common.js";
import { I18N, I18N_DISPLAY, errorText } from "./i18n.js";
import { request, tablePath } from "./protocol.js";
import { serviceClock, readDate, mmss } from "./service-clock.js";

const D = { lang: "en", tid: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""), state: null,
  faces: {}, names: { hands: {}, tiles: {} }, es: null, closed: false, timer: null };
const clock = serviceClock();  // the service's clock, from the events' `at` (the round's deadline is by it)

function pickLang() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGS.includes(asked)) return asked;
  const kept = localStorage.getItem("paigow-display-lang");
  if (LANGS.includes(kept)) return kept;
  return browserLang();
}
function t(key, vars = {}) {
  const s = I18N_DISPLAY[D.lang][key] ?? I18N_DISPLAY.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}
const locale = () => I18N[D.lang]._locale;
const num = (n) => new Intl.NumberFormat(locale()).format(n);
const signed = (n) => new Intl.NumberFormat(locale(), { signDisplay: "exceptZero" }).format(n);
// names in the display's language, by the Simplified names the service sends
const handName = (zh) => D.names.hands[zh] ?? zh;
function tileName(pips) { const f = D.faces[pips]; return f ? (D.names.tiles[f.name_zh] ?? f.name_en) : pips; }
const tileImg = (pips) => el("img", { src: `/static/tile-${pips}.svg`, alt: t("tile", { name: tileName(pips), pips }), width: 34, height: 68 });

async function setLang(lang) {
  D.lang = LANGS.includes(lang) ? lang : "en";
  localStorage.setItem("paigow-display-lang", D.lang);
  document.documentElement.lang = D.lang;
  $("lang").value = D.lang;
  try { D.names = await (await fetch(`/v1/names?lang=${encodeURIComponent(D.lang)}`)).json(); } catch { /* the Simplified names stay */ }
  for (const [id, key] of [["l-round", "round"], ["l-banker", "banker"], ["l-bank", "bank"], ["l-phase", "phase"], ["l-deadline", "deadline"], ["l-lang", "lang"],
    ["l-dice", "dice"], ["l-exposed", "exposed"], ["l-ledger", "ledger"]]) $(id).textContent = t(key);
  render();
}

// -- drawing the table -------------------------------------------------------------------------------
function render() {
  const st = D.state;
  document.title = t("title", { id: D.tid });
  $("title").textContent = t("title", { id: D.tid });
  if (!st) return;
  const r = st.round;
  document.body.dataset.seq = st.seq;
  document.body.dataset.phase = r ? r.phase : (st.banker === null ? "offer" : "between");
  $("round").textContent = num(st.rounds + (r ? 1 : 0));
  $("banker").textContent = st.banker === null ? "–" : t("pos", { p: st.banker });
  $("bank").textContent = r ? num(r.bank) : "–";
  $("bank").dataset.bank = r ? r.bank : "";
  $("phase").textContent = t("ph_" + document.body.dataset.phase);
  $("seq").textContent = t("seq", { n: num(st.seq) });
  const c = r ? r.commitment : null;  // a live table's commitment to the shuffle (docs/serve.md "Provably fair")
  $("commitment").textContent = c ? t(r.reveal ? "revealed" : "commitment", { h: c }) : "";
  $("commit-line").hidden = !c;
  $("positions").replaceChildren(...[0, 1, 2, 3, 4, 5, 6, 7].map((p) => card(st, p)));
  renderDice(r);
  renderExposed(r);
  renderLedger(st);
  renderDeadline();
}

// the round's deadline for the settings (issue 38; said aloud at the table, so public): counted down
// each second by the service's clock until it passes; applied, said so; gone once the round settles
function renderDeadline() {
  const r = D.state && D.state.round, box = $("deadline");
  const on = !!r && r.deadline !== undefined && r.deadline !== null && r.phase !== "settled";
  $("deadline-fact").hidden = !on;
  const left = on && !r.deadline_applied ? clock.left(r.deadline) : 0;
  box.dataset.left = left;
  box.dataset.applied = String(on && !!r.deadline_applied);
  box.textContent = !on ? "–" : r.deadline_applied ? t("dl_applied") : left ? mmss(left) : t("dl_passed");
  if (on && left && !D.timer) D.timer = setInterval(renderDeadline, 1000);
  if (!(on && left) && D.timer) { clearInterval(D.timer); D.timer = null; }
}

function resultOf(r, p) { return r && r.result ? r.result.positions.find((x) => x.position === p) : undefined; }

function card(st, p) {
  const r = st.round;
  const isBanker = p === (r ? r.banker : st.banker);
  const box = el("section", { class: "pos" + (isBanker ? " banker" : "") + (r && r.first_position === p ? " first" : ""), id: `pos-${p}`,
    "data-pos": p, "aria-labelledby": `pos-h-${p}` });
  box.append(el("h2", { id: `pos-h-${p}` }, el("span", {}, t("pos", { p })), isBanker ? el("span", { class: "badge" }, t("banker_here")) : ""));
  const holder = r && r.holders ? r.holders[String(p)] : null;
  box.append(el("div", { class: "who" }, holder || st.players[p] || ""));
  if (!r) return box;
  const bets = r.bets.filter((b) => b.position === p);
  if (!isBanker) {
    box.append(bets.length ? el("ul", { class: "bets", id: `bets-${p}` }, bets.map((b) => el("li", { "data-amount": b.amount }, `${b.bettor} ${num(b.amount)}`)))
      : el("p", { class: "none", id: `bets-${p}` }, t("none")));
  }
  const res = resultOf(r, p);
  const setting = r.settings[p];
  const hand = r.deal.hands ? r.deal.hands[String(p)] : undefined;
  if (setting) {
    const [front, back] = setting.text.split("|").map((s) => s.trim().split(/\s+/));
    box.append(el("div", { class: "tiles", id: `tiles-${p}`, "data-shown": "setting" }, front.map(tileImg), el("span", { class: "bar", "aria-hidden": "true" }, "|"), back.map(tileImg)),
      el("div", { class: "names", id: `names-${p}` }, `${handName(setting.front)} | ${handName(setting.back)}`));
  } else if (hand) {
    box.append(el("div", { class: "tiles", id: `tiles-${p}`, "data-shown": "hand" }, hand.map(tileImg)));
  } else if (r.set.includes(p)) {
    box.append(el("span", { class: "badge", id: `set-${p}` }, t("set")));
  }
  if (res && (res.outcome || res.sat_out)) {
    const o = res.sat_out ? "sits_out" : "outcome_" + res.outcome;
    box.append(el("p", { class: "outcome " + (res.outcome || ""), id: `outcome-${p}`, "data-outcome": res.sat_out ? "sat_out" : res.outcome }, t(o)));
  }
  return box;
}

function renderDice(r) {
  const shakes = r ? r.deal.shakes : [];
  const last = shakes[shakes.length - 1];
  if (!last) { $("dice").replaceChildren(el("p", {}, r ? "–" : t("no_round"))); return; }
  const faces = el("div", { class: "faces" + (last.void ? " void" : ""), role: "img", "aria-label": `${t("dice")}: ${last.dice.join(" ")}` },
    last.dice.map((d) => el("span", { class: "die", "aria-hidden": "true" }, d)));
  const out = [faces, el("p", { id: "dice-total", "data-total": last.total }, last.void ? t("void") : t("total", { n: num(last.total) }))];
  if (r.first_position !== null && r.first_position !== undefined) out.push(el("p", { id: "first" }, t("first", { p: r.first_position })));
  $("dice").replaceChildren(...out);
}

function renderExposed(r) {
  const ex = r ? r.deal.exposures.filter((e) => e.tile) : [];
  $("exposed-box").hidden = !ex.length;
  $("exposed").replaceChildren(...ex.map((e) => el("p", {}, t("pos", { p: e.position }), " ", el("span", { class: "tiles" }, tileImg(e.tile)), " ",
    t("effect_" + e.effect.replace(/ /g, "_")))));
}

function renderLedger(st) {
  const r = st.round;
  const settled = r && r.result;
  $("l-ledger").textContent = settled ? t("ledger") : t("balances");
  const changes = settled ? r.result.ledger.changes : st.balances;
  const commission = settled ? r.result.ledger.commission : st.commission;
  const rows = Object.entries(changes).map(([k, v]) => el("tr", {}, el("td", { "data-party": k }, k === "house" ? t("house") : k),
    el("td", { class: "num", "data-amount": v }, signed(v))));
  $("ledger").replaceChildren(el("table", { id: settled ? "ledger-changes" : "balance-table" }, el("tbody", {}, rows,
    el("tr", {}, el("th", { scope: "row" }, t("commission")), el("td", { class: "num", "data-amount": commission }, num(commission))))));
}

// -- following the table -------------------------------------------------------------------------------
function status(key, vars, down = false) {
  $("conn").textContent = t(key, vars);
  $("conn").className = down ? "down" : "";
  document.body.dataset.conn = key;
}

function follow() {
  status("connecting");
  // ?lifetime=<s> asks for shorter streams (the service's bound is 300 s); the browser reconnects
  // after each with Last-Event-ID and misses nothing
  const life = new URLSearchParams(location.search).get("lifetime");
  const es = new EventSource(`${tablePath("paigow", D.tid)}/events` + (life ? `?lifetime=${encodeURIComponent(life)}` : ""));
  D.es = es;
  const take = (ev) => { const data = JSON.parse(ev.data); clock.sample(data.at); D.state = data.state; render(); };
  es.addEventListener("open", () => status("live"));
  es.addEventListener("state", (ev) => { take(ev); status("live"); });
  es.addEventListener("closed", (ev) => { take(ev); D.closed = true; es.close(); status("closed"); });
  es.addEventListener("quarantined", (ev) => { es.close(); status("refused", { msg: JSON.parse(ev.data).message }, true); });
  es.addEventListener("error", () => {
    if (D.closed) return;
    if (es.readyState === EventSource.CLOSED) refused();  // refused outright (401, 503): the browser will not retry
    else status("reconnecting", {}, true);  // the browser reconnects with Last-Event-ID
  });
}

async function refused() {
  let msg = "";
  try { await request("GET", tablePath("paigow", D.tid)); } catch (e) {  // why the table is refused
    if (e.code === "table.token") { status("private", { id: D.tid, code: e.code }, true); return; }  // a private table (or none): not "token wrong"
    const text = errorText("paigow", D.lang, e);
    msg = e.network ? text : `${e.code}: ${text}`;
  }
  status("refused", { msg }, true);
  setTimeout(() => { if (!D.closed && (!D.es || D.es.readyState === EventSource.CLOSED)) follow(); }, 10000);  // try again later
}

async function init() {
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, I18N[l]._name)));
  $("lang").addEventListener("change", () => setLang($("lang").value));
  try { for (const f of await (await fetch("/v1/tiles")).json()) D.faces[f.pips] = f; } catch { /* pips stand in for names */ }
  await Promise.all([setLang(pickLang()), readDate(clock)]);
  follow();
  document.body.dataset.ready = "1";
}

init();
