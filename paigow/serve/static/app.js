// The dealer's page of `paigow serve`: plain JavaScript on the /v1 API, no build step, no CDN.
"use strict";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
};

const S = {
  faces: [],          // the 21 faces from /v1/tiles
  byPips: {},
  hand: [],           // the advice hand (pips)
  mode: "advice",     // which view the face grid feeds
  table: null,        // {id, token}
  state: null,        // the table's state
  enterPos: null,     // the position whose tiles the grid enters
  entered: {},        // position -> [pips]
  advice: {},         // position -> advice for the settings area
};

// -- the API ------------------------------------------------------------------------------------
async function api(method, path, body, key) {
  const headers = { "Content-Type": "application/json" };
  if (key) headers.Authorization = "Bearer " + key;  // the operator key: opening a table
  else if (S.table) headers.Authorization = "Bearer " + S.table.token;  // the table's dealer token
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw Object.assign(new Error(data.message || r.statusText), { code: data.code || "http." + r.status });
  return data;
}

function showError(e) {
  const box = $("error");
  box.replaceChildren(el("code", {}, e.code || "error"), el("span", { id: "error-message" }, e.message));
  box.hidden = false;
}
function clearError() { $("error").hidden = true; }

async function run(fn) {
  clearError();
  try { await fn(); } catch (e) { showError(e); }
}

// -- faces --------------------------------------------------------------------------------------
function faceLabel(pips) { const f = S.byPips[pips]; return f ? f.name_zh : pips; }

function chip(pips, onclick) {
  const f = S.byPips[pips] || { name_zh: pips, name_en: "" };
  return el("button", { class: "chip", type: "button", title: f.name_en, onclick }, f.name_zh, el("span", { class: "pips" }, pips));
}

function renderFaces() {
  const used = countOf(currentTiles());
  $("faces").replaceChildren(...S.faces.map((f) => el("button", {
    class: "face" + (used[f.pips] ? " used" : ""), type: "button", "data-pips": f.pips, title: `${f.name_en} (${f.pips})`,
    disabled: (used[f.pips] || 0) >= f.copies || currentTiles().length >= 4,
    onclick: () => tapFace(f.pips),
  }, el("span", { class: "zh" }, f.name_zh), el("span", { class: "pips" }, f.pips), el("span", { class: "en" }, f.name_en))));
  $("faces-target").textContent = S.mode === "advice" ? "→ 手牌 hand"
    : (S.enterPos === null ? "→ 选位 pick a position below" : `→ 位 position ${S.enterPos}`);
}

function countOf(list) { const c = {}; for (const p of list) c[p] = (c[p] || 0) + 1; return c; }
function currentTiles() {
  if (S.mode === "advice") return S.hand;
  return S.enterPos === null ? [] : (S.entered[S.enterPos] || []);
}

function tapFace(pips) {
  if (S.mode === "advice") {
    if (S.hand.length < 4) S.hand.push(pips);
    renderHand();
  } else if (S.enterPos !== null) {
    const list = S.entered[S.enterPos] || (S.entered[S.enterPos] = []);
    if (list.length < 4) list.push(pips);
    renderEntry();
  }
  renderFaces();
}

// -- advice -------------------------------------------------------------------------------------
function renderHand() {
  $("hand").replaceChildren(...S.hand.map((p, i) => chip(p, () => { S.hand.splice(i, 1); renderHand(); renderFaces(); })));
  if (S.hand.length === 4) run(loadAdvice); else $("advice").replaceChildren();
}

function pct(x, n) { return (100 * x / n).toFixed(2) + "%"; }

