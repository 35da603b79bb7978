// The home game's dealer page 推牌九 of `paigow serve` (/home): an ES module on /v1/home/tables, no
// build step, no CDN. One screen per phase of a round: the bets on the three doors, the shuffle, the
// dice and the deal; the settings (each played door's holder and the banker say their split, the
// dealer enters it: at a live table nothing is set by a strategy), with advice per hand (the second
// round counts the first round's 16 face-up tiles as seen); the settlement and its ledger; the next
// round and the next shuffle. Every write goes through protocol.js: sent once, against its seq.
// Below the round's screen, the host's controls (home-controls.js): the round's deadline for the
// settings and the seats, the players' own phones (issue 38).
import { $, el } from "./common.js";
import { L, t, num, signed, party, wireLang, tileImg, errorNode } from "./home-i18n.js";
import { tableProtocol, tablePath } from "./protocol.js";
import { parseAmount, echoAmount } from "./amounts.js";
import { hostControls } from "./home-controls.js";

const S = {
  table: null,       // {id, token}
  state: null,       // the table's state (the dealer's view)
  justOpened: null,  // the token, shown once after opening
  wantOpen: false,   // the dealer asked for the open/resume screen
  asking: null,      // "close"
  bettor: "", amount: "", bank: "",  // kept between bets: a bettor often bets on several doors
  advice: {},        // position -> the advice shown (this deal)
  openKey: null,     // the client key of this one opening (a repeat after a lost answer finds the table)
};

function showMsg(id, nodes, kind) {
  const box = $("msg-" + id) || $("msg-phase");
  if (!box) return;
  box.className = "msg " + kind;
  box.replaceChildren(...nodes);
}

// -- writes: each exactly once (protocol.js) ----------------------------------------------------------
function accepted(action, st) {
  if (["deal", "next_round", "next_shuffle"].includes(action.action)) S.advice = {};
  HC.accepted(action, st);
  setState(st);
}
const P = tableProtocol("home", { table: () => S.table, state: () => S.state, setState, accepted, say: showMsg, t, num, errorNode,
  scope: "main" });
const { api, write } = P;
const HC = hostControls({ P, table: () => S.table, state: () => S.state, say: showMsg });

// -- tables kept on this device -------------------------------------------------------------------
function saved() { try { return JSON.parse(localStorage.getItem("home-tables") || "[]"); } catch { return []; } }
function remember(tb) { localStorage.setItem("home-tables", JSON.stringify([tb, ...saved().filter((x) => x.id !== tb.id)].slice(0, 10))); }
function forget(id) { localStorage.setItem("home-tables", JSON.stringify(saved().filter((x) => x.id !== id))); }

function openBody(f) {
  const body = { mode: f.mode.value, public: f.pub.checked };
  if (f.mode.value === "simulation" && f.seed.value.trim()) body.seed = Number(f.seed.value.trim());
  const options = {};
  if (f.payout.value !== "whole") options.payout = f.payout.value;
  if (f.commission.value !== "0") options.commission = f.commission.value;
  if (f.dice.value !== "0") options.dice = Number(f.dice.value);
  if (f.bank.value !== "house-covers") { options.bank = f.bank.value; body.banker = f.banker.value.trim(); }
  if (Object.keys(options).length) body.options = options;
  if (f.seatconfirm.checked) body.seat_bets = "confirm";  // a door's seat's bets wait for the host (issue 38)
  return body;
}

function openTable(f) {
  return P.exclusive(async () => {
    const body = openBody(f);
    // one key per opening: tapped again after a lost answer, the service answers the same table
    S.openKey = S.openKey || Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    body.client_key = S.openKey;
    const typed = f.okey ? f.okey.value : "";
    const key = typed || sessionStorage.getItem("paigow-operator") || "";
    try {
      const r = await api("POST", "/v1/home/tables", body, key);
      if (typed) sessionStorage.setItem("paigow-operator", typed);
      S.table = { id: r.id, token: r.token }; remember(S.table);
      S.justOpened = r.token; S.wantOpen = false; S.openKey = null; S.advice = {};
      setState(r.state);
    } catch (e) { showMsg("open", e.network ? [t("open_lost")] : errorNode(e), "error"); }
  });
}

