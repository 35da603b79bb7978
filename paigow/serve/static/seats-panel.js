// The dealer's page, issue 38 (an ES module of app.js's): the table's seats, the round's deadline
// and, at a table whose dealer confirms a seat's bets (seat_bets "confirm"), the seats' requests.
// - Seats: give a position a seat (its address shown once, as a QR code and as text, to scan on the
//   player's phone), the seats given, each taken back.
// - Deadline: set one for the settings (seconds from now), counted down; once it has passed and the
//   tiles are dealt the page applies it (POST /v1/tables/{id}/deadline), or the dealer's button does.
// - Requests: each pending one with Confirm and Refuse; the round's answered and lapsed ones below.
// The table is read again every few seconds while it has seats (their actions are journaled without
// this page), drawn only when it moved. Every write goes one at a time (the page's protocol.js),
// against the seq on screen.
import { $, el, latestOnly, STALE } from "./common.js";
import { tablePath } from "./protocol.js";

const FOLLOW_MS = 3000;

// ``ctx``: S (the page's state), t, num, locale, errorNode, setState, P (the protocol), shown()
// (whether the table's controls are on screen) and deadline (the page's two deadline writes,
// setDeadline(seconds) and applyDeadline(), through the protocol). Folded by default (the round's
// screen fits a tablet without scrolling): the status line's button unfolds it; a deadline set and a
// confirm table's requests show folded too.
export function seatsPanel(ctx) {
  const { S, t, num, P } = ctx;
  // position: the one chosen to give a seat to (kept across redraws: a read answering meanwhile redraws)
  const Q = { tid: null, seats: null, granted: null, seconds: "", applied: null, msg: null, open: false, position: 0 };
  const path = () => tablePath("paigow", S.table.id);

  function say(kind, nodes) { Q.msg = { kind, nodes }; render(); }
  const ok = (kind, key) => say(kind, [t(key)]);

  // a seat given or taken back (not a table's action: no seq), one at a time with the page's writes
  async function send(fn) {
    if (P.busy) { ok("notice", "busy_wait"); return; }
    await P.exclusive(async () => {
      try { Q.msg = null; await fn(); } catch (e) {
        if (e.code === "table.conflict") { try { ctx.setState(await P.api("GET", path())); } catch { /* said below */ } }
        say("error", ctx.errorNode(e));
      }
    });
    render();
  }

  // the seats given, read again after each change: only the latest read counts (an earlier one that
  // answers later, e.g. the page's first, would put back a list without the seat just given)
  const readSeats = latestOnly(() => P.api("GET", `${path()}/seats`).then((r) => r.seats, () => null));
  async function loadSeats() {
    const seats = await readSeats();
    if (seats === STALE) return;
    Q.seats = seats || Q.seats || {};
    render();
  }

  const grant = (p) => send(async () => {
    const r = await P.api("POST", `${path()}/seats/${p}`);
    Q.granted = { position: p, url: r.url, qr: r.qr };
    Q.seats = { ...(Q.seats || {}), [String(p)]: new Date().toISOString() };
    loadSeats();
  });
  const revoke = (p) => send(async () => {
    await P.api("DELETE", `${path()}/seats/${p}`);
    if (Q.granted && Q.granted.position === p) Q.granted = null;
    ctx.setState(await P.api("GET", path()));   // its requests lapsed: a row of the journal
    await loadSeats();
  });
  // the dealer's answer to a seat's request: a write of the page's protocol, against the seq on screen
  const answer = (rid, a) => P.write({ request: rid, answer: a }, "requests", `seats/requests/${rid}`, { answer: a });

  function setDeadline() {
    const v = Number(Q.seconds.trim());
    if (!/^[0-9]+(\.[0-9]+)?$/.test(Q.seconds.trim()) || !(v > 0) || v > 86400) { ok("error", "deadline_need"); $("deadline-seconds").focus(); return; }
    Q.applied = null;
    ctx.deadline.setDeadline(v);
  }

  // -- the deadline's clock: counted down each second; applied once passed with the tiles dealt ---
  const round = () => (S.state && S.state.round) || null;
  const left = (r) => Math.max(0, Math.ceil(r.deadline - Date.now() / 1000));
  function tick() {
    const r = round(), box = $("deadline-left");
    if (!r || r.deadline === undefined || r.deadline_applied) return;
    if (box) box.textContent = left(r) ? t("deadline_left", { s: num(left(r)) }) : t("deadline_passed");
    if (!left(r) && r.phase === "dealt" && Q.applied !== r.deadline && !P.busy && ctx.shown()) {
      Q.applied = r.deadline;   // once per deadline: a refusal is said, and the button stays
      ctx.deadline.applyDeadline();
    }
  }

  // -- the table moved by its seats: read again while it has seats (or waits for their requests) --
  async function follow() {
    if (!S.table || !S.state || !ctx.shown() || P.busy || document.visibilityState !== "visible") return;
    if (!(Q.seats && Object.keys(Q.seats).length) && S.state.seat_bets !== "confirm") return;
    try {
      const st = await P.api("GET", path());
      if (!P.busy && S.state && st.seq > S.state.seq) ctx.setState(st);
    } catch { /* a write says what is wrong */ }
  }

  // -- drawing --------------------------------------------------------------------------------------
  const posOptions = () => [0, 1, 2, 3, 4, 5, 6, 7].map((p) => el("option", { value: p, selected: p === Q.position }, t("pos", { p })));
  const clock = (at) => new Date(at * 1000).toLocaleTimeString(ctx.locale());

  function seatsBox() {
    const seats = Q.seats || {}, out = [el("h2", { id: "seats-title", tabindex: "-1" }, t("seats_title"))];
    out.push(el("div", { class: "row" },
      el("label", { class: "field" }, el("span", {}, t("seat_position")), el("select", { id: "seat-position", onchange: (e) => { Q.position = Number(e.target.value); } }, posOptions())),
      el("button", { type: "button", id: "grant-seat", class: "secondary", onclick: () => grant(Q.position) }, t("grant_seat"))));
    if (Q.granted) {
      const g = Q.granted;
      out.push(el("figure", { id: "seat-granted", class: "seat-qr" },
        el("img", { id: "seat-qr", src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(g.qr), alt: t("seat_qr_alt", { p: g.position }),
          width: 196, height: 196 }),
        el("figcaption", {}, el("p", {}, t("seat_once", { p: g.position })), el("a", { id: "seat-url", href: g.url, target: "_blank", rel: "noopener" }, g.url),
          el("p", {}, el("button", { type: "button", id: "seat-noted", class: "primary", onclick: () => { Q.granted = null; render(); $("grant-seat").focus(); } }, t("noted"))))));
    }
    const given = Object.entries(seats).sort(([a], [b]) => a - b);
    out.push(given.length ? el("ul", { id: "seat-list", class: "seat-list" }, given.map(([p, at]) => el("li", { "data-position": p },
      t("seat_given", { p, at: new Date(at).toLocaleTimeString(ctx.locale()) }), " ",
      el("button", { type: "button", id: `revoke-${p}`, class: "secondary", onclick: () => revoke(Number(p)) }, t("revoke_seat")))))
      : el("p", { class: "hint", id: "seat-list" }, t("seats_none")));
    return out;
  }

  function deadlineBox() {
    const r = round();
    if (!r || r.phase === "settled" || (!Q.open && r.deadline === undefined)) return [];
    const out = [el("h2", { id: "deadline-title", tabindex: "-1" }, t("deadline_title"))];
    if (r.deadline !== undefined) {
      out.push(el("p", { id: "deadline-left", role: "timer", "data-deadline": r.deadline, "data-applied": String(!!r.deadline_applied) },
        r.deadline_applied ? t("deadline_applied") : left(r) ? t("deadline_left", { s: num(left(r)) }) : t("deadline_passed")));
      if (!r.deadline_applied && !left(r) && r.phase === "dealt") {
        out.push(el("button", { type: "button", id: "apply-deadline", class: "primary", onclick: () => ctx.deadline.applyDeadline() }, t("apply_deadline")));
      }
    }
    if (!r.deadline_applied && Q.open) {
      out.push(el("div", { class: "row" }, el("label", { class: "field" }, el("span", {}, t("deadline_seconds")),
        el("input", { id: "deadline-seconds", inputmode: "numeric", autocomplete: "off", value: Q.seconds, oninput: (e) => { Q.seconds = e.target.value; },
          onkeydown: (e) => { if (e.key === "Enter") { e.preventDefault(); setDeadline(); } } })),
      el("button", { type: "button", id: "set-deadline", class: "secondary", onclick: setDeadline }, t("set_deadline"))));
    }
    return out;
  }

  function what(q) {
    const amount = q.amount !== undefined ? num(q.amount) : t("req_all");
    return t(q.action === "bet" ? "req_bet" : "req_withdraw", { amount });
  }
  function requestsBox() {
    if (S.state.seat_bets !== "confirm") return [];
    const rs = S.state.seat_requests || [], pending = rs.filter((q) => q.status === "pending"), ended = rs.filter((q) => q.status !== "pending");
    const line = (q) => t("req_line", { p: q.seat, bettor: q.bettor, what: what(q), at: clock(q.at) }) + (q.position !== q.seat ? ` (${t("pos", { p: q.position })})` : "");
    return [el("h2", { id: "requests-title", tabindex: "-1" }, t("requests_title")),
      pending.length ? el("ul", { id: "requests", class: "requests", "aria-live": "polite" }, pending.map((q) => el("li", { id: `request-${q.id}`, "data-id": q.id },
        el("span", {}, line(q)), " ",
        el("button", { type: "button", id: `confirm-${q.id}`, class: "primary", onclick: () => answer(q.id, "confirm") }, t("req_confirm")), " ",
        el("button", { type: "button", id: `refuse-${q.id}`, class: "secondary", onclick: () => answer(q.id, "refuse") }, t("req_refuse")))))
        : el("p", { class: "hint", id: "requests", "aria-live": "polite" }, t("requests_none")),
      ended.length ? el("ul", { id: "requests-ended", class: "requests ended" }, ended.map((q) => el("li", { "data-id": q.id, "data-status": q.status },
        line(q), " — ", t("req_" + q.status), q.why ? ` (${t("why_" + q.why)})` : ""))) : ""];
  }

  function render() {
    const box = $("table-seats");
    if (!box) return;
    if (!ctx.shown()) { box.hidden = true; box.replaceChildren(); return; }
    if (S.table.id !== Q.tid) { Q.tid = S.table.id; Q.seats = null; Q.granted = null; Q.msg = null; loadSeats(); }
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : null;
    const msg = Q.msg ? el("p", { id: "msg-seats", class: "msg " + Q.msg.kind, role: "alert" }, ...Q.msg.nodes) : el("p", { id: "msg-seats", class: "msg", role: "alert" });
    const kids = [...requestsBox(), ...deadlineBox(), ...(Q.open ? seatsBox() : [])];
    box.hidden = !kids.length;
    // the protocol's messages: under the requests (an answer) and the deadline (its writes)
    box.replaceChildren(...(kids.length ? [msg, el("p", { id: "msg-requests", class: "msg", role: "alert" }),
      el("p", { id: "msg-deadline", class: "msg", role: "alert" }), ...kids] : []));
    const again = focused && $(focused);
    if (again) again.focus();
    else if (focused) (box.querySelector("#requests button") || box.querySelector("h2")).focus();  // its request answered: the next
  }

  // the status line's button that unfolds the seats and the deadline's controls
  function toggle() {
    return el("button", { type: "button", class: "link", id: "seats-menu", "aria-expanded": String(Q.open), "aria-controls": "table-seats",
      onclick: (ev) => { Q.open = !Q.open; ev.currentTarget.setAttribute("aria-expanded", String(Q.open)); render(); if (Q.open) $("seats-title").focus(); } },
    t("seats_menu"));
  }

  setInterval(tick, 1000);
  setInterval(follow, FOLLOW_MS);
  return { render, toggle };
}
