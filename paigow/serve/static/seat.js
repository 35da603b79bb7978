// A seat's page of `paigow serve` (/seat/<id>, issue 38): a player at a Pai Gow or a home table
// (推牌九) on their own phone, 390×844 first. The seat token is in the address's fragment
// (#token=…, #game=home&token=… at a home table), which a browser never sends: it is in no request
// line and no log of the service; the page sends it only as the Authorization header.
//
// The seat's view (the public view and its own tiles, never another's face down) is followed as
// server-sent events read with fetch (EventSource cannot send the token as a header): each event is
// the whole view, so after a lost connection, a reload or the network coming back the page opens
// the stream again and the first event is the view now (with a backoff; a stream silent past two
// heartbeats is taken as lost). One tap per action: place or withdraw its bets, put up the bank,
// set its hand by one of its three splits, ask for the house way (US), accept or decline the bank.
// Advice is offered only where the table allows it: a home table, or a Pai Gow simulation; never
// at a live Pai Gow (casino) table. The round's deadline for the settings, while this seat's hand is
// to be set, counted down by the service's clock, and what the table set once it passed, are
// seat-clock.js's. No build step, no CDN.
import { $, el } from "./common.js";
import { t, num, signed, wireLang, tileImg, faceDown, errorNode } from "./seat-i18n.js";
import { request, tablePath } from "./protocol.js";
import { sample, reconnected, deadlineOf, deadlineCard } from "./seat-clock.js";

const HEARTBEAT = 10;                 // seconds between the stream's pings (asked of the service)
const SILENT = 2.5 * HEARTBEAT * 1e3; // a stream silent this long is lost
const SPLITS = [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]];  // ab|cd, ac|bd, ad|bc: the library's order

const hash = new URLSearchParams(location.hash.slice(1));
const S = {
  id: decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || ""),
  game: hash.get("game") === "home" ? "home" : "paigow",
  token: hash.get("token") || "",
  state: null,      // the seat's view
  conn: "connecting", // "live" or "lost"
  ended: null,      // "revoked" or "closed": the stream stops
  busy: false,      // a write in flight: every action button waits
  amount: "", bank: "",
  advice: null,     // the advice shown for this deal
  msg: null,        // {kind, nodes}
  gen: 0, abort: null,
};
const seatPath = () => tablePath(S.game, S.id) + "/seat";

// -- the view, as it comes ------------------------------------------------------------------------
function show(st) {
  if (!st || (S.state && st.seq < S.state.seq)) return;  // an answer older than an event already shown
  const dealt = (x) => JSON.stringify(x && x.round && (x.round.hands || (x.round.deal || {}).hands) || null);
  if (S.state && dealt(S.state) !== dealt(st)) S.advice = null;
  S.state = st;
  if (st.closed) S.ended = "closed";
  render();
}

function setConn(c) {
  if (S.conn !== c) { S.conn = c; renderStatus(); }
}

function onEvent(ev) {
  if (ev.event === "revoked") { S.ended = "revoked"; render(); return; }
  if (!ev.data) return;
  const data = JSON.parse(ev.data);
  sample(data.at);   // the service's clock, for the deadline's countdown
  if (ev.event === "closed") S.ended = "closed";
  show(data.state);
}

// the blocks of an event stream ("field: value" lines, a blank line between events; ":" a ping)
function parseBlock(block) {
  const ev = {};
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const i = line.indexOf(":");
    const k = i < 0 ? line : line.slice(0, i), v = i < 0 ? "" : line.slice(i + 1).replace(/^ /, "");
    ev[k] = k === "data" && ev.data !== undefined ? ev.data + "\n" + v : v;
  }
  return ev;
}

async function readStream(r, abort) {
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = "", timer = null;
  const watch = () => { clearTimeout(timer); timer = setTimeout(() => abort.abort(), SILENT); };
  watch();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      watch();
      buf = (buf + value).replace(/\r\n/g, "\n");
      let i;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const ev = parseBlock(block);
        if (Object.keys(ev).length) onEvent(ev);
      }
    }
  } finally { clearTimeout(timer); }
}

// follow the seat's view until the seat is revoked or the table closed; a new call (the network
// back) ends the one before
async function follow() {
  const gen = ++S.gen;
  if (S.abort) S.abort.abort();
  let delay = 500;
  while (gen === S.gen && !S.ended) {
    const abort = new AbortController();
    S.abort = abort;
    try {
      const r = await fetch(`${seatPath()}/events?heartbeat=${HEARTBEAT}`, { headers: { Authorization: "Bearer " + S.token,
        Accept: "text/event-stream" }, cache: "no-store", signal: abort.signal });
      if (r.status === 401) { S.ended = "revoked"; render(); return; }
      if (!r.ok) throw new Error("http " + r.status);
      setConn("live");
      reconnected();
      delay = 500;
      await readStream(r, abort);
    } catch (e) { /* lost: below, try again */ }
    if (gen !== S.gen || S.ended) return;
    setConn("lost");
    await new Promise((ok) => setTimeout(ok, delay));
    delay = Math.min(2 * delay, 8000);
  }
}