function resumeTable(id, token, msgId = "resume") {
  return P.exclusive(async () => {
    try {
      const st = await api("GET", tablePath("home", id), undefined, token);
      S.table = { id, token }; remember(S.table);
      S.wantOpen = false; S.justOpened = null; S.advice = {};
      setState(st);
    } catch (e) { showMsg(msgId, errorNode(e), "error"); }
  });
}

async function closeTable() {
  const key = sessionStorage.getItem("paigow-operator");
  if (P.busy) return;
  const closed = await P.exclusive(async () => {
    try { await api("POST", `/v1/tables/${encodeURIComponent(S.table.id)}/close`, {}, key || ""); return true; }
    catch (e) { showMsg("close", errorNode(e), "error"); return false; }
  });
  if (!closed) return;
  forget(S.table.id);
  sessionStorage.removeItem("home-table");
  S.table = null; S.state = null; S.asking = null; S.wantOpen = false;
  render();
}

// -- the state and the phases -----------------------------------------------------------------------
function setState(st) {
  S.state = st;
  if (S.table) sessionStorage.setItem("home-table", JSON.stringify(S.table));
  render();
}

function step() {
  if (!S.table || !S.state || S.wantOpen) return "open";
  if (S.justOpened) return "token";
  if (S.state.closed) return "closed-table";
  return S.state.round.phase;  // betting, dealt, settled, over
}

const TITLE = { open: "step_open", token: "token_title", betting: "ph_betting", dealt: "ph_dealt", settled: "ph_settled",
  over: "ph_over", "closed-table": "closed" };

function render() {
  const focused = document.activeElement && document.activeElement.id;
  renderStatus();
  const s = step();
  const views = { open: viewOpen, token: viewToken, betting: viewBetting, dealt: viewDealt, settled: viewSettled, over: viewSettled,
    "closed-table": () => [el("button", { type: "button", id: "to-open", class: "primary", onclick: () => { S.wantOpen = true; render(); } }, t("tables_menu"))] };
  const panel = el("section", { class: "phase", id: "phase-" + s, "data-step": s, "aria-labelledby": "phase-title" },
    el("h2", { id: "phase-title", tabindex: "-1" }, t(TITLE[s])),
    el("p", { id: "msg-phase", class: "msg", role: "status", "aria-live": "polite" }),
    ...views[s]());
  const main = $("main");
  const sameStep = main.firstChild && main.firstChild.dataset.step === s;
  main.replaceChildren(panel);
  const again = focused && $(focused);
  if (again && main.contains(again)) again.focus({ preventScroll: true });
  else if (!sameStep) {
    const first = panel.querySelector("[data-autofocus]");
    if (first) first.focus({ preventScroll: true });
  }
  document.body.dataset.step = s;
  HC.render();
}

function renderStatus() {
  const st = S.state;
  if (!S.table || !st) { $("status").replaceChildren(); return; }
  const r = st.round;
  const bits = [el("span", {}, t("status_table"), " ", el("b", { id: "table-id" }, S.table.id)),
    el("span", {}, t("status_seq"), " ", el("b", { id: "seq" }, st.seq)),
    el("span", {}, t("status_shuffle"), " ", el("b", { id: "shuffle-number" }, num(st.shuffle))),
    el("span", {}, t("status_round"), " ", el("b", { id: "round-number", "data-in-shuffle": r.in_shuffle }, `${num(r.number)} (${num(r.in_shuffle)}/${num(st.rules.rounds_per_shuffle)})`)),
    el("span", {}, t("status_banker"), " ", el("b", { id: "banker" }, party(r.banker))),
    el("span", { id: "mode", "data-mode": st.mode }, t("mode_" + st.mode)),
    el("a", { id: "display-link", href: `/home/display?table=${encodeURIComponent(S.table.id)}`, target: "_blank", rel: "noopener" }, t("display_link"))];
  if (!S.wantOpen) bits.push(el("button", { type: "button", class: "link", id: "tables-menu", onclick: () => { S.wantOpen = true; render(); } }, t("tables_menu")));
  $("status").replaceChildren(...bits);
}

