// The service's clock on a page (issue 38: a round's deadline is a time by the service's clock,
// seconds since the epoch; the device's own clock may be off by any amount). An ES module of the
// seat's page (seat-clock.js) and the players' displays (display.js, home-display.js).
//
// serviceClock() keeps an estimate of the service's clock minus this device's, in seconds, from
// - the `at` of a stream's event (when the service journaled its action, UTC text as the journal
//   writes it, "2026-12-05T12:00:00.123456Z"): `at - now` here is the offset less the event's
//   delay, so the largest such sample is the estimate (a delay only lowers a sample);
// - an answer's Date header, `dated(response, sentAt)`, the fallback until an event's `at` (a page
//   opened after the deadline was set, a display's first event, whose `at` is its last action's,
//   perhaps long ago): the header's whole second, which the service refreshes once a second, so
//   the service's time was within two seconds after it; its middle against the middle of the
//   request's round trip (about a second either way). A first `at` sample then takes over unless
//   it is far below (an old event); later ones raise the estimate only.
// `reconnected()` starts afresh (a seat's new stream: the device's clock may have been set
// meanwhile). Until a first sample the device's clock is taken as it is.

// `at` (the journal's UTC text, or seconds) in seconds since the epoch, else null
export function seconds(at) {
  const m = typeof at === "string" && /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d{1,3})?\d*Z$/.exec(at);
  const v = m ? Date.parse(m[1] + (m[2] || "") + "Z") / 1000 : typeof at === "number" ? at : NaN;
  return Number.isFinite(v) ? v : null;
}

export function serviceClock() {
  const C = { skew: 0, src: null };   // src: null (none yet), "dated" or "at"
  const local = () => Date.now() / 1000;
  return {
    sample(at) {
      const v = seconds(at);
      if (v === null) return;
      const s = v - local();
      if (C.src === null || (C.src === "dated" && s > C.skew - 2.5)) C.skew = s;
      else C.skew = Math.max(C.skew, s);
      C.src = "at";
    },
    dated(response, sentAt) {
      const d = Date.parse(response.headers.get("Date") || "");
      if (!Number.isFinite(d) || C.src === "at") return;
      C.skew = d / 1000 + 1 - (sentAt + local()) / 2;
      C.src = "dated";
    },
    reconnected() { C.src = null; },
    now: () => local() + C.skew,
    skew: () => C.skew,
    // whole seconds left to `at` (the service's clock), 0 once passed
    left(at) { return Math.max(0, Math.ceil(at - local() - C.skew)); },
  };
}

// the service's clock read from an answer's Date header (a static file, not stored: no cost)
export async function readDate(clock) {
  const sent = Date.now() / 1000;
  try { clock.dated(await fetch("/static/favicon.svg", { method: "HEAD", cache: "no-store" }), sent); } catch { /* the events' `at` will do */ }
}

// m:ss (seconds left, whole)
export const mmss = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
