// The pages' one table protocol (an ES module, imported by both dealer's pages and both players'
// displays): the API call with a token, the one list of the actions of both games by name, a
// table's address, and a table's writes: each action sent once against the seq it was made on,
// a write in flight blocking every other (a double tap does nothing), the table re-read after a
// refusal for a stale seq, and after a lost answer the table read again to say what happened
// instead of inviting a second tap. No build step, no CDN.
import { el } from "./common.js";

// every action of each game by its one name (paigow.table.actions, pcc.actions, the home table's
// paigow.serve.home_tables.HOME_ACTIONS); tests/serve/test_action_names.py checks these lists
export const ACTIONS = Object.freeze({
  paigow: Object.freeze(["start_round", "end_round", "pass_bank", "decline", "accept", "set_stake", "co_bank", "bet", "withdraw",
    "shuffle", "cut", "shake", "deal", "expose", "declare", "set_hand", "house_way", "turn", "set_players", "settle",
    "set_deadline", "apply_deadline"]),
  pcc: Object.freeze(["place", "withdraw", "close_betting", "void_roll", "settle", "new_round"]),
  home: Object.freeze(["bank", "bet", "shuffle", "shake", "deal", "set_hand", "play", "settle", "next_round", "next_shuffle",
    "set_deadline", "apply_deadline"]),
});

// the actions sent to a route of their own beside /actions (issue 38: the round's deadline, on
// POST .../deadline, so that the actions' route answers as it always did)
const OWN_ROUTE = Object.freeze({ set_deadline: "deadline", apply_deadline: "deadline" });

// a table's address in the API: /v1/tables/<id> (Pai Gow), /v1/pcc/tables/<id> or /v1/home/tables/<id>
const PATHS = { pcc: "/v1/pcc/tables/", home: "/v1/home/tables/" };
export const tablePath = (game, id) => (PATHS[game] || "/v1/tables/") + encodeURIComponent(id);

// one call of the /v1 API with ``token`` (a dealer token or an operator key) if any: the answer's
// JSON, or an Error carrying the service's ``code`` (``network`` when no answer came back)
export async function request(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  let r, data;
  try {
    r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    data = await r.json();
  } catch (e) {
    throw Object.assign(new Error(String(e && e.message || e)), { network: true, code: "network" });
  }
  if (!r.ok) throw Object.assign(new Error(data.message || r.statusText), { code: data.code || "http." + r.status, status: r.status, params: data.params });
  return data;
}