const field = (label, input) => el("label", { class: "field" }, el("span", {}, label), input);
const msg = (id) => el("p", { id: "msg-" + id, class: "msg", role: "alert", "aria-live": "assertive" });
const select = (id, name, pairs) => el("select", { id, name }, pairs.map(([v, k]) => el("option", { value: v }, t(k))));
function form(id, onsubmit, ...kids) {
  return el("form", { id: "form-" + id, class: "act", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); onsubmit(ev.target); } },
    ...kids, msg(id));
}

function viewOpen() {
  const out = [form("open", openTable,
    el("div", { class: "open-grid" },
      field(t("mode"), select("new-mode", "mode", [["live", "mode_live"], ["simulation", "mode_simulation"]])),
      field(t("seed"), el("input", { id: "new-seed", name: "seed", inputmode: "numeric", autocomplete: "off" })),
      field(t("payout"), select("new-payout", "payout", [["whole", "payout_whole"], ["halves", "payout_halves"]])),
      field(t("commission"), el("select", { id: "new-commission", name: "commission" }, el("option", { value: "0" }, "0"), el("option", { value: "4%" }, "4%"))),
      field(t("dice"), select("new-dice", "dice", [["0", "dice_0"], ["2", "dice_2"]])),
      field(t("bank"), select("new-bank", "bank", [["house-covers", "bank_house"], ["winner-keeps", "bank_player"]])),
      field(t("banker_name"), el("input", { id: "new-banker", name: "banker", autocomplete: "off", maxlength: 40 })),
      sessionStorage.getItem("paigow-operator") ? "" : field(t("operator_key"), el("input", { id: "operator-key", name: "okey", type: "password", autocomplete: "off" }))),
    el("label", { class: "check" }, el("input", { id: "new-public", name: "pub", type: "checkbox", checked: true }), el("span", {}, t("public"))),
    el("label", { class: "check" }, el("input", { id: "new-seat-confirm", name: "seatconfirm", type: "checkbox" }), el("span", {}, t("seat_bets_confirm"))),
    el("button", { id: "create-table", type: "submit", class: "primary", "data-autofocus": true }, t("open")))];
  out.push(el("h3", {}, t("resume_title")), form("resume", (f) => resumeTable(f.rid.value.trim(), f.rtoken.value.trim()),
    field(t("table_id"), el("input", { id: "resume-id", name: "rid", autocomplete: "off" })),
    field(t("token"), el("input", { id: "resume-token", name: "rtoken", autocomplete: "off" })),
    el("button", { id: "resume", type: "submit", class: "primary" }, t("resume"))));
  const mine = saved().filter((x) => !S.table || x.id !== S.table.id);
  if (mine.length) out.push(el("h3", {}, t("on_device")), el("div", { class: "row" }, mine.slice(0, 4).map((x) =>
    el("button", { type: "button", class: "secondary", onclick: () => resumeTable(x.id, x.token, "phase") }, x.id))));
  if (S.table && S.state) out.push(el("button", { type: "button", id: "back-to-table", class: "secondary", onclick: () => { S.wantOpen = false; render(); } }, "← " + S.table.id));
  return out;
}

function viewToken() {
  return [el("p", {}, t("token_once")),
    el("dl", { class: "token" }, el("dt", {}, t("table_id")), el("dd", { id: "new-table-id" }, S.table.id),
      el("dt", {}, t("token")), el("dd", { id: "new-token" }, S.justOpened)),
    el("button", { type: "button", id: "token-noted", class: "primary", "data-autofocus": true, onclick: () => { S.justOpened = null; render(); } }, t("noted"))];
}

// the first round's tiles, face up in the second round
function seenStrip() {
  const seen = S.state.round.seen;
  if (!seen.length) return "";
  return el("div", { class: "seen", id: "seen", "data-count": seen.length }, el("span", {}, t("seen")),
    el("div", { class: "tiles" }, seen.map((p) => tileImg(p, 0.67))));
}

// -- betting, the shuffle, the dice, the deal -----------------------------------------------------------
function amountEcho(id, text) {
  const e = echoAmount(text, L.lang), box = $(id);
  if (box) { box.textContent = e.text; box.classList.toggle("error", !!e.error); }
}