function adviceTable(a, onChoose, chosen) {
  const n = a.opponent_hands;
  const head = el("tr", {}, el("th", {}, "#"), el("th", {}, "前 front"), el("th", {}, "后 back"),
    el("th", { class: "num" }, "赢 win"), el("th", { class: "num" }, "和 push"), el("th", { class: "num" }, "输 lose"),
    el("th", { class: "num" }, "值 value"), el("th", { class: "num" }, "均衡 eq."), el("th", {}, ""));
  const rows = a.settings.map((s, k) => el("tr", { class: k === a.best ? "best" : "", "data-setting": k },
    el("td", {}, k + 1),
    el("td", {}, s.front.tiles.join(" "), " ", el("b", {}, s.front.name_zh), el("div", { class: "hn" }, s.front.name_en)),
    el("td", {}, s.back.tiles.join(" "), " ", el("b", {}, s.back.name_zh), el("div", { class: "hn" }, s.back.name_en)),
    el("td", { class: "num" }, pct(s.wins, n)), el("td", { class: "num" }, pct(s.pushes, n)),
    el("td", { class: "num" }, pct(s.losses, n)),
    el("td", { class: "num" }, (s.value >= 0 ? "+" : "") + s.value.toFixed(5)),
    el("td", { class: "num" }, s.equilibrium_probability === null ? "" : s.equilibrium_probability.toFixed(3)),
    el("td", {}, k === a.best ? "最佳 best " : "",
      onChoose ? (chosen === s.text ? el("span", { class: "chosen" }, "✓")
        : el("button", { class: "set", type: "button", onclick: () => onChoose(k, s) }, "选 Set")) : "")));
  return el("table", { class: "advice" }, el("thead", {}, head), el("tbody", {}, rows));
}

async function loadAdvice() {
  const a = await api("POST", "/v1/advice", {
    tiles: S.hand.join(" "), seat: $("seat").value, against: $("against").value, commission: $("commission").checked,
  });
  $("advice").replaceChildren(
    el("p", {}, `${a.tiles.map(faceLabel).join(" ")} — 对 ${a.opponent_hands.toLocaleString()} hands, `,
      a.mixed ? "均衡混合 the equilibrium mixes this hand" : "exact values per hand"),
    adviceTable(a));
}

// -- the table ----------------------------------------------------------------------------------
const POS = [0, 1, 2, 3, 4, 5, 6, 7];

async function createTable() {
  const body = { banker: Number($("new-banker").value) };
  if ($("new-house").value) body.house_stake = Number($("new-house").value);
  S.table = null;
  // the operator key is kept for this tab only (sessionStorage), never in the address
  const key = $("operator-key").value || sessionStorage.getItem("paigow-operator") || "";
  const t = await api("POST", "/v1/tables", body, key);
  if ($("operator-key").value) sessionStorage.setItem("paigow-operator", $("operator-key").value);
  $("operator-key").value = "";
  S.table = { id: t.id, token: t.token };
  sessionStorage.setItem("paigow-table", JSON.stringify(S.table));
  setState(t.state);
}

async function act(action) {
  const r = await api("POST", `/v1/tables/${S.table.id}/actions`, action);
  setState(r.state);
  return r;
}

function setState(st) {
  S.state = st;
  $("table-steps").hidden = false;
  const r = st.round;
  if (!r || r.phase !== "dealt") S.advice = {};
  if (!r) S.entered = {};
  // a live table: only the holders set the tiles, the page offers no strategy (Art. 7.1-7.2)
  $("settle-strategy-label").hidden = st.mode !== "simulation";
  renderStatus(); renderBets(); renderEntry(); renderSettings(); renderLedger(); renderBalances(); renderFaces();
}

function renderStatus() {
  const st = S.state, r = st.round;
  const bits = [el("span", {}, "台 table ", el("b", { id: "table-id" }, S.table.id)), " · ",
    el("span", {}, "步 seq ", el("b", { id: "seq" }, st.seq)), " · "];
  if (st.banker === null) bits.push(el("span", { id: "banker" }, `庄待接 bank offered to position ${st.offer}`));
  else bits.push(el("span", { id: "banker" }, `庄 banker: position ${st.banker} (${st.players[st.banker]})`));
  bits.push(" · ", el("span", { id: "mode" }, st.mode === "simulation" ? "模拟 simulation" : "实台 live"));
  bits.push(" · ", el("span", {}, `局 rounds ${st.rounds}`));
  if (st.carried !== null) bits.push(" · ", el("span", {}, `续本 carried ${st.carried}`));
  if (r) bits.push(" · ", el("span", { id: "phase" }, `局况 ${r.phase}`), " · ", el("span", { id: "bank" }, `庄本 bank ${r.bank}`));
  if (r && r.first_position !== null) bits.push(" · ", el("span", {}, `首家 first stack: ${r.first_position}`));
  $("table-status").replaceChildren(...bits);
}