// -- writes: one tap, one action ------------------------------------------------------------------
async function act(body) {
  if (S.busy || S.ended) return;
  S.busy = true;
  S.msg = { kind: "notice", nodes: [t("sending")] };
  render();
  try {
    const out = await request("POST", `${seatPath()}/actions`, body, S.token);
    S.msg = null;
    show(out.state);
  } catch (e) {
    S.msg = { kind: "error", nodes: errorNode(S.game, e) };
    if (e.network) reread();   // the answer was lost: the view says whether it was taken
  } finally {
    S.busy = false;
    render();
  }
}

async function reread() {
  try { show(await request("GET", seatPath(), undefined, S.token)); } catch (e) { /* the stream will tell */ }
}

async function askAdvice(tiles) {
  try {
    S.advice = S.game === "home" ? await request("GET", `${seatPath()}/advice`, undefined, S.token)
      : await request("POST", "/v1/advice", { tiles: tiles.join(" "), rules: S.state.rules === "us" ? "us" : "macau" });
  } catch (e) { S.msg = { kind: "error", nodes: errorNode(S.game, e) }; }
  render();
}

function wholeAmount(text) {
  const v = text.trim();
  return /^[0-9]{1,12}$/.test(v) && Number(v) > 0 ? Number(v) : null;
}

// -- pieces ---------------------------------------------------------------------------------------
const button = (id, label, onclick, cls = "primary") => el("button", { type: "button", id, class: cls,
  disabled: S.busy, onclick }, label);

function amountForm(id, key, label, send) {
  const input = el("input", { id: `${id}-amount`, inputmode: "numeric", autocomplete: "off", value: S[key],
    "aria-label": t("amount"), oninput: (e) => { S[key] = e.target.value; } });
  const go = () => {
    const v = wholeAmount(S[key]);
    if (v === null) { S.msg = { kind: "error", nodes: [t("need_amount")] }; render(); return; }
    S[key] = "";
    act(send(v));
  };
  return el("div", { class: "row amount" }, el("label", { for: `${id}-amount` }, t("amount")), input, button(id, label, go));
}

function splitButtons(tiles, send, best) {
  return el("div", { class: "splits", role: "group", "aria-label": t("split") }, [0, 1, 2].map((i) => {
    const [a, b, c, d] = SPLITS[i].map((k) => tiles[k]);
    return el("button", { type: "button", class: "split" + (best === i ? " best" : ""), id: `split-${i}`, "data-split": i,
      disabled: S.busy, "aria-label": `${t("split")} ${i + 1}: ${a} ${b} | ${c} ${d}`, onclick: () => act(send(i)) },
    tileImg(a, 0.6), tileImg(b, 0.6), el("span", { class: "bar" }, "|"), tileImg(c, 0.6), tileImg(d, 0.6));
  }));
}

function adviceBox(tiles) {
  if (!S.advice) return button("advice", t("advice"), () => askAdvice(tiles), "secondary");
  const a = S.advice;
  const best = a.best_setting || (a.settings && a.settings[a.best] && (a.settings[a.best].setting || a.settings[a.best].text)) || `${t("split")} ${a.best + 1}`;
  return el("p", { class: "advice", id: "advice-line", "data-best": a.best }, t("advice_line", { n: num(a.opponent_hands), best }));
}

const tilesRow = (tiles, id, size = 1) => el("div", { class: "tiles", id }, tiles.map((p) => tileImg(p, size)));

function seatName(st) {
  if (st.game === "home") return st.seat === 0 ? t("seat_0") : t("door_" + st.seat);
  return st.round && st.round.banker === st.seat ? `${t("position", { n: st.seat })} · ${t("seat_0")}` : t("position", { n: st.seat });
}

function resultBox(outcome, change) {
  const kids = [el("h2", {}, t("result")),
    el("p", { class: "outcome", id: "outcome", "data-outcome": outcome || "none" }, outcome ? t("out_" + outcome) : t("out_none"))];
  if (change !== undefined && change !== null) kids.push(el("p", { id: "change", "data-amount": change }, t("change", { amount: signed(change) })));
  return el("section", { class: "card", id: "result" }, ...kids);
}

