// The round's deadline on a seat's page (/seat/<id>, issue 38; an ES module of seat.js's): while the
// seat's own hand is still to be set and the dealer has set a deadline, the time left, counted down
// each second; once the deadline has been applied to it, that the table set the hand by its rule
// (a Pai Gow table: its house way, named by the view's way; a home table: the automatic rule,
// max-front) and that the rules treat it as a setting the player did not make, and the setting.
//
// The deadline is the service's clock's (seconds since the epoch). This device's clock may be off:
// each event of the seat's stream carries `at`, when the service journaled its action, whence
// service-clock.js's estimate of the offset; a new connection starts it afresh from an answer's Date
// header (a seat's stream opens with the view read, `at` null), until its first event's `at`.
//
// Screen readers hear the deadline through one polite live region outside the page's re-rendered
// part (#deadline-say in seat.html), never each second: when it is set or moved, at 30 s and 10 s
// left, when it passes, when the tiles are dealt after it passed, and when the table has set the
// hand. A deadline that passes before the deal is applied once the tiles are dealt (the service
// refuses it before): the page says so, then, once dealt, that the table sets the hand when the
// dealer applies it.
import { $, el } from "./common.js";
import { t, num } from "./seat-i18n.js";
import { serviceClock, readDate, mmss } from "./service-clock.js";

const STAGES = [30, 10, 0];   // the seconds left said aloud (0: passed)
const C = {
  at: null,       // the deadline followed (pending), else null
  d: null,        // its deadlineOf
  said: null,     // the last thing said aloud: a stage (seconds) or "applied:<at>"
  timer: null,
};
const clock = serviceClock();
export const sample = (at) => clock.sample(at);
export const reconnected = () => { clock.reconnected(); readDate(clock); };
const leftOf = (at) => clock.left(at);

// mm:ss from a minute on, else the seconds, in the page's language
const said = (s) => (s >= 60 ? mmss(s) : t("dl_secs", { n: num(s) }));

// -- what the view says of this seat's deadline ---------------------------------------------------
// null (no deadline that concerns this seat's own hand), {at, applied: false, dealt} (to be set), or
// {at, applied: true, rule, setting} (the table set it by its rule)
export function deadlineOf(st) {
  return st.game === "home" ? homeDeadline(st) : paigowDeadline(st);
}

function paigowDeadline(st) {
  const r = st.round, me = st.seat;
  if (!r || r.deadline === undefined || r.deadline === null) return null;
  const at = r.deadline, w = (r.ways || [])[me];
  if (r.deadline_applied) {
    if (!w || w.why !== "deadline") return null;   // set by its holder before the deadline
    return { at, applied: true, rule: t("dl_rule_paigow", { way: w.way }), setting: (r.settings[me] || {}).text || "" };
  }
  if (r.result || r.phase === "settled" || (r.banker === me && r.way_sets_banker)) return null;
  const tiles = ((r.deal || {}).hands || {})[String(me)];
  if (tiles) return r.settings[me] ? null : { at, applied: false, dealt: true };
  return r.banker === me || (r.playing || []).includes(me) ? { at, applied: false, dealt: false } : null;
}

function homeDeadline(st) {
  const r = st.round, me = st.seat;
  if (!r || r.deadline === undefined || r.deadline === null) return null;
  const at = r.deadline, h = (r.hands || []).find((x) => x.position === me);
  if (r.by_deadline) {
    if (!h || !(h.why === "deadline" || r.by_deadline.includes(me))) return null;
    return { at, applied: true, rule: t("dl_rule_home"), setting: h.set || "" };
  }
  if (!["betting", "dealt"].includes(r.phase) || (st.rules || {}).tiles_per_hand !== 4) return null;
  if (h) return !h.set && h.played && h.setter === st.player ? { at, applied: false, dealt: true } : null;
  return me === 0 || (r.bets || []).some((b) => b.door === me) ? { at, applied: false, dealt: false } : null;
}

// -- the card -------------------------------------------------------------------------------------
// passed: before the deal, it waits for the tiles; once they are dealt, for the dealer
const passedText = (d) => (d.dealt ? t("dl_passed") : t("dl_passed_deal"));
function leftText(d, s) {
  if (s > 0) return d.dealt ? t("dl_left", { time: said(s) }) : t("dl_left_deal", { time: said(s) });
  return passedText(d);
}

// the card for `d` (deadlineOf's), or nothing; keeps the clock and the spoken line in step
export function deadlineCard(st, d) {
  follow(d);
  if (!d) return [];
  if (d.applied) {
    return [el("section", { class: "card deadline applied", id: "deadline", "data-applied": "true" },
      el("h2", {}, t("dl_title")),
      el("p", { id: "deadline-applied", class: "dl-big" }, t("dl_applied", { rule: d.rule })),
      el("p", { id: "deadline-why" }, t("dl_not_made")),
      el("p", { class: "set-as", id: "deadline-set", "data-setting": d.setting }, t("set_as", { setting: d.setting })))];
  }
  const s = leftOf(d.at);
  return [el("section", { class: "card deadline", id: "deadline", "data-applied": "false" },
    el("h2", {}, t("dl_title")),
    el("p", { id: "deadline-left", class: "dl-big", role: "timer", "data-left": s, "data-at": d.at }, leftText(d, s)),
    el("p", { class: "dl-rule" }, st.game === "home" ? t("dl_then_home") : t("dl_then_paigow")))];
}

function say(text) {
  const box = $("deadline-say");
  if (box) box.textContent = text;
}
const stageOf = (s) => STAGES.filter((x) => s <= x).pop() ?? null;   // the smallest stage reached

// the deadline followed: a new or moved one is said at once with the time left; each second the
// countdown is redrawn and a stage reached is said once; a passed one, once more when the tiles are
// dealt; the table's setting is said once
function follow(d) {
  if (!d) { C.at = null; stop(); return; }
  if (d.applied) {
    stop();
    C.at = null;
    if (C.said !== "applied:" + d.at) { C.said = "applied:" + d.at; say(`${t("dl_applied", { rule: d.rule })} ${t("dl_not_made")} ${t("set_as", { setting: d.setting })}`); }
    return;
  }
  if (C.at !== d.at) {
    const s = leftOf(d.at), moved = C.at !== null;
    C.said = stageOf(s);
    say(s <= 0 ? passedText(d) : moved ? t("dl_moved_say", { time: said(s) }) : t("dl_set_say", { time: said(s) }));
  } else if (C.d && !C.d.dealt && d.dealt && leftOf(d.at) <= 0) {
    say(passedText(d));   // passed before the deal, now dealt: the dealer applies it
  }
  C.at = d.at;
  C.d = d;
  if (!C.timer) C.timer = setInterval(tick, 1000);
}

function stop() {
  if (C.timer) { clearInterval(C.timer); C.timer = null; }
}

function tick() {
  if (C.at === null) { stop(); return; }
  const s = leftOf(C.at), box = $("deadline-left");
  if (box && box.dataset.left !== String(s)) {
    box.dataset.left = s;
    box.textContent = leftText(C.d, s);
  }
  const stage = stageOf(s);
  if (stage !== null && (C.said === null || stage < C.said)) {
    C.said = stage;
    say(stage > 0 ? t("dl_left_say", { time: said(s) }) : passedText(C.d));
  }
  if (s === 0) stop();   // passed: nothing more to count until the view changes
}