function renderBets() {
  const st = S.state, r = st.round, banker = r ? r.banker : st.banker;
  const typed = {};  // what the dealer has typed but not yet placed survives a redraw
  for (const input of $("bets").querySelectorAll("input")) typed[input.id] = input.value;
  $("bets").replaceChildren(...POS.map((p) => {
    const mine = r ? r.bets.filter((b) => b.position === p) : [];
    if (p === banker) return el("div", { class: "bet banker" }, el("h3", {}, `${p} 庄 banker`));
    return el("div", { class: "bet" }, el("h3", {}, `${p} · ${st.players[p]}`),
      el("input", { id: `bet-amt-${p}`, type: "number", min: "1", placeholder: "注 amount" }),
      el("input", { id: `bet-by-${p}`, placeholder: `by ${st.players[p]}` }),
      el("button", { id: `bet-${p}`, type: "button", onclick: () => run(() => placeBet(p)) }, "下注 Bet"),
      el("div", { class: "placed" }, mine.map((b) => `${b.bettor} ${b.amount}`).join(", ")));
  }));
  for (const [id, value] of Object.entries(typed)) if ($(id)) $(id).value = value;
}

async function placeBet(p) {
  const action = { action: "bet", position: p, amount: Number($(`bet-amt-${p}`).value) };
  if ($(`bet-by-${p}`).value) action.bettor = $(`bet-by-${p}`).value;
  await act(action);
}

function renderEntry() {
  if (!S.state) return;
  $("entry").replaceChildren(...POS.map((p) => {
    const tiles = S.entered[p] || [];
    return el("div", { class: "slot" + (S.enterPos === p ? " target" : ""), "data-pos": p },
      el("button", { id: `enter-${p}`, type: "button", class: "set", onclick: () => { S.enterPos = p; S.mode = "table"; renderEntry(); renderFaces(); } },
        `位 ${p}`),
      " ", tiles.map((t, i) => chip(t, () => { tiles.splice(i, 1); renderEntry(); renderFaces(); })));
  }));
}

async function dealEntered() {
  const hands = {};
  for (const [p, tiles] of Object.entries(S.entered)) if (tiles.length) hands[p] = tiles.join(" ");
  await act({ action: "deal", hands });
}

let settingsDraw = 0;  // the newest drawing of the settings wins (advice arrives out of order)

async function renderSettings() {
  const draw = ++settingsDraw;
  const r = S.state.round, area = $("settings-area");
  if (!r || !r.deal.hands || (r.phase !== "dealt" && r.phase !== "settled")) { area.replaceChildren(); return; }
  const order = [...r.playing.filter((p) => !r.sat_out.includes(p)), r.banker];
  for (const p of order) {
    if (!S.advice[p]) {
      S.advice[p] = api("POST", "/v1/advice", { tiles: r.deal.hands[String(p)].join(" "), seat: p === r.banker ? "banker" : "player" })
        .catch((e) => { showError(e); return null; });
    }
  }
  const advice = {};
  for (const p of order) advice[p] = await S.advice[p];
  if (draw !== settingsDraw) return;  // a newer state is being drawn
  area.replaceChildren(...order.map((p) => {
    const a = advice[p], chosen = r.settings[p] ? r.settings[p].text : null;
    const who = p === r.banker ? "庄 banker" : `闲 ${r.holders[String(p)]}`;
    return el("div", { class: "pos-settings", id: `settings-${p}` },
      el("h3", {}, `位 ${p} · ${who}: `, r.deal.hands[String(p)].map(faceLabel).join(" "),
        chosen ? el("span", { class: "chosen" }, `  ✓ ${chosen}`) : ""),
      a ? adviceTable(a, r.phase === "dealt" ? (k) => run(() => act({ action: "set_hand", position: p, setting: k })) : null, chosen) : "");
  }));
}

