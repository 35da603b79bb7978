// The pages' one table protocol (an ES module, imported by both dealer's pages and both players'
// displays): the API call with a token, the one list of the actions of both games by name, a
// table's address, and a table's writes: each action sent once against the seq it was made on,
// a write in flight blocking every other (a double tap does nothing), the table re-read after a
// refusal for a stale seq, and after a lost answer the table read again to say what happened
// instead of inviting a second tap. No build step, no CDN.
import { el } from "./common.js";

// every action of each game by its one name (paigow.table.actions, pcc.actions);
// tests/serve/test_action_names.py checks these lists against the library
export const ACTIONS = Object.freeze({
  paigow: Object.freeze(["start_round", "end_round", "pass_bank", "decline", "accept", "set_stake", "co_bank", "bet",
    "shuffle", "cut", "shake", "deal", "expose", "declare", "set_hand", "house_way", "turn", "set_players", "settle"]),
  pcc: Object.freeze(["place", "withdraw", "close_betting", "void_roll", "settle", "new_round"]),
});

// a table's address in the API: /v1/tables/<id> (Pai Gow) or /v1/pcc/tables/<id>
export const tablePath = (game, id) => (game === "pcc" ? "/v1/pcc/tables/" : "/v1/tables/") + encodeURIComponent(id);

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

// A table's writes for a page of ``game`` ("paigow" or "pcc"). ``view`` is the page's side:
//   table()            the table on screen, {id, token}, or null
//   state()            its state on screen (with its seq), or null
//   setState(st)       draw a state read from the service
//   accepted(a, st)    the action ``a`` was taken: draw its state ``st``
//   say(id, nodes, k)  a message under the form ``id`` (or the phase's), of kind "error" or "notice"
//   t, num, errorNode  the page's words, numbers and error messages
//   scope              the element whose buttons say a write is in flight (aria-disabled)
export function tableProtocol(game, view) {
  let busy = false;
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

  // send ``action`` against the seq on screen; ``formId`` is where its message goes
  async function write(action, formId) {
    if (!known.has(action.action)) throw new Error(`no ${game} action is named ${action.action}`);
    if (busy || !view.state()) return;  // a second tap while one is in flight does nothing
    busy = true; setBusy(true);
    const sent = view.state().seq;
    try {
      const r = await api("POST", `${path()}/actions?if_seq=${sent}`, action);
      view.accepted(action, r.state);
    } catch (e) {
      if (e.network) await recover(sent, action, formId);
      else if (e.code === "table.conflict") {
        try { view.setState(await api("GET", path())); } catch { /* shown below */ }
        view.say(formId, [el("code", {}, e.code), " ", view.t("conflict", { seq: view.num(view.state().seq) })], "error");
      } else view.say(formId, view.errorNode(e), "error");
    } finally { busy = false; setBusy(false); }
  }

  // the answer was lost: read the table and say what happened instead of inviting a second tap
  async function recover(sent, action, formId) {
    let st;
    try { st = await api("GET", path()); } catch {
      view.say(formId, [view.t("offline"), " ", el("button", { type: "button", id: "reread", onclick: reread }, view.t("reread"))], "error");
      return;
    }
    if (st.seq === sent + 1) { view.accepted(action, st); view.say("phase", [view.t("lost_taken", { seq: view.num(st.seq) })], "notice"); }
    else if (st.seq > sent) { view.setState(st); view.say("phase", [view.t("lost_moved", { seq: view.num(st.seq), was: view.num(sent) })], "notice"); }
    else { view.setState(st); view.say(formId, [view.t("lost_not_taken", { seq: view.num(st.seq) })], "notice"); }
  }

  // the table read again (the dealer's button after the service did not answer)
  function reread() {
    return exclusive(async () => {
      try { view.setState(await api("GET", path())); } catch { view.say("phase", [view.t("offline")], "error"); }
    });
  }

  return { api, write, reread, exclusive, get busy() { return busy; } };
}