function bet(door) {
  const bettor = S.bettor.trim(), read = parseAmount(S.amount, L.lang);
  if (!bettor) { showMsg("bets", [t("need_bettor")], "error"); $("bettor").focus(); return; }
  if (read.error || read.empty) { showMsg("bets", [el("span", { class: "amount-error" }, read.error || "")], "error"); $("amount").focus(); return; }
  write({ action: "bet", door, bettor, amount: read.value }, "bets");
}

function putBank() {
  const read = parseAmount(S.bank, L.lang);
  if (read.error || read.empty) { showMsg("bank", [el("span", { class: "amount-error" }, read.error || "")], "error"); return; }
  write({ action: "bank", amount: read.value }, "bank");
}

function doorCard(d) {
  const r = S.state.round, bets = r.bets.filter((b) => b.door === d), holder = r.holders[String(d)];
  return el("div", { class: "seat", id: `door-${d}`, "data-holder": holder || "" },
    el("h3", {}, el("span", {}, t("door_" + d)), el("span", { class: "who" }, holder ? `${t("holder")}: ${holder}` : t("no_bets"))),
    el("ul", { id: `bets-${d}` }, bets.map((b) => el("li", {}, `${b.bettor} ${num(b.amount)}`))),
    el("button", { type: "button", id: `bet-${d}`, class: "secondary", disabled: !r.can.bet, onclick: () => bet(d) }, `${t("bet")} · ${t("door_" + d)}`));
}

function viewBetting() {
  const st = S.state, r = st.round, out = [];
  if (st.rules.bank === "winner-keeps") {
    out.push(el("div", { class: "row" },
      field(t("bank_amount"), el("input", { id: "bank-amount", value: r.bank ?? S.bank, inputmode: "numeric", disabled: !r.can.bank,
        oninput: (ev) => { S.bank = ev.target.value; } })),
      el("button", { type: "button", id: "put-bank", class: "primary", disabled: !r.can.bank, onclick: putBank }, t("put_bank"))), msg("bank"));
  }
  out.push(el("div", { class: "row who" },
    field(t("bettor"), el("input", { id: "bettor", value: S.bettor, autocomplete: "off", maxlength: 40, "data-autofocus": true,
      oninput: (ev) => { S.bettor = ev.target.value; } })),
    field(t("amount"), el("input", { id: "amount", value: S.amount, inputmode: "numeric", autocomplete: "off",
      oninput: (ev) => { S.amount = ev.target.value; amountEcho("amount-echo", S.amount); } })),
    el("span", { id: "amount-echo", class: "echo", "aria-live": "polite" }, echoAmount(S.amount, L.lang).text)));
  out.push(el("div", { class: "seats doors3" }, [1, 2, 3].map(doorCard)), msg("bets"));
  const shuffleWord = st.mode === "live" ? "shuffle" : "shuffle_sim";
  out.push(el("div", { class: "row" },
    r.in_shuffle === 1 ? el("button", { type: "button", id: "shuffle", class: "primary", disabled: !r.can.shuffle,
      onclick: () => write({ action: "shuffle" }, "deal") }, t(shuffleWord)) : "",
    st.rules.dice ? el("button", { type: "button", id: "shake", class: "primary", disabled: !r.can.shake,
      onclick: () => write({ action: "shake" }, "deal") }, t("shake")) : "",
    r.dice ? el("span", { id: "dice" }, `${t("dice_shown")}: ${r.dice.join(" ")}`) : "",
    el("button", { type: "button", id: "deal", class: "primary", disabled: !r.can.deal,
      onclick: () => write({ action: "deal" }, "deal") }, t("deal"))), msg("deal"), seenStrip());
  return out;
}

// -- the settings ---------------------------------------------------------------------------------------
const SPLITS = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];  // ab|cd, ac|bd, ad|bc: the library's order