function renderLedger() {
  const r = S.state.round, res = r && r.result;
  if (!res) { $("ledger").replaceChildren(); return; }
  const L = res.ledger;
  const lines = L.lines.map((x) => el("tr", {}, el("td", {}, x.step), el("td", {}, x.kind), el("td", {}, x.position ?? ""),
    el("td", {}, x.payer), el("td", {}, x.payee), el("td", { class: "num" }, x.amount)));
  const changes = Object.entries(L.changes).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", { class: "num" }, (v > 0 ? "+" : "") + v)));
  const outcomes = res.positions.filter((p) => p.role === "player" && p.bets.length).map((p) =>
    `${p.position}: ${p.front} | ${p.back} → ${p.sat_out ? "坐出 sits out" : { win: "赢 win", push: "和 push", lose: "输 lose" }[p.outcome]}`);
  $("ledger").replaceChildren(
    el("p", {}, `庄 banker ${res.positions[0].front} | ${res.positions[0].back}; `, outcomes.join("; ")),
    el("table", { id: "ledger-lines" }, el("thead", {}, el("tr", {}, ...["#", "kind", "pos", "payer 付", "payee 收"].map((h) => el("th", {}, h)),
      el("th", { class: "num" }, "amount"))), el("tbody", {}, lines)),
    el("table", { id: "ledger-changes" }, el("tbody", {}, changes,
      el("tr", {}, el("td", {}, el("b", {}, "抽水 commission")), el("td", { class: "num", id: "commission-total" }, L.commission)))));
}

function renderBalances() {
  const st = S.state;
  const rows = Object.entries(st.balances).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", { class: "num" }, (v > 0 ? "+" : "") + v)));
  $("balances").replaceChildren(el("table", { id: "balance-table" }, el("tbody", {}, rows,
    el("tr", {}, el("td", {}, "抽水 commission"), el("td", { class: "num" }, st.commission)))),
    el("ol", { class: "turns" }, st.turns.map((t) => el("li", {}, t))));
}

// -- wiring -------------------------------------------------------------------------------------
function showView(mode) {
  S.mode = mode;
  $("tab-advice").classList.toggle("active", mode === "advice");
  $("tab-table").classList.toggle("active", mode === "table");
  $("advice-view").hidden = mode !== "advice";
  $("table-view").hidden = mode !== "table";
  renderFaces();
}

async function init() {
  S.faces = await api("GET", "/v1/tiles");
  for (const f of S.faces) S.byPips[f.pips] = f;
  const opts = (sel, items) => sel.replaceChildren(...items.map(([v, t]) => el("option", { value: v }, t)));
  opts($("new-banker"), POS.map((p) => [p, `位 ${p}`]));
  opts($("cob-party"), [["house", "公司 house"], ...POS.map((p) => [p, `位 ${p}`])]);
  opts($("cut-pos"), POS.map((p) => [p, `位 ${p}`]));
  $("tab-advice").onclick = () => showView("advice");
  $("tab-table").onclick = () => showView("table");
  $("clear").onclick = () => { S.hand = []; renderHand(); renderFaces(); };
  for (const id of ["seat", "against", "commission"]) $(id).onchange = () => { if (S.hand.length === 4) run(loadAdvice); };
  $("create-table").onclick = () => run(createTable);
  $("start-round").onclick = () => run(() => act({ action: "start_round", stake: Number($("stake").value) }));
  $("co-bank").onclick = () => run(() => {
    const v = $("cob-party").value;
    return act({ action: "co_bank", party: v === "house" ? "house" : Number(v), stake: Number($("cob-stake").value) });
  });
  $("shuffle").onclick = () => run(() => act({ action: "shuffle" }));
  $("cut").onclick = () => run(() => act({ action: "cut", position: Number($("cut-pos").value), k: Number($("cut-k").value) }));
  $("shake").onclick = () => run(() => {
    const d = $("dice").value.trim();
    return act(d ? { action: "shake", dice: d.split(/[\s,+]+/).map(Number) } : { action: "shake" });
  });
  $("deal").onclick = () => run(() => act({ action: "deal" }));
  $("deal-entered").onclick = () => run(dealEntered);
  $("settle").onclick = () => run(() => act(S.state.mode === "simulation"
    ? { action: "settle", strategy: $("settle-strategy").value } : { action: "settle" }));
  $("end-round").onclick = () => run(() => act({ action: "end_round" }));
  $("pass-bank").onclick = () => run(() => act({ action: "pass_bank" }));
  $("accept").onclick = () => run(() => act({ action: "accept" }));
  $("decline").onclick = () => run(() => act({ action: "decline" }));
  const saved = sessionStorage.getItem("paigow-table");
  if (saved) {
    S.table = JSON.parse(saved);
    try { setState(await api("GET", `/v1/tables/${S.table.id}`)); } catch (e) { S.table = null; sessionStorage.removeItem("paigow-table"); }
  }
  renderFaces();
  document.body.dataset.ready = "1";
}

run(init);
