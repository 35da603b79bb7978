// The dealer's page, its Advice tab (issue 34): a hand tapped in, and the tiles both seats saw
// (an exposed tile, a settled hand) tapped as "seen", sent to POST /v1/advice as ``seen``; the
// answer's values against the hands the other side can still hold (``opponent_hands``). At a table
// whose round was dealt with tiles exposed, the tab offers those tiles as seen, saying so; the
// dealer may clear them. An ES module; no build step, no CDN.
import { $, el } from "./common.js";

export const SEEN_MAX = 24;  // tiles seen beside a hand, at most (the service's seen.size)

// ``ctx``: the page's state S (hand, seen, seenFrom, faces, byPips), its words t, names (faceName,
// faceLabel, handName, faceImg), numbers (num, pct, locale), api and errorNode
export function adviceTab(ctx) {
  const { S, t } = ctx;
  S.seen = S.seen || []; S.pickSeen = false; S.seenFrom = null; S.seenOffered = null;

  function count(list) { const c = {}; for (const p of list) c[p] = (c[p] || 0) + 1; return c; }
  function showError(e) {
    const b = $("error");
    b.replaceChildren(...ctx.errorNode(e));
    // against an equilibrium, the game left by the seen tiles may not be solved (seen.large):
    // max-back answers every game
    if (e.code === "seen.large" && $("against").value !== "max-back") {
      b.append(" ", el("button", { type: "button", id: "use-max-back", class: "secondary",
        onclick: () => { $("against").value = "max-back"; run(load); } }, t("use_max_back")));
    }
    b.hidden = false;
  }
  // only the latest request's answer (or refusal) is drawn: an earlier one may come back later (a
  // game left solved on demand takes longer than the next tap's)
  let asked = 0;
  async function run(fn) {
    const mine = ++asked;
    $("error").hidden = true;
    try { await fn(() => mine === asked); } catch (e) { if (mine === asked) showError(e); }
  }

  // a tile kind is used up when the hand and the seen tiles hold every copy the deck has
  function faces() {
    const inHand = count(S.hand), seen = count(S.seen);
    const full = S.pickSeen ? S.seen.length >= SEEN_MAX : S.hand.length >= 4;
    $("faces").replaceChildren(...S.faces.map((f) => el("button", {
      class: "face" + (inHand[f.pips] ? " used" : "") + (seen[f.pips] ? " seen" : ""), type: "button", "data-pips": f.pips,
      "aria-label": t(S.pickSeen ? "pick_seen" : "pick_face", { name: ctx.faceName(f.pips), pips: f.pips }),
      disabled: (inHand[f.pips] || 0) + (seen[f.pips] || 0) >= f.copies || full,
      onclick: () => tap(f.pips),
    }, ctx.faceImg(f.pips), el("span", { class: "zh" }, ctx.zhFace(f)), el("span", { class: "pips" }, f.pips),
    el("span", { class: "en" }, f.name_en))));
    for (const [id, on] of [["pick-hand", !S.pickSeen], ["pick-seen", S.pickSeen]]) {
      $(id).classList.toggle("active", on); $(id).setAttribute("aria-pressed", String(on));
    }
  }
  function tap(pips) {
    if (S.pickSeen) { if (S.seen.length < SEEN_MAX) { S.seen.push(pips); S.seenFrom = null; } seenRow(); }
    else if (S.hand.length < 4) S.hand.push(pips);
    hand(); faces();
  }

  function chips(list, onRemove) {
    return list.map((p, i) => el("button", { class: "chip", type: "button", "aria-label": t("remove_tile", { tile: ctx.faceName(p) }),
      onclick: () => { list.splice(i, 1); onRemove(); } }, ctx.faceImg(p), ctx.faceLabel(p)));
  }
  // the round's exposed tiles as seen: those of the other positions when the hand tapped is a
  // position's hand of that deal (its own exposed tile is the hand's, not seen), as Round.advice
  function fromRound() {
    const x = S.seenFrom, key = (l) => [...l].sort().join(" ");
    const own = S.hand.length === 4 ? Object.keys(x.hands).find((p) => key(x.hands[p]) === key(S.hand)) : undefined;
    x.position = own === undefined ? null : Number(own);
    S.seen = x.exposures.filter((e) => String(e.position) !== own).map((e) => e.tile).slice(0, SEEN_MAX);
  }
  function hand(load_ = true) {
    if (S.seenFrom) { fromRound(); seenRow(); }
    $("hand").replaceChildren(...chips(S.hand, () => { hand(); faces(); }));
    if (S.hand.length === 4) { if (load_) run(load); } else { asked++; $("advice").replaceChildren(); }  // none pending draws
  }
  function seenRow() {
    $("seen").replaceChildren(...chips(S.seen, () => { S.seenFrom = null; seenRow(); hand(); faces(); }));
    $("seen-count").textContent = t("seen_count", { n: ctx.num(S.seen.length), max: ctx.num(SEEN_MAX) });
    const note = $("seen-note");
    note.hidden = !S.seenFrom;
    const x = S.seenFrom;
    note.textContent = !x ? "" : t(x.position === null ? "seen_exposed" : "seen_exposed_pos", { id: x.id, n: ctx.num(x.number), p: x.position });
  }

  function table(a) {
    const head = el("tr", {}, el("th", {}, "#"), el("th", {}, t("col_front")), el("th", {}, t("col_back")),
      el("th", { class: "num" }, t("col_win")), el("th", { class: "num" }, t("col_push")), el("th", { class: "num" }, t("col_lose")),
      el("th", { class: "num" }, t("col_value")), el("th", { class: "num" }, t("col_eq")));
    const fmt = new Intl.NumberFormat(ctx.locale(), { minimumFractionDigits: 5, maximumFractionDigits: 5, signDisplay: "exceptZero" });
    const share = (x) => ctx.pct(x / a.opponent_hands);
    const rows = a.settings.map((s, k) => el("tr", { class: k === a.best ? "best" : "", "data-setting": k },
      el("td", {}, k + 1, k === a.best ? " ★" : ""),
      el("td", {}, el("b", {}, ctx.handName(s.front)), el("div", { class: "hn" }, s.front.tiles.join(" "))),
      el("td", {}, el("b", {}, ctx.handName(s.back)), el("div", { class: "hn" }, s.back.tiles.join(" "))),
      el("td", { class: "num" }, share(s.wins)), el("td", { class: "num" }, share(s.pushes)), el("td", { class: "num" }, share(s.losses)),
      el("td", { class: "num", "data-value": s.value.toFixed(5) }, fmt.format(s.value)),
      el("td", { class: "num" }, s.equilibrium_probability === null ? ""
        : new Intl.NumberFormat(ctx.locale(), { maximumFractionDigits: 3 }).format(s.equilibrium_probability))));
    return el("table", { class: "advice" }, el("thead", {}, head), el("tbody", {}, rows));
  }

  async function load(latest = () => true) {
    const body = { tiles: S.hand.join(" "), seat: $("seat").value, against: $("against").value, commission: $("commission").checked };
    if (S.seen.length) body.seen = S.seen.join(" ");
    const a = await ctx.api("POST", "/v1/advice", body);
    if (!latest()) return;
    const seen = a.seen || [];
    $("advice").replaceChildren(el("p", { id: "advice-line", "data-opponent-hands": a.opponent_hands },
      t("advice_line", { tiles: a.tiles.map(ctx.faceName).join(" "), n: ctx.num(a.opponent_hands) }), " — ", a.mixed ? t("mixed") : t("exact")),
    seen.length ? el("p", { id: "advice-seen", "data-seen": seen.join(" ") }, t("advice_seen", { n: ctx.num(seen.length) }), " ",
      seen.map((p) => ctx.faceLabel(p)).join(" · ")) : "", table(a));
  }

  // the tiles exposed in the open table's round, named (an unnamed one is no tile seen): offered as
  // seen once per round and exposures, replacing the seen tiles then; the dealer may clear them
  function offerExposed(state, tb) {
    const r = state && state.round;
    if (!r || !tb || !r.deal || !r.deal.hands) return;
    const exposures = r.deal.exposures.filter((x) => x.tile), tiles = exposures.map((x) => x.tile);
    const number = state.rounds + 1;  // the round under way: the rounds finished, and this one
    const key = `${tb.id}/${number}/${tiles.join(" ")}`;
    if (!tiles.length || S.seenOffered === key) return;
    S.seenOffered = key;
    S.seenFrom = { id: tb.id, number, exposures, hands: r.deal.hands, position: null };
    hand(); faces();
  }

  function wire() {
    $("pick-hand").onclick = () => { S.pickSeen = false; faces(); };
    $("pick-seen").onclick = () => { S.pickSeen = true; faces(); };
    $("clear").onclick = () => { S.hand = []; hand(); faces(); };
    $("clear-seen").onclick = () => { S.seen = []; S.seenFrom = null; seenRow(); hand(); faces(); };
    for (const id of ["seat", "against", "commission"]) $(id).onchange = () => { if (S.hand.length === 4) run(load); };
  }

  return { faces, hand, seenRow, load, run, showError, offerExposed, wire };
}