function splitButton(h, i) {
  const [a, b, c, d] = SPLITS[i].map((k) => h.tiles[k]);
  return el("button", { type: "button", class: "secondary split", id: `split-${h.position}-${i}`, "data-split": i,
    "aria-label": `${t("split")} ${i + 1}: ${a} ${b} | ${c} ${d}`,
    onclick: () => write({ action: "set_hand", position: h.position, setting: i, by: h.setter }, "set") },
  tileImg(a, 0.5), tileImg(b, 0.5), el("span", { class: "bar" }, "|"), tileImg(c, 0.5), tileImg(d, 0.5));
}

async function showAdvice(pos) {
  try {
    S.advice[pos] = await api("GET", `${tablePath("home", S.table.id)}/advice/${pos}`);
    render();
  } catch (e) { showMsg("set", errorNode(e), "error"); }
}

function adviceBox(pos) {
  const a = S.advice[pos];
  if (!a) return "";
  return el("div", { class: "advice", id: `advice-${pos}`, "data-opponents": a.opponent_hands, "data-best": a.best_setting },
    el("p", {}, t("advice_line", { n: num(a.opponent_hands), best: a.best_setting })),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("col_setting")), el("th", { class: "num" }, t("col_win")),
      el("th", { class: "num" }, t("col_push")), el("th", { class: "num" }, t("col_lose")))),
    el("tbody", {}, a.options.map((o, i) => el("tr", { class: i === a.best ? "won" : "" }, el("td", {}, o.setting),
      el("td", { class: "num" }, num(o.wins)), el("td", { class: "num" }, num(o.pushes)), el("td", { class: "num" }, num(o.losses)))))));
}

function handCard(h) {
  const r = S.state.round;
  const name = t("door_" + h.position);
  const kids = [el("h3", {}, el("span", {}, name), el("span", { class: "who" }, h.setter ? `${t("setter")}: ${party(h.setter)}` : t("unplayed"))),
    el("div", { class: "tiles" }, (h.tiles || []).map((p) => tileImg(p, 0.8)))];
  if (h.is_set) kids.push(el("p", { class: "set-as", id: `set-${h.position}`, "data-why": h.why || "" }, h.set), whyDeadline(h));
  else if (h.played && r.can.set_hand) kids.push(el("div", { class: "splits", role: "group", "aria-label": `${t("split")} · ${name}` }, [0, 1, 2].map((i) => splitButton(h, i))));
  if (h.played && r.can.advice && !h.is_set) kids.push(el("button", { type: "button", id: `advice-btn-${h.position}`, class: "secondary small",
    onclick: () => showAdvice(h.position) }, t("advice")), adviceBox(h.position));
  return el("div", { class: "seat" + (h.played ? "" : " unplayed"), id: `hand-${h.position}`, "data-position": h.position }, ...kids);
}

// a hand its holder did not set: the table set it by the automatic rule when the deadline passed
const whyDeadline = (h) => (h.why === "deadline" ? el("p", { class: "why", id: `why-${h.position}` }, t("why_deadline")) : "");

function seatOrder(hands) { return [...hands].sort((a, b) => (a.position || 9) - (b.position || 9)); }

function viewDealt() {
  const st = S.state, r = st.round;
  return [el("div", { class: "seats" }, seatOrder(r.hands).map(handCard)), msg("set"),
    el("div", { class: "row" },
      st.mode === "simulation" ? el("button", { type: "button", id: "play", class: "secondary", disabled: !r.can.play,
        onclick: () => write({ action: "play", strategy: "max-front" }, "settle") }, t("play")) : "",
      el("button", { type: "button", id: "settle", class: "primary", disabled: !r.can.settle,
        onclick: () => write({ action: "settle" }, "settle") }, t("settle"))), msg("settle"), seenStrip()];
}

// -- the settlement -------------------------------------------------------------------------------------
function ledgerTable(led) {
  return el("table", { id: "ledger" }, el("caption", {}, t("ledger")),
    el("thead", {}, el("tr", {}, el("th", {}, t("col_step")), el("th", {}, t("col_door")), el("th", {}, t("col_payer")),
      el("th", {}, t("col_payee")), el("th", { class: "num" }, t("col_amount")))),
    el("tbody", {}, led.lines.map((x) => el("tr", { "data-kind": x.kind },
      el("td", {}, `${x.step}. ${t("kind_" + x.kind)}`), el("td", {}, x.position ? t("door_" + x.position) : ""),
      el("td", {}, party(x.payer)), el("td", {}, party(x.payee)), el("td", { class: "num" }, num(x.amount))))));
}

