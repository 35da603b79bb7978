// The Fish-Prawn-Crab dealer's page of `paigow serve` (/pcc): an ES module on /v1/pcc/tables,
// no build step, no CDN. One screen per phase of a round (betting, the bell, the roll, payouts);
// every write goes through protocol.js: sent once, against the seq it was made on.
import { $, el } from "./common.js";
import { PCC_I18N, L, t, num, signed, wireLang, FIGURES, COLOUR, figName, spotName, spotColour, die } from "./pcc-common.js";
import { tableProtocol, tablePath } from "./protocol.js";
import { errorText } from "./pcc-i18n.js";
import { parseAmount, echoAmount } from "./amounts.js";

const S = {
  spots: [],         // the 39 spots of the layout with their payouts (/v1/pcc/odds)
  table: null,       // {id, token}
  state: null,       // the table's state
  justOpened: null,  // the token, shown once after opening
  wantOpen: false,   // the dealer asked for the open/resume screen
  asking: null,      // "close"
  player: "", stake: "",  // kept between bets: a player often places several
  dice: [],          // the dice tapped, as read when the dome is lifted
  openKey: null,     // the client key of this one opening (a repeat after a lost answer finds the table)
};

// the message of an error in the dealer's language (by its code), with the rule's article
function errorNode(e) {
  const text = errorText("pcc", L.lang, e, { num, article: (a) => "(" + a + ")" });
  return [el("code", {}, e.code || "error"), " ", el("span", { class: "error-message" }, text)];
}

function showMsg(id, nodes, kind) {
  const box = $("msg-" + id) || $("msg-phase");
  if (!box) return;
  box.className = "msg " + kind;
  box.replaceChildren(...nodes);
  box.scrollIntoView({ block: "nearest" });
}

// -- writes: each exactly once (protocol.js) ----------------------------------------------------------
function accepted(action, st) {
  if (action.action === "settle" || action.action === "void_roll") S.dice = [];
  setState(st);
}
const P = tableProtocol("pcc", { table: () => S.table, state: () => S.state, setState, accepted, say: showMsg, t, num, errorNode,
  scope: "#main" });
const { api, write } = P;  // the API call with the table's dealer token unless another is given

// -- tables kept on this device -------------------------------------------------------------------
function saved() { try { return JSON.parse(localStorage.getItem("pcc-tables") || "[]"); } catch { return []; } }
function remember(tb) { localStorage.setItem("pcc-tables", JSON.stringify([tb, ...saved().filter((x) => x.id !== tb.id)].slice(0, 10))); }
function forget(id) { localStorage.setItem("pcc-tables", JSON.stringify(saved().filter((x) => x.id !== id))); }

function openTable(f) {
  return P.exclusive(async () => {
    const body = { ruleset: f.ruleset.value, public: f.pub.checked };
    if (f.ruleset.value === "1996" && !f.nbav.checked) body.new_bets_after_void = false;
    // one key per opening: tapped again after a lost answer, the service answers the same table
    S.openKey = S.openKey || Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
    body.client_key = S.openKey;
    const typed = f.okey ? f.okey.value : "";
    const key = typed || sessionStorage.getItem("paigow-operator") || "";
    try {
      const r = await api("POST", "/v1/pcc/tables", body, key);
      if (typed) sessionStorage.setItem("paigow-operator", typed);
      S.table = { id: r.id, token: r.token }; remember(S.table);
      S.justOpened = r.token; S.wantOpen = false; S.dice = []; S.openKey = null;
      setState(r.state);
    } catch (e) { showMsg("open", e.network ? [t("open_lost")] : errorNode(e), "error"); }
  });
}