// -- a home table ---------------------------------------------------------------------------------
function homeBetting(st) {
  const r = st.round, me = st.seat, out = [];
  if (me === 0) {
    if (r.bank !== null && r.bank !== undefined) out.push(el("p", { id: "bank" }, t("bank_is", { amount: num(r.bank) })));
    if (r.can.bank) out.push(amountForm("put-bank", "bank", t("put_bank"), (v) => ({ action: "bank", amount: v })));
    return out;
  }
  const mine = r.bets.filter((b) => b.door === me && b.bettor === st.player).reduce((s, b) => s + b.amount, 0);
  out.push(el("p", { id: "my-bets", "data-amount": mine }, t("my_bets", { amount: num(mine) })), ...myRequests(st));
  const holder = r.holders[String(me)];
  if (holder && holder !== st.player) out.push(el("p", { class: "holder" }, t("holder", { holder })));
  if (r.can.bet) out.push(amountForm("bet", "amount", t("bet"), (v) => ({ action: "bet", amount: v })));
  return out;
}

function homeHand(st) {
  const r = st.round, h = r.hands.find((x) => x.position === st.seat);
  if (!h || !h.tiles) return [];
  const kids = [el("h2", {}, t("your_hand")), tilesRow(h.tiles, "my-tiles")];
  if (h.set) kids.push(el("p", { class: "set-as", id: "my-set" }, t("set_as", { setting: h.set })));
  else if (r.phase === "dealt" && h.setter === st.player && r.can.set_hand) {
    kids.push(splitButtons(h.tiles, (i) => ({ action: "set_hand", setting: i }), S.advice ? S.advice.best : null));
    if (st.advice && r.can.advice) kids.push(adviceBox(h.tiles));
  } else if (r.phase === "dealt" && h.setter !== st.player) kids.push(el("p", { class: "holder" }, t("holder", { holder: h.setter })));
  return [el("section", { class: "card mine", id: "hand" }, ...kids)];
}

function homeOthers(st) {
  const r = st.round, others = r.hands.filter((x) => x.position !== st.seat);
  const out = [];
  if (others.length) {
    out.push(el("section", { class: "card", id: "others" }, el("h2", {}, t("others")), others.map((h) =>
      el("div", { class: "other", "data-position": h.position },
        el("span", { class: "who" }, h.position === 0 ? t("seat_0") : t("door_" + h.position)),
        el("div", { class: "tiles" }, h.tiles ? h.tiles.map((p) => tileImg(p, 0.5)) : faceDown(h.count)),
        h.tiles && h.set ? el("span", { class: "set-as" }, h.set) : ""))));
  }
  if (r.seen && r.seen.length) out.push(el("section", { class: "card seen", id: "seen" }, el("h2", {}, t("seen")), tilesRow(r.seen, "seen-tiles", 0.4)));
  return out;
}

function homeResult(st) {
  const r = st.round;
  if (!r.result) return [];
  const change = r.result.ledger.changes[st.player];
  const outcome = st.seat === 0 ? (change > 0 ? "win" : change < 0 ? "lose" : (Object.keys(r.result.outcomes).length ? "push" : null))
    : r.result.outcomes[String(st.seat)] || null;
  return [resultBox(outcome, change === undefined ? null : change)];
}

function renderHome(st) {
  const r = st.round;
  const phase = ["betting", "dealt", "settled", "over"].includes(r.phase) ? t("ph_" + r.phase) : t("ph_other", { phase: r.phase });
  const out = [el("p", { class: "phase", id: "phase", "data-phase": r.phase }, phase)];
  if (r.phase === "betting") out.push(...homeBetting(st));
  out.push(...homeHand(st), ...homeResult(st), ...homeOthers(st));
  return out;
}

// -- a Pai Gow table ------------------------------------------------------------------------------
function paigowHand(st) {
  const r = st.round, me = st.seat, tiles = ((r.deal || {}).hands || {})[String(me)];
  if (!tiles) return [];
  const own = r.settings[me], kids = [el("h2", {}, t("your_hand")), tilesRow(tiles, "my-tiles")];
  if (own) kids.push(el("p", { class: "set-as", id: "my-set" }, t("set_as", { setting: own.text })));
  else if (!r.result) {
    kids.push(splitButtons(tiles, (i) => ({ action: "set_hand", setting: i }), S.advice ? S.advice.best : null));
    if (st.rules === "us") kids.push(button("house-way", t("house_way"), () => act({ action: "house_way" }), "secondary"));
    if (st.mode === "simulation") kids.push(adviceBox(tiles));  // never at a live (casino) table
  }
  return [el("section", { class: "card mine", id: "hand" }, ...kids)];
}