// A table's writes for a page of ``game`` ("paigow", "pcc" or "home"). ``view`` is the page's side:
//   table()            the table on screen, {id, token}, or null
//   state()            its state on screen (with its seq), or null
//   setState(st)       draw a state read from the service
//   accepted(a, st, f) the action ``a`` (sent from the form ``f``) was taken: draw its state ``st``
//   say(id, nodes, k, near)  a message under the form ``id`` (or the phase's), of kind "error" or
//                      "notice"; ``near``: the form the message is about (a page may show it there)
//   t, num, errorNode  the page's words, numbers and error messages
//   scope              the element whose buttons say a write is in flight (aria-disabled)
//
// One tap, one action: while a write is in flight its button says so ("sending"), a second tap of
// the same action does nothing, another action is refused with a word next to it (what is typed
// stays); the same action again within DOUBLE_TAP ms of its answer is the rest of a double tap.
export const DOUBLE_TAP = 600;
export function tableProtocol(game, view) {
  let busy = false, inflight = null, last = { key: null, at: 0 };
  const notSent = new Set();  // the forms tapped during a write: said again once it is answered
  const known = new Set(ACTIONS[game]);
  const path = () => tablePath(game, view.table().id);
  const api = (method, url, body, token) => request(method, url, body, token ?? (view.table() && view.table().token));

  function setBusy(on) {
    document.body.toggleAttribute("data-busy", on);
    for (const b of document.querySelectorAll(view.scope + " button")) if (on) b.setAttribute("aria-disabled", "true"); else b.removeAttribute("aria-disabled");
  }

  // ``fn`` alone: nothing else starts while it runs (opening, resuming, closing a table)
  async function exclusive(fn) {
    if (busy) return undefined;
    busy = true;
    try { return await fn(); } finally { busy = false; }
  }

  // true when a tap of ``key`` (a form, or a form and an action) is not to be acted on: the same
  // one is in flight or was answered a moment ago with nothing ``typed`` since (a double tap:
  // nothing), or another write is in flight (refused, said under ``formId``)
  const same = (a, b) => a !== null && (a === b || a.split(" ")[0] === b || b.split(" ")[0] === a);
  function refused(key, formId, typed = false) {
    if (busy) {
      if (!same(inflight, key)) { notSent.add(formId); view.say(formId, [view.t("busy_wait")], "notice"); }
      return true;
    }
    if (typed) { last = { key: null, at: 0 }; return false; }  // typed anew: another action, however soon
    return same(last.key, key) && performance.now() - last.at < DOUBLE_TAP;
  }

  // the button that sent a write says so while it is in flight
  function sending(formId) {
    const b = document.querySelector(`#form-${formId} button[type=submit]`) ||
      (document.activeElement && document.activeElement.tagName === "BUTTON" ? document.activeElement : null);
    if (!b) return () => {};
    const kids = [...b.childNodes];
    b.dataset.sending = "1";
    b.replaceChildren(view.t("sending"));
    return () => { if (b.isConnected && b.dataset.sending) { delete b.dataset.sending; b.replaceChildren(...kids); } };
  }

  // send ``action`` against the seq on screen; ``formId`` is where its message goes. ``route``: the
  // table's route it goes to (by default an action's own, OWN_ROUTE, or "actions"; the deadline's; the dealer's answer to a seat's request,
  // whose ``body`` is not an action and whose ``action`` then names none), the same one at a time
  async function write(action, formId, route = null, body = action) {
    if (action.action !== undefined && !known.has(action.action)) throw new Error(`no ${game} action is named ${action.action}`);
    const key = formId + " " + JSON.stringify(action);
    if (!view.state() || refused(key, formId)) return;  // a second tap while one is in flight does nothing
    busy = true; inflight = key; setBusy(true);
    const done = sending(formId);
    const sent = view.state().seq;
    try {
      const r = await api("POST", `${path()}/${route || OWN_ROUTE[action.action] || "actions"}?if_seq=${sent}`, body);
      view.accepted(action, r.state, formId);
    } catch (e) {
      if (e.network) await recover(sent, action, formId);
      else if (e.code === "table.conflict") {
        try { view.setState(await api("GET", path())); } catch { /* shown below */ }
        view.say(formId, [el("code", {}, e.code), " ", view.t("conflict", { seq: view.num(view.state().seq) })], "error");
      } else view.say(formId, view.errorNode(e), "error");
    } finally {
      busy = false; inflight = null; last = { key, at: performance.now() }; done(); setBusy(false);
      for (const f of notSent) if (document.getElementById("msg-" + f)) view.say(f, [view.t("not_sent")], "notice");
      notSent.clear();
    }
  }

  // the answer was lost: read the table and say what happened instead of inviting a second tap
  async function recover(sent, action, formId) {
    let st;
    try { st = await api("GET", path()); } catch {
      view.say(formId, [view.t("offline"), " ", el("button", { type: "button", id: "reread", onclick: reread }, view.t("reread"))], "error");
      return;
    }
    if (st.seq === sent + 1) { view.accepted(action, st, formId); view.say("phase", [view.t("lost_taken", { seq: view.num(st.seq) })], "notice", formId); }
    else if (st.seq > sent) { view.setState(st); view.say("phase", [view.t("lost_moved", { seq: view.num(st.seq), was: view.num(sent) })], "notice", formId); }
    else { view.setState(st); view.say(formId, [view.t("lost_not_taken", { seq: view.num(st.seq) })], "notice"); }
  }

  // the table read again (the dealer's button after the service did not answer)
  function reread() {
    return exclusive(async () => {
      try { view.setState(await api("GET", path())); } catch { view.say("phase", [view.t("offline")], "error"); }
    });
  }

  return { api, write, reread, exclusive, refused, get busy() { return busy; } };
}
