// The host's controls of a home table 推牌九 (/home, issue 38), below the round's screen, an ES module
// of home.js:
// - the round's deadline for the settings: set in seconds from now (the service's clock gives the
//   time), shown counting down, applied by the host once passed (POST .../deadline through the
//   pages' protocol: sent once, against its seq); the hands still unset are then set by the home
//   game's automatic rule (max-front), which the page says, hand by hand;
// - the seats, a player's own phone: grant the banker's place or a door, its address shown this
//   once as a QR code and as text (the grant's answer; the service keeps no token), the seats
//   granted listed with when, revoked after a confirmation (its device stops at once);
// - at a table opened with "Seats' bets wait for my confirmation" (seat_bets "confirm"): a door's
//   seat's bets waiting for the host, each with Confirm and Refuse (POST .../seats/requests/{rid}
//   through the pages' protocol), then the round's answered and lapsed ones.
import { $, el, latestOnly, STALE } from "./common.js";
import { t, num, clock, errorNode } from "./home-i18n.js";
import { tablePath } from "./protocol.js";

const POSITIONS = [0, 1, 2, 3];  // the banker's place, then the three doors
const who = (p) => t("door_" + p);

export function hostControls({ P, table, state, say }) {
  const C = {
    seconds: "60",    // typed, kept between renders
    skew: 0,          // the service's clock minus this device's, in seconds (from the last deadline set)
    seats: null,      // {id, list: {position: when}} of the table on screen
    granted: null,    // {id, position, url, qr}: shown this once
    asking: null,     // the position whose revocation is asked
    open: false,      // the seats' panel is open
    shownLeft: null,  // the countdown's last whole second drawn
    seq: null,        // the table's seq when the controls were last drawn
  };
  const now = () => Date.now() / 1000 + C.skew;

  // -- the deadline ------------------------------------------------------------------------------------
  function accepted(action, st) {
    if (action.action === "set_deadline" && st.round.deadline) C.skew = st.round.deadline - action.seconds - Date.now() / 1000;
  }

  function setDeadline(f) {
    const n = Number(String(f.seconds.value).trim());
    if (!Number.isInteger(n) || n < 1 || n > 86400) { say("deadline", [t("need_seconds", { most: num(86400) })], "error"); f.seconds.focus(); return; }
    P.write({ action: "set_deadline", seconds: n }, "deadline");
  }

  const left = (r) => Math.max(0, Math.ceil(r.deadline - now()));
  const mmss = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;

  // one row: the title, the countdown (or what the deadline set), the apply button, the seconds and set
  function deadlineView(st) {
    const r = st.round;
    if (st.rules.tiles_per_hand !== 4 || !["betting", "dealt"].includes(r.phase)) return "";
    const out = [el("h3", { id: "deadline-title" }, t("deadline_title"))];
    if (r.by_deadline) {
      const made = r.by_deadline.map(who);
      out.push(el("span", { id: "deadline-applied", "data-positions": r.by_deadline.join(" ") },
        made.length ? t("deadline_applied", { hands: made.join(", ") }) : t("deadline_applied_none")));
    } else if (r.deadline) {
      const s = left(r);
      C.shownLeft = s;
      out.push(el("span", { id: "deadline-left", role: "timer", "data-left": s, "data-at": r.deadline },
        s > 0 ? t("deadline_in", { left: mmss(s) }) : t(r.phase === "dealt" ? "deadline_passed" : "deadline_after_deal")));
      if (r.phase === "dealt") out.push(el("button", { type: "button", id: "apply-deadline", class: "primary", disabled: s > 0 || !r.can.apply_deadline,
        onclick: () => P.write({ action: "apply_deadline" }, "apply") }, t("apply_deadline")));
    }
    if (r.can.set_deadline) {
      out.push(el("form", { id: "form-deadline", class: "inline", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); setDeadline(ev.target); } },
        el("label", { class: "inline" }, el("span", {}, t("deadline_seconds")),
          el("input", { id: "deadline-seconds", name: "seconds", value: C.seconds, inputmode: "numeric", autocomplete: "off", size: 5,
            oninput: (ev) => { C.seconds = ev.target.value; } })),
        el("button", { type: "submit", id: "set-deadline", class: "secondary" }, r.deadline ? t("move_deadline") : t("set_deadline"))));
    }
    return el("section", { class: "controls-part", id: "deadline", "aria-labelledby": "deadline-title" },
      el("div", { class: "row" }, ...out),
      el("p", { id: "msg-apply", class: "msg", role: "alert", "aria-live": "assertive" }),
      el("p", { id: "msg-deadline", class: "msg", role: "status", "aria-live": "polite" }));
  }

  // once a second: the countdown's text, and a full draw when it reaches zero (the apply button)
  function tick() {
    const st = state(), box = $("deadline-left");
    if (!st || !box || !st.round.deadline || st.round.by_deadline) return;
    const s = left(st.round);
    if (s === C.shownLeft) return;
    if (s === 0) { render(); say("deadline", [t("deadline_passed")], "notice"); return; }
    C.shownLeft = s;
    box.dataset.left = s;
    box.textContent = t("deadline_in", { left: mmss(s) });
  }

  // -- the seats ------------------------------------------------------------------------------------------
  const seatsPath = () => `${tablePath("home", table().id)}/seats`;

  // only the latest read counts: an earlier one answering later (the panel's first, opened just
  // before a seat was given) would put back a list without that seat
  const readSeats = latestOnly(() => P.api("GET", seatsPath()));
  async function loadSeats() {
    const id = table().id;
    let r;
    try { r = await readSeats(); } catch (e) { C.seats = { id, list: {} }; say("seats", errorNode(e), "error"); return; }
    if (r === STALE) return;
    C.seats = { id, list: r.seats };
    render();
  }

  function grant(p) {
    return P.exclusive(async () => {
      try {
        const r = await P.api("POST", `${seatsPath()}/${p}`);
        C.granted = { id: table().id, position: p, url: r.url, qr: r.qr };
        C.asking = null;
        await loadSeats();
        const done = $("seat-done");
        if (done) done.focus({ preventScroll: true });
      } catch (e) { say("seats", errorNode(e), "error"); }
    });
  }

  function revoke(p) {
    return P.exclusive(async () => {
      try {
        await P.api("DELETE", `${seatsPath()}/${p}`);
        C.asking = null;
        if (C.granted && C.granted.position === p) C.granted = null;
        await loadSeats();
        say("seats", [t("seat_revoked", { who: who(p) })], "notice");
      } catch (e) { say("seats", errorNode(e), "error"); }
    });
  }

  function grantedBox() {
    const g = C.granted;
    return el("figure", { class: "seat-link", id: "seat-link", "data-position": g.position, role: "group", "aria-labelledby": "seat-link-title" },
      el("img", { id: "seat-qr", src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(g.qr), width: 196, height: 196,
        alt: t("seat_qr_alt", { who: who(g.position), id: g.id }) }),
      el("figcaption", {}, el("p", { id: "seat-link-title" }, el("b", {}, t("seat_link_title", { who: who(g.position) }))),
        el("p", {}, el("a", { id: "seat-url", href: g.url, target: "_blank", rel: "noopener" }, g.url)),
        el("p", { class: "hint" }, t("seat_once")),
        el("button", { type: "button", id: "seat-done", class: "primary", onclick: () => {
          const p = C.granted.position;
          C.granted = null; render();
          const b = $(`grant-${p}`);
          if (b) b.focus({ preventScroll: true });
        } }, t("seat_done"))));
  }

  function seatRow(p) {
    const when = C.seats && C.seats.list[String(p)];
    const kids = [el("span", { class: "seat-name" }, who(p)),
      el("span", { class: "seat-state", id: `seat-state-${p}`, "data-seated": when ? "1" : "0" }, when ? t("seat_since", { when: clock(when) }) : t("seat_none")),
      el("button", { type: "button", id: `grant-${p}`, class: "secondary", onclick: () => grant(p) }, when ? t("grant_again") : t("grant"))];
    if (when) kids.push(el("button", { type: "button", id: `revoke-${p}`, class: "secondary", onclick: () => { C.asking = p; render(); } }, t("revoke")));
    const row = [el("li", { class: "seat-row", id: `seat-row-${p}` }, ...kids)];
    if (C.asking === p) {
      row.push(el("li", { class: "ask", role: "alertdialog", "aria-labelledby": "revoke-text" }, el("p", { id: "revoke-text" }, t("revoke_confirm", { who: who(p) })),
        el("button", { type: "button", id: "revoke-yes", class: "primary", onclick: () => revoke(p) }, t("revoke_yes")),
        el("button", { type: "button", id: "revoke-no", class: "secondary", onclick: () => { C.asking = null; render(); } }, t("cancel"))));
    }
    return row;
  }

  function seatsView() {
    const id = table().id;
    if (C.granted && C.granted.id !== id) C.granted = null;
    if (C.open && (!C.seats || C.seats.id !== id)) { C.seats = { id, list: {} }; loadSeats(); }
    const d = el("details", { id: "seats", class: "controls-part", ontoggle: (ev) => {
      if (ev.target.open === C.open) return;
      C.open = ev.target.open;
      if (C.open) { C.seats = null; render(); }
    } },
    el("summary", { id: "seats-summary" }, t("seats_title")),
    el("p", { class: "hint" }, t("seats_hint")),
    C.granted ? grantedBox() : "",
    el("ul", { class: "seat-list", id: "seat-list" }, POSITIONS.flatMap(seatRow)),
    el("p", { id: "msg-seats", class: "msg", role: "status", "aria-live": "polite" }));
    d.open = C.open;
    return d;
  }

  // -- the seats' bets the host confirms ---------------------------------------------------------------
  // the host's answer: a write of the page's protocol to the request's route, against the seq on screen
  const answer = (rid, a) => P.write({ request: rid, answer: a }, "requests", `seats/requests/${rid}`, { answer: a });
  const at = (q) => clock(new Date(q.at * 1000).toISOString());

  function requestsView(st) {
    if (st.seat_bets !== "confirm") return "";
    const rs = st.seat_requests || [], pending = rs.filter((q) => q.status === "pending"), ended = rs.filter((q) => q.status !== "pending");
    const line = (q) => t("req_line", { who: who(q.seat), bettor: q.bettor, amount: num(q.amount), at: at(q) });
    return el("section", { class: "controls-part", id: "requests-part", "aria-labelledby": "requests-title" },
      el("h3", { id: "requests-title", tabindex: "-1" }, t("requests_title")),
      pending.length ? el("ul", { id: "requests", class: "requests" }, pending.map((q) => el("li", { id: `request-${q.id}`, "data-id": q.id },
        el("span", {}, line(q)), " ",
        el("button", { type: "button", id: `confirm-${q.id}`, class: "primary", onclick: () => answer(q.id, "confirm") }, t("req_confirm")), " ",
        el("button", { type: "button", id: `refuse-${q.id}`, class: "secondary", onclick: () => answer(q.id, "refuse") }, t("req_refuse")))))
        : el("p", { class: "hint", id: "requests" }, t("requests_none")),
      ended.length ? el("ul", { id: "requests-ended", class: "requests ended" }, ended.map((q) => el("li", { "data-id": q.id, "data-status": q.status },
        line(q), " — ", t("req_" + q.status), q.why ? ` (${t("why_" + q.why)})` : ""))) : "",
      el("p", { id: "msg-requests", class: "msg", role: "alert", "aria-live": "assertive" }));
  }

  // -- drawing ---------------------------------------------------------------------------------------------
  function render() {
    const box = $("controls"), st = state();
    if (!box) return;
    if (!table() || !st || st.closed || document.body.dataset.step === "open" || document.body.dataset.step === "token") {
      box.replaceChildren();
      return;
    }
    const focused = document.activeElement && box.contains(document.activeElement) && document.activeElement.id;
    // what a message says stays while the table is where it was said (the round's screen's are drawn anew)
    const kept = C.seq === st.seq ? [...box.querySelectorAll(".msg")].map((m) => [m.id, m.className, [...m.childNodes]]) : [];
    C.seq = st.seq;
    box.replaceChildren(requestsView(st), deadlineView(st), seatsView());
    for (const [id, cls, kids] of kept) { const m = $(id); if (m) { m.className = cls; m.replaceChildren(...kids); } }
    const again = focused && $(focused);
    if (again) again.focus({ preventScroll: true });
    else if (/^(confirm|refuse)-/.test(focused || "")) {  // its request answered: the next one, or the title
      const next = box.querySelector("#requests button") || $("requests-title");
      if (next) next.focus({ preventScroll: true });
    }
  }

  setInterval(tick, 1000);
  return { render, accepted };
}
