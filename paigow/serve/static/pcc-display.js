// The players' display of a public Fish-Prawn-Crab table (/pcc/display?table=ID): read-only, no
// token, the table's state read once a second (a poll: far below the service's rate limit) and
// drawn again only when its seq moves. Shows the bets on the board, the bell, void rolls, the
// roll and the payouts; nothing at this table is face down. An ES module.
import { $, el } from "./common.js";
import { t, num, signed, wireLang, spotName, spotColour, die } from "./pcc-common.js";
import { request, tablePath } from "./protocol.js";

const D = { id: new URLSearchParams(location.search).get("table") || "", state: null, error: null, spots: [] };
const POLL_MS = 1000;

async function poll() {
  try {
    const body = await request("GET", tablePath("pcc", D.id));
    if (!D.state || body.seq !== D.state.seq || body.closed !== D.state.closed) { D.error = null; D.state = body; draw(); return; }
    D.error = null;
  } catch (e) { D.error = e.code; if (!e.network) D.state = null; }
  if (D.error) draw();
}

function banner(st) {
  const r = st.round;
  if (st.closed) return [t("closed")];
  if (r.phase === "settled") return [t("ph_settled"), " · ", t("roll"), ": ", ...r.settlement.roll.dice.map(die)];
  if (r.phase === "closed") return [t("d_bets_closed")];
  if (r.voids.length && r.bells === r.voids.length) return [t("d_void", { r: t("reason_" + r.voids[r.voids.length - 1].reason) }), " · ", t("d_bets_open")];
  return [t("d_bets_open")];
}

function draw() {
  const st = D.state;
  if (!st) {
    $("banner").replaceChildren(D.error === "table.token" ? t("d_private") : t("d_waiting"));
    $("banner").dataset.phase = "waiting";
    $("main").replaceChildren();
    document.body.dataset.ready = "1";
    return;
  }
  const r = st.round;
  $("banner").replaceChildren(...banner(st));
  $("banner").dataset.phase = st.closed ? "closed-table" : r.phase;
  const on = {};
  for (const b of r.bets) on[b.spot] = (on[b.spot] || 0) + b.stake;
  const won = new Set(r.settlement ? r.settlement.lines.filter((x) => x.won).map((x) => x.spot) : []);
  const spots = el("div", { class: "board display-board", id: "display-board" }, D.spots.map((sp) => el("div", {
    class: `spot col-${spotColour(sp.bet)}` + (on[sp.bet] ? " has" : "") + (won.has(sp.bet) ? " won" : ""), "data-spot": sp.bet,
    "data-staked": on[sp.bet] || 0, "data-won": won.has(sp.bet) ? "1" : null },
  el("span", { class: "name" }, spotName(sp.bet)), el("span", { class: "pays" }, "1:" + sp.outcomes.map((o) => num(o.pays)).join("/")),
  on[sp.bet] ? el("span", { class: "on" }, num(on[sp.bet])) : "", won.has(sp.bet) ? el("span", { class: "won-mark" }, "✓ " + t("won")) : "")));
  const out = [el("p", { class: "round-line" }, t("status_round"), " ", el("b", { id: "d-round" }, num(r.number)), " · ", t("staked"), " ",
    el("b", { id: "d-staked" }, num(r.staked)), r.voids.length ? ` · ${t("status_voids")} ${num(r.voids.length)}` : ""), spots];
  if (r.phase === "settled") {
    const s = r.settlement;
    out.unshift(el("table", { id: "d-payouts" }, el("caption", {}, t("ph_settled")), el("tbody", {},
      Object.entries(s.players).map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", { class: "num", "data-amount": v }, signed(v)))))));
  } else {
    const per = {};
    for (const b of r.bets) (per[b.player] = per[b.player] || []).push(b);
    out.push(el("table", { id: "d-bets" }, el("caption", {}, t("d_on_board")), el("tbody", {}, Object.entries(per).map(([p, bs]) =>
      el("tr", {}, el("th", { scope: "row" }, p), el("td", {}, bs.map((b) => `${spotName(b.spot)} ${num(b.stake)}`).join(" · ")))))));
  }
  $("main").replaceChildren(...out);
  document.body.dataset.ready = "1";
  document.body.dataset.seq = st.seq;
}

async function init() {
  const r = await fetch("/v1/pcc/odds");
  D.spots = await r.json();
  wireLang(() => { if (D.state || D.error) draw(); });
  await poll();
  setInterval(poll, POLL_MS);
}

init();
