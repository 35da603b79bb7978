// The players' display of a public home table 推牌九 (/home/display?table=ID): read-only, no token,
// the table's public view read once a second (a poll, as the Fish-Prawn-Crab display's: far below the
// service's rate limit) and drawn again only when its seq moves. Shows the bets on the doors, the
// hands face down until the settlement (the public view holds no face-down tile), the first round's
// tiles face up in the second, each door's result and the round's changes, and the round's deadline
// for the settings counted down by the service's clock (an answer's Date header: this view has no
// event's `at`). An ES module.
import { $, el } from "./common.js";
import { t, num, signed, party, wireLang, tileImg, faceDown } from "./home-i18n.js";
import { request, tablePath } from "./protocol.js";
import { serviceClock, readDate, mmss } from "./service-clock.js";

const D = { id: new URLSearchParams(location.search).get("table") || "", state: null, error: null, timer: null };
const POLL_MS = 1000;
const CLOCK_MS = 300_000;        // the service's clock read again (an answer's Date header) this often
const clock = serviceClock();    // the round's deadline is a time by the service's clock

async function poll() {
  try {
    const body = await request("GET", tablePath("home", D.id));
    if (!D.state || body.seq !== D.state.seq || body.closed !== D.state.closed) { D.error = null; D.state = body; draw(); return; }
    D.error = null;
  } catch (e) { D.error = e.code; if (!e.network) D.state = null; }
  if (D.error) draw();
}

const PHASE = { betting: "ph_betting", dealt: "ph_dealt", settled: "ph_settled", over: "ph_over" };

function seat(st, pos) {
  const r = st.round, h = r.hands.find((x) => x.position === pos);
  const bets = pos ? r.bets.filter((b) => b.door === pos) : [];
  const u = r.result && r.result.outcomes[String(pos)];
  return el("div", { class: "seat", id: `d-seat-${pos}`, "data-position": pos },
    el("h3", {}, el("span", {}, t("door_" + pos)), u ? el("span", { class: "outcome", "data-outcome": u }, t("out_" + u)) : ""),
    pos ? el("p", { class: "who" }, r.holders[String(pos)] ? `${t("holder")}: ${r.holders[String(pos)]}` : t("no_bets"))
      : el("p", { class: "who" }, party(r.banker)),
    bets.length ? el("ul", {}, bets.map((b) => el("li", {}, `${b.bettor} ${num(b.amount)}`))) : "",
    h ? el("div", { class: "tiles" }, h.tiles ? h.tiles.map((p) => tileImg(p)) : faceDown(h.count)) : "",
    h && h.set ? el("p", { class: "set-as" }, h.set) : "");
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
  $("banner").replaceChildren(st.closed ? t("closed") : t(PHASE[r.phase]));
  $("banner").dataset.phase = st.closed ? "closed-table" : r.phase;
  const out = [el("p", { class: "round-line" }, t("status_shuffle"), " ", el("b", { id: "d-shuffle" }, num(st.shuffle)), " · ",
    t("status_round"), " ", el("b", { id: "d-round" }, `${num(r.number)} (${num(r.in_shuffle)}/${num(st.rules.rounds_per_shuffle)})`),
    r.dice ? ` · ${t("dice_shown")} ${r.dice.join(" ")}` : ""),
  el("p", { id: "d-deadline", role: "timer", hidden: true }),
  el("div", { class: "seats" }, [1, 2, 3, 0].map((p) => seat(st, p)))];
  if (r.seen.length) out.push(el("div", { class: "seen", id: "d-seen" }, el("span", {}, t("seen")), el("div", { class: "tiles" }, r.seen.map((p) => tileImg(p, 0.67)))));
  if (r.result) {
    out.push(el("table", { id: "d-changes" }, el("caption", {}, t("changes")), el("tbody", {},
      Object.entries(r.result.ledger.changes).map(([k, v]) => el("tr", {}, el("td", {}, party(k)), el("td", { class: "num", "data-amount": v }, signed(v)))))));
  }
  $("main").replaceChildren(...out);
  deadline();
  document.body.dataset.ready = "1";
  document.body.dataset.seq = st.seq;
}

// the round's deadline for the settings (issue 38; public): counted down each second by the
// service's clock until it passes; applied, said so; gone once the round settles
function deadline() {
  const r = D.state && !D.state.closed ? D.state.round : null, box = $("d-deadline");
  const on = !!box && !!r && r.deadline !== undefined && r.deadline !== null && ["betting", "dealt"].includes(r.phase);
  const applied = on && !!r.by_deadline, left = on && !applied ? clock.left(r.deadline) : 0;
  if (D.timer && !(on && left)) { clearInterval(D.timer); D.timer = null; }
  if (!box) return;
  box.hidden = !on;
  box.dataset.left = left;
  box.dataset.applied = String(applied);
  box.textContent = !on ? "" : applied ? t("d_deadline_applied") : left ? t("d_deadline_in", { left: mmss(left) }) : t("d_deadline_passed");
  if (on && left && !D.timer) D.timer = setInterval(deadline, 1000);
}

async function init() {
  wireLang(() => { if (D.state || D.error) draw(); });
  await Promise.all([poll(), readDate(clock)]);
  setInterval(poll, POLL_MS);
  setInterval(() => readDate(clock), CLOCK_MS);
}

init();