function moneyTable(id, caption, changes) {
  return el("table", { id }, el("caption", {}, caption), el("tbody", {}, Object.entries(changes).map(([k, v]) =>
    el("tr", { "data-party": k }, el("td", {}, party(k)), el("td", { class: "num", "data-amount": v }, signed(v))))));
}

function settledCard(h) {
  const r = S.state.round, u = r.result.outcomes[String(h.position)];
  return el("div", { class: "seat" + (h.played ? "" : " unplayed"), id: `hand-${h.position}`, "data-position": h.position },
    el("h3", {}, el("span", {}, t("door_" + h.position)), u ? el("span", { class: "outcome", "data-outcome": u }, t("out_" + u)) : ""),
    el("div", { class: "tiles" }, (h.tiles || []).map((p) => tileImg(p, 0.6))), h.set ? el("p", { class: "set-as", "data-why": h.why || "" }, h.set) : "",
    whyDeadline(h));
}

function viewSettled() {
  const st = S.state, r = st.round, led = r.result.ledger;
  const next = r.can.next_round
    ? el("button", { type: "button", id: "next-round", class: "primary", "data-autofocus": true, onclick: () => write({ action: "next_round" }, "next") }, t("next_round"))
    : el("button", { type: "button", id: "next-shuffle", class: "primary", "data-autofocus": true, onclick: () => write({ action: "next_shuffle" }, "next") }, t("next_shuffle"));
  const out = [el("div", { class: "row" }, next), msg("next"),
    el("div", { class: "seats" }, seatOrder(r.hands).map(settledCard)),
    el("div", { class: "ledger-wrap" }, ledgerTable(led),
      el("div", {}, moneyTable("changes", t("changes"), led.changes), moneyTable("balances", t("balances"), st.balances)))];
  if (r.phase !== "over") return out;
  if (S.asking === "close") {
    out.push(el("div", { class: "ask", role: "alertdialog", "aria-labelledby": "close-text" }, el("p", { id: "close-text" }, t("close_confirm", { id: S.table.id })),
      el("button", { type: "button", id: "close-yes", class: "primary", onclick: closeTable }, t("close_yes")),
      el("button", { type: "button", class: "secondary", onclick: () => { S.asking = null; render(); } }, t("cancel")), msg("close")));
  } else out.push(el("button", { type: "button", id: "close-table", class: "secondary", onclick: () => { S.asking = "close"; render(); } }, t("close_table")));
  return out;
}

// the table as its seats moved it (issue 38: a seat's bet, bank or setting is journaled without this
// page): read again every few seconds while the page is shown and no write or opening is in flight;
// drawn only when the table moved past what is on screen
const FOLLOW_MS = 3000;
async function followSeats() {
  if (!S.table || !S.state || S.state.closed || S.justOpened || S.wantOpen || P.busy || document.visibilityState !== "visible") return;
  try {
    const st = await api("GET", tablePath("home", S.table.id));
    if (!P.busy && S.state && S.table && st.seq > S.state.seq) setState(st);
  } catch { /* a write says what is wrong */ }
}

// -- wiring -------------------------------------------------------------------------------------
async function init() {
  wireLang(render);
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("table") && hash.get("token")) {
    history.replaceState(null, "", location.pathname + location.search);
    await resumeTable(hash.get("table"), hash.get("token"), "phase");
  } else {
    const again = sessionStorage.getItem("home-table");
    if (again) {
      const tb = JSON.parse(again);
      try { S.table = tb; S.state = await api("GET", tablePath("home", tb.id)); }
      catch { S.table = null; S.state = null; sessionStorage.removeItem("home-table"); }
    }
    render();
  }
  document.body.dataset.ready = "1";
  setInterval(followSeats, FOLLOW_MS);
}

init().catch((e) => { $("main").replaceChildren(el("p", { class: "msg error", role: "alert" }, ...errorNode(e))); });