function resumeTable(id, token, msgId = "resume") {
  return P.exclusive(async () => {
    try {
      const st = await api("GET", tablePath("pcc", id), undefined, token);
      S.table = { id, token }; remember(S.table);
      S.wantOpen = false; S.justOpened = null; S.dice = [];
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
  sessionStorage.removeItem("pcc-table");
  S.table = null; S.state = null; S.asking = null; S.wantOpen = false;
  render();
}

// -- the state and the phases -----------------------------------------------------------------------
function setState(st) {
  S.state = st;
  if (S.table) sessionStorage.setItem("pcc-table", JSON.stringify(S.table));
  render();
}

function step() {
  if (!S.table || !S.state || S.wantOpen) return "open";
  if (S.justOpened) return "token";
  if (S.state.closed) return "closed-table";
  return S.state.round.phase;  // betting, closed, settled
}

const TITLE = { open: "step_open", token: "token_title", betting: "ph_betting", closed: "ph_closed", settled: "ph_settled",
  "closed-table": "closed" };

function render() {
  const focused = document.activeElement && document.activeElement.id;
  renderStatus();
  const s = step();
  const views = { open: viewOpen, token: viewToken, betting: viewBetting, closed: viewClosed, settled: viewSettled,
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
}

function renderStatus() {
  const st = S.state;
  if (!S.table || !st) { $("status").replaceChildren(); return; }
  const r = st.round;
  const bits = [el("span", {}, t("status_table"), " ", el("b", { id: "table-id" }, S.table.id)),
    el("span", {}, t("status_seq"), " ", el("b", { id: "seq" }, st.seq)),
    el("span", {}, t("status_round"), " ", el("b", { id: "round-number" }, num(r.number))),
    el("span", { id: "phase", "data-phase": r.phase }, t(TITLE[r.phase])),
    el("span", { id: "ruleset" }, st.regulation),
    el("span", { id: "mode", "data-mode": st.mode }, t("mode_live"))];
  if (r.voids.length) bits.push(el("span", { id: "voids", "data-voids": r.voids.length }, t("status_voids"), " ", num(r.voids.length)));
  bits.push(el("a", { id: "display-link", href: `/pcc/display?table=${encodeURIComponent(S.table.id)}`, target: "_blank", rel: "noopener" }, t("display_link")));
  if (!S.wantOpen) bits.push(el("button", { type: "button", class: "link", id: "tables-menu", onclick: () => { S.wantOpen = true; render(); } }, t("tables_menu")));
  $("status").replaceChildren(...bits);
}

const field = (label, input) => el("label", { class: "field" }, el("span", {}, label), input);
const msg = (id) => el("p", { id: "msg-" + id, class: "msg", role: "alert", "aria-live": "assertive" });
function form(id, onsubmit, ...kids) {
  return el("form", { id: "form-" + id, class: "act", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); onsubmit(ev.target); } },
    ...kids, msg(id));
}

function viewOpen() {
  const out = [form("open", openTable,
    field(t("ruleset"), el("select", { id: "new-ruleset", name: "ruleset", onchange: (ev) => { $("new-nbav").disabled = ev.target.value !== "1996"; } },
      el("option", { value: "2004" }, t("r2004")), el("option", { value: "1996" }, t("r1996")))),
    el("label", { class: "check" }, el("input", { id: "new-nbav", name: "nbav", type: "checkbox", checked: true, disabled: true }), el("span", {}, t("nbav"))),
    el("label", { class: "check" }, el("input", { id: "new-public", name: "pub", type: "checkbox", checked: true }), el("span", {}, t("public"))),
    sessionStorage.getItem("paigow-operator") ? "" : field(t("operator_key"), el("input", { id: "operator-key", name: "okey", type: "password", autocomplete: "off" })),
    el("button", { id: "create-table", type: "submit", class: "primary", "data-autofocus": true }, t("open")))];
  out.push(el("h3", {}, t("resume_title")), form("resume", (f) => resumeTable(f.rid.value.trim(), f.rtoken.value.trim()),
    field(t("table_id"), el("input", { id: "resume-id", name: "rid", autocomplete: "off" })),
    field(t("token"), el("input", { id: "resume-token", name: "rtoken", autocomplete: "off" })),
    el("button", { id: "resume", type: "submit", class: "primary" }, t("resume"))));
  const mine = saved().filter((x) => !S.table || x.id !== S.table.id);
  if (mine.length) out.push(el("h3", {}, t("on_device")), el("div", { class: "row" }, mine.map((x) =>
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

// -- betting: the board ---------------------------------------------------------------------------
const GROUPS = [
  ["g_bigsmall", (s) => s === "small" || s === "big"],
  ["g_figures", (s) => s.startsWith("figure:")],
  ["g_colours", (s) => s.startsWith("colour")],
  ["g_triples", (s) => s.startsWith("triple:")],
  ["g_totals", (s) => s.startsWith("total:")],
];
const spotId = (spot) => "spot-" + spot.replace(":", "-");
const paysText = (sp) => sp.outcomes.map((o) => num(o.pays)).join("/");

function stakedOn() {
  const on = {};
  for (const b of S.state.round.bets) on[b.spot] = (on[b.spot] || 0) + b.stake;
  return on;
}

function board(active) {
  const on = stakedOn();
  return el("div", { class: "board", id: "board" }, GROUPS.map(([g, test]) => el("div", { class: "group " + g, role: "group", "aria-label": t(g) },
    el("h3", {}, t(g)),
    el("div", { class: "spots" }, S.spots.filter((sp) => test(sp.bet)).map((sp) => el("button", {
      type: "button", id: spotId(sp.bet), class: `spot col-${spotColour(sp.bet)}`, "data-spot": sp.bet, disabled: !active,
      "data-staked": on[sp.bet] || 0,
      "aria-label": `${spotName(sp.bet)}, ${t("pays", { p: paysText(sp) })}${on[sp.bet] ? ", " + t("staked") + " " + num(on[sp.bet]) : ""}`,
      onclick: () => place(sp.bet),
    }, el("span", { class: "name" }, spotName(sp.bet)), el("span", { class: "pays" }, "1:" + paysText(sp)),
    on[sp.bet] ? el("span", { class: "on" }, num(on[sp.bet])) : "")))))); 
}

// the stake as read (amounts.js), beside its field as it is typed: "= 1,000", or why it is refused
function stakeEcho() {
  const e = echoAmount(S.stake, L.lang), box = $("stake-echo");
  if (box) { box.textContent = e.text; box.classList.toggle("error", !!e.error); }
}

function place(spot) {
  const player = S.player.trim(), read = parseAmount(S.stake, L.lang);
  if (!player) { showMsg("board", [t("need_player")], "error"); $("player").focus(); return; }
  if (read.empty) { showMsg("board", [t("need_stake")], "error"); $("stake").focus(); return; }
  if (read.error) { showMsg("board", [el("span", { class: "amount-error" }, read.error)], "error"); $("stake").focus(); return; }
  write({ action: "place", spot, stake: read.value, player }, "board");
}

function slip(withdrawing) {
  const r = S.state.round;
  if (!r.bets.length) return el("p", { id: "slip", class: "hint" }, t("no_bets"));
  return el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": t("slip") }, el("table", { id: "slip" }, el("caption", {}, t("slip"), " · ", t("staked"), " ", num(r.staked)),
    el("thead", {}, el("tr", {}, el("th", {}, t("col_ticket")), el("th", {}, t("col_player")), el("th", {}, t("col_bet")),
      el("th", { class: "num" }, t("col_stake")), withdrawing ? el("th", {}, el("span", { class: "sr" }, t("withdraw"))) : "")),
    el("tbody", {}, r.bets.map((b) => el("tr", { "data-ticket": b.ticket },
      el("td", {}, b.ticket), el("td", {}, b.player), el("td", {}, spotName(b.spot)), el("td", { class: "num" }, num(b.stake)),
      withdrawing ? el("td", {}, b.withdrawable ? el("button", { type: "button", class: "secondary small", id: `withdraw-${b.ticket}`,
        "aria-label": `${t("withdraw")} #${b.ticket}`, onclick: () => write({ action: "withdraw", ticket: b.ticket }, "slip") }, t("withdraw")) : "") : "")))),
  msg("slip"));
}

function viewBetting() {
  const r = S.state.round;
  const inputs = el("div", { class: "row who" },
    field(t("player"), el("input", { id: "player", value: S.player, autocomplete: "off", maxlength: 40, "data-autofocus": true,
      oninput: (ev) => { S.player = ev.target.value; } })),
    field(t("stake"), el("input", { id: "stake", value: S.stake, type: "text", inputmode: "numeric", autocomplete: "off",
      oninput: (ev) => { S.stake = ev.target.value; stakeEcho(); } })),
    el("span", { id: "stake-echo", class: "echo", "aria-live": "polite" }, echoAmount(S.stake, L.lang).text),
    el("span", { class: "hint" }, t("board_hint")));
  const voided = r.voids.length ? el("p", { class: "msg notice", id: "void-note" }, t("d_void", { r: t("reason_" + r.voids[r.voids.length - 1].reason) }), " · ", t("void_note")) : "";
  return [voided, inputs, board(r.can.place), msg("board"),
    el("div", { class: "row" }, el("button", { type: "button", id: "bell", class: "primary", disabled: !r.can.close_betting,
      onclick: () => write({ action: "close_betting" }, "bell") }, t("bell"))), msg("bell"),
    slip(true)];
}

// -- the bell rung: the roll ------------------------------------------------------------------------
function viewClosed() {
  const chosen = el("div", { class: "chosen-dice", id: "chosen-dice", "aria-live": "polite" },
    [0, 1, 2].map((i) => S.dice[i] ? el("button", { type: "button", class: "die-chip", id: `chosen-${i}`,
      "aria-label": `${t("pick_die", { n: i + 1 })}: ${figName(S.dice[i])} ✕`, onclick: () => { S.dice.splice(i, 1); render(); } }, die(S.dice[i]))
      : el("span", { class: "die empty" }, t("pick_die", { n: i + 1 }))));
  const picker = el("div", { class: "figures", role: "group", "aria-label": t("roll_title") }, FIGURES.map((f) => el("button", {
    type: "button", id: `die-${f}`, class: `figure col-${COLOUR[f]}`, disabled: S.dice.length >= 3,
    onclick: () => { if (S.dice.length < 3) S.dice.push(f); render(); if (S.dice.length === 3) $("settle-roll").focus(); },
  }, figName(f))));
  return [
    el("div", { class: "roll-panel" },
      el("h3", {}, t("roll_title")), picker, chosen,
      el("div", { class: "row" },
        el("button", { type: "button", id: "settle-roll", class: "primary", "data-autofocus": true, onclick: () => {
          if (S.dice.length !== 3) { showMsg("roll", [t("need_dice")], "error"); return; }
          write({ action: "settle", roll: S.dice.join(" ") }, "roll");
        } }, t("settle_roll")),
        el("button", { type: "button", id: "clear-dice", class: "secondary", onclick: () => { S.dice = []; render(); } }, t("clear_dice")),
        el("button", { type: "button", id: "shake", class: "secondary", onclick: () => write({ action: "settle" }, "roll") }, t("shake"))),
      msg("roll")),
    el("div", { class: "void-panel" }, el("h3", {}, t("void_title")), el("p", { class: "hint" }, t("void_note")),
      el("div", { class: "row" },
        el("button", { type: "button", id: "void-stacked", class: "secondary", onclick: () => write({ action: "void_roll", reason: "stacked" }, "void") }, t("void_stacked")),
        el("button", { type: "button", id: "void-tilted", class: "secondary", onclick: () => write({ action: "void_roll", reason: "tilted" }, "void") }, t("void_tilted"))),
      msg("void")),
    slip(false)];
}

// -- settled: the payouts ---------------------------------------------------------------------------
function viewSettled() {
  const st = S.state, s = st.round.settlement;
  const lines = el("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": t("bet_results") }, el("table", { id: "payouts" }, el("caption", {}, t("ph_settled")),
    el("thead", {}, el("tr", {}, el("th", {}, t("col_ticket")), el("th", {}, t("col_player")), el("th", {}, t("col_bet")),
      el("th", { class: "num" }, t("col_stake")), el("th", {}, t("col_result")), el("th", { class: "num" }, t("col_paid")),
      el("th", { class: "num" }, t("col_returned")), el("th", { class: "num" }, t("col_net")))),
    el("tbody", {}, s.lines.map((x) => el("tr", { "data-ticket": x.ticket, class: x.won ? "won" : "lost" },
      el("td", {}, x.ticket), el("td", {}, x.player), el("td", {}, spotName(x.spot)), el("td", { class: "num" }, num(x.stake)),
      el("td", {}, x.won ? `${t("won")} 1:${num(x.odds)}` : t("lost")), el("td", { class: "num" }, num(x.paid)),
      el("td", { class: "num" }, num(x.returned)), el("td", { class: "num", "data-net": x.net }, signed(x.net)))))));
  const players = el("table", { id: "players-net" }, el("caption", {}, t("per_player")), el("tbody", {},
    Object.entries(s.players).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", { class: "num", "data-amount": v }, signed(v)))),
    el("tr", {}, el("th", { scope: "row" }, t("house")), el("td", { class: "num", id: "house-result", "data-amount": s.totals.house_result }, signed(s.totals.house_result)))));
  const out = [el("div", { class: "result", id: "roll-result", "data-roll": s.roll.text },
      el("span", {}, t("roll"), ":"), s.roll.dice.map(die), el("span", {}, t("total"), " ", el("b", {}, num(s.roll.total)))),
    el("div", { class: "row" }, el("button", { type: "button", id: "next-round", class: "primary", "data-autofocus": true,
      onclick: () => write({ action: "new_round" }, "next") }, t("next_round"))), msg("next"),
    el("div", { class: "two" }, players, balances()), lines];
  if (S.asking === "close") {
    out.push(el("div", { class: "ask", role: "alertdialog", "aria-labelledby": "close-text" }, el("p", { id: "close-text" }, t("close_confirm", { id: S.table.id })),
      el("button", { type: "button", id: "close-yes", class: "primary", onclick: closeTable }, t("close_yes")),
      el("button", { type: "button", class: "secondary", onclick: () => { S.asking = null; render(); } }, t("cancel")), msg("close")));
  } else out.push(el("button", { type: "button", id: "close-table", class: "secondary", onclick: () => { S.asking = "close"; render(); } }, t("close_table")));
  return out;
}

function balances() {
  const st = S.state;
  return el("table", { id: "balance-table" }, el("caption", {}, t("balances")), el("tbody", {},
    Object.entries(st.balances).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", { class: "num", "data-amount": v }, signed(v)))),
    el("tr", {}, el("th", { scope: "row" }, t("house")), el("td", { class: "num", id: "house-balance", "data-amount": st.house }, signed(st.house)))));
}

// -- wiring -------------------------------------------------------------------------------------
async function init() {
  S.spots = await api("GET", "/v1/pcc/odds");
  wireLang(render);
  const again = sessionStorage.getItem("pcc-table");
  if (again) {
    const tb = JSON.parse(again);
    try { S.table = tb; S.state = await api("GET", tablePath("pcc", tb.id)); }
    catch { S.table = null; S.state = null; sessionStorage.removeItem("pcc-table"); }
    render();
  }
  document.body.dataset.ready = "1";
}

init().catch((e) => { $("main").replaceChildren(el("p", { class: "msg error", role: "alert" }, ...errorNode(e))); });