function paigowBets(st) {
  const r = st.round, me = st.seat, player = st.players[me];
  if (r.frozen || r.banker === me) return [];
  const mine = r.bets.filter((b) => b.bettor === player).reduce((s, b) => s + b.amount, 0);
  const out = [el("p", { id: "my-bets", "data-amount": mine }, t("my_bets", { amount: num(mine) })), ...myRequests(st),
    amountForm("bet", "amount", t("bet"), (v) => ({ action: "bet", amount: v }))];
  if (mine > 0) out.push(button("withdraw", t("withdraw"), () => act({ action: "withdraw" }), "secondary"));
  return out;
}

// a table whose dealer confirms a seat's bets (seat_bets "confirm"): this seat's requests of the
// round, those pending "waiting for the dealer", then how the dealer answered or why they lapsed
function myRequests(st) {
  const rs = st.seat_requests || [];
  if (!rs.length) return [];
  const what = (r) => (r.action === "bet" ? t("req_bet", { amount: num(r.amount) })
    : r.amount ? t("req_withdraw", { amount: num(r.amount) }) : t("req_withdraw_all"));
  const line = (r) => (r.status === "pending" ? t("req_waiting", { what: what(r) }) : r.status === "confirmed"
    ? t("req_confirmed", { what: what(r) }) : r.status === "refused" ? t("req_refused", { what: what(r) }) : t("req_lapsed", { what: what(r) }));
  return [el("ul", { class: "requests", id: "my-requests", "aria-live": "polite" }, rs.map((r) =>
    el("li", { id: `my-request-${r.id}`, "data-status": r.status, class: r.status }, line(r))))];
}

function renderPaigow(st) {
  const out = [];
  if (st.offer === st.seat) {
    out.push(el("section", { class: "card", id: "offer" }, el("h2", {}, t("offer")), el("div", { class: "row" },
      button("accept", t("accept"), () => act({ action: "accept" })), button("decline", t("decline"), () => act({ action: "decline" }), "secondary"))));
  }
  const r = st.round;
  if (!r) return [...out, el("p", { class: "phase", id: "phase", "data-phase": "none" }, t("no_round"))];
  out.push(el("p", { class: "phase", id: "phase", "data-phase": r.phase }, t("ph_other", { phase: r.phase })), ...paigowBets(st), ...paigowHand(st));
  if (r.result) {
    const line = (r.result.positions || []).find((p) => p.position === st.seat);
    const change = (r.result.ledger && r.result.ledger.changes || {})[st.players[st.seat]];
    out.push(resultBox(line ? line.outcome : null, change));
  }
  const others = Object.keys((r.deal || {}).hands || {}).filter((p) => Number(p) !== st.seat);
  if (others.length) out.push(el("section", { class: "card", id: "others" }, el("h2", {}, t("others")), others.map((p) =>
    el("div", { class: "other", "data-position": p }, el("span", { class: "who" }, t("position", { n: p })), tilesRow(r.deal.hands[p], null, 0.5)))));
  return out;
}

// -- the page -------------------------------------------------------------------------------------
function renderStatus() {
  const st = S.state, box = $("status");
  const conn = S.ended ? t(S.ended) : S.conn === "live" ? t("conn_live") : S.conn === "lost" ? t("conn_lost") : "…";
  box.dataset.conn = S.ended || S.conn;
  box.replaceChildren(el("span", { id: "conn", "data-conn": S.ended || S.conn }, conn),
    st ? el("span", {}, ` · ${t("table")} ${S.id} · `, el("strong", { id: "seat-name" }, seatName(st))) : "");
}

function render() {
  renderStatus();
  const st = S.state, main = $("main");
  if (!S.token) { main.replaceChildren(el("p", { class: "msg error", id: "no-token" }, t("no_token"))); return; }
  if (!st) { main.replaceChildren(el("p", { class: "phase" }, t("waiting"))); return; }
  const player = st.game === "home" ? st.player : st.players[st.seat];
  const bal = (st.balances || {})[player] || 0;
  const head = el("section", { class: "card who" }, el("p", { id: "player" }, t("you", { player })),
    el("p", {}, `${t("balance")}: `, el("strong", { id: "balance", "data-amount": bal }, signed(bal))));
  const msg = S.msg ? el("div", { class: "msg " + S.msg.kind, id: "msg", role: S.msg.kind === "error" ? "alert" : "status" }, ...S.msg.nodes) : "";
  const body = S.ended === "revoked" ? [] : st.game === "home" ? renderHome(st) : renderPaigow(st);
  const deadline = S.ended ? [] : deadlineCard(st, deadlineOf(st));
  main.replaceChildren(head, msg, ...deadline, ...body);
}

wireLang(render);
document.body.dataset.ready = "1";
if (S.token) {
  follow();
  window.addEventListener("online", () => { if (!S.ended) follow(); });
  window.addEventListener("offline", () => setConn("lost"));
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && S.conn !== "live" && !S.ended) follow(); });
}
