// The training page (/training, docs/training.md): a trainee, with the token his supervisor gave
// him, runs drills of 20 exercises and a house way's challenge, one tap per answer; a supervisor,
// with the operator key, creates groups and trainees and reads a group's statistics.
// An ES module (the elements and languages of common.js, the API call of protocol.js; no build
// step, no CDN) with its own words in the four languages of the pages: a key missing in a
// language falls back to English; an error code with no entry shows the service's English message.
import { $, el, LANGS, browserLang } from "./common.js";
import { request as api } from "./protocol.js";  // one call of the API: its JSON, or an Error with the service's code

const T = {
  en: {
    _name: "English", title: "Pai Gow · training", lang: "Language", trainee: "Trainee", token: "Your token",
    enter: "Enter", supervisor: "Supervisor", operator_key: "Operator key", drill: "Drill",
    go_drill: "Start 20 exercises", way: "House way", go_challenge: "Take the challenge", leave: "Leave",
    next: "Next", back: "Back", check: "Check", new_group: "New group", group_name: "Group", pass_mark: "Pass mark",
    create: "Create", new_trainee: "New trainee", trainee_name: "Name", groups: "Groups",
    me: "{name} · group {group}", progress: "Exercise {i} of {n}", challenge_progress: "Challenge {way}: hand {i} of {n}",
    drill_done: "{n} exercises: {c} right", per_answer: "{s} s per answer",
    passed: "Challenge {way}: passed", failed: "Challenge {way}: not passed", score: "{c} of {n} right (pass mark {m}) in {s} s",
    certificate: "Certificate (sha256)", missed: "Rules missed most", my_stats: "My answers: {c} of {n} right",
    token_once: "{name}'s token, shown this once: write it down and give it to {name}.",
    group_line: "{n} trainees · pass mark {m}", stats_head: "Group {group}: {c} of {n} right",
    col_trainee: "Trainee", col_answered: "Answers", col_accuracy: "Right", col_time: "s per answer",
    col_drill: "Drill", col_rule: "Rule", col_missed: "Missed",
    player: "Player", banker: "Banker", hand_n: "Hand {n}", roll: "Roll", slip: "Slip", shares: "The bank's shares",
    position: "Position {p}: {outcome}", banker_at: "Banker: position {p}", commission: "Commission {c}, rounding {r}",
    out_win: "wins", out_lose: "loses", out_push: "ties",
    "d_tile-name": "Name a tile", "d_tile-pips": "Find a tile", "d_hand-name": "Name a hand", "d_rank:macau": "Which hand ranks higher",
    "d_compare:macau": "Who wins (Macau)", "d_compare:us": "Who wins (US)", "d_houseway:foxwoods": "House way: foxwoods",
    "d_houseway:canberra": "House way: canberra", "d_best:player:macau": "Set a hand best (player)",
    "d_payout:macau": "Pay a round (Macau)", "d_pcc": "Pay a Fish-Prawn-Crab slip",
    "err_training.token": "This token is not a trainee's: ask your supervisor.",
    "err_operator.key": "This is not an operator key.", err_network: "The service does not answer: check the network.",
    "err_training.trainee": "There is already a trainee of that name.", "err_training.group": "There is no such group.",
  },
  "zh-Hant": {
    _name: "繁體中文", title: "牌九 · 培訓", lang: "語言", trainee: "學員", token: "你的代碼", enter: "進入",
    supervisor: "主管", operator_key: "營運者密鑰", drill: "練習", go_drill: "開始 20 題", way: "莊家規則",
    go_challenge: "參加考核", leave: "離開", next: "下一題", back: "返回", check: "核對", new_group: "新組別",
    group_name: "組別", pass_mark: "合格分數", create: "建立", new_trainee: "新學員", trainee_name: "姓名", groups: "組別",
    me: "{name} · {group} 組", progress: "第 {i} 題，共 {n} 題", challenge_progress: "考核 {way}：第 {i} 手，共 {n} 手",
    drill_done: "{n} 題：答對 {c} 題", per_answer: "每題 {s} 秒",
    passed: "考核 {way}：合格", failed: "考核 {way}：不合格", score: "答對 {c} / {n}（合格分數 {m}），用時 {s} 秒",
    certificate: "證書（sha256）", missed: "最常錯的規則", my_stats: "我的答題：答對 {c} / {n}",
    token_once: "{name} 的代碼只顯示這一次：請記下並交給 {name}。",
    group_line: "{n} 名學員 · 合格分數 {m}", stats_head: "{group} 組：答對 {c} / {n}",
    col_trainee: "學員", col_answered: "答題", col_accuracy: "正確率", col_time: "每題秒數",
    col_drill: "練習", col_rule: "規則", col_missed: "錯",
    player: "閒家", banker: "莊家", hand_n: "第 {n} 手", roll: "骰子", slip: "注單", shares: "莊家份額",
    position: "{p} 號位：{outcome}", banker_at: "莊家：{p} 號位", commission: "佣金 {c}，進位 {r}",
    out_win: "贏", out_lose: "輸", out_push: "和",
    "d_tile-name": "認牌名", "d_tile-pips": "找牌", "d_hand-name": "認牌型", "d_rank:macau": "哪手較大",
    "d_compare:macau": "誰贏（澳門）", "d_compare:us": "誰贏（美式）", "d_houseway:foxwoods": "莊家規則：foxwoods",
    "d_houseway:canberra": "莊家規則：canberra", "d_best:player:macau": "最佳擺法（閒家）",
    "d_payout:macau": "結算一局（澳門）", "d_pcc": "魚蝦蟹派彩",
    "err_training.token": "這不是學員的代碼：請問你的主管。", "err_operator.key": "這不是營運者密鑰。",
    err_network: "服務沒有回應：請檢查網絡。", "err_training.trainee": "已有同名學員。", "err_training.group": "沒有這個組別。",
  },
  "zh-Hans": {
    _name: "简体中文", title: "牌九 · 培训", lang: "语言", trainee: "学员", token: "你的代码", enter: "进入",
    supervisor: "主管", operator_key: "运营者密钥", drill: "练习", go_drill: "开始 20 题", way: "庄家规则",
    go_challenge: "参加考核", leave: "离开", next: "下一题", back: "返回", check: "核对", new_group: "新组别",
    group_name: "组别", pass_mark: "合格分数", create: "创建", new_trainee: "新学员", trainee_name: "姓名", groups: "组别",
    me: "{name} · {group} 组", progress: "第 {i} 题，共 {n} 题", challenge_progress: "考核 {way}：第 {i} 手，共 {n} 手",
    drill_done: "{n} 题：答对 {c} 题", per_answer: "每题 {s} 秒",
    passed: "考核 {way}：合格", failed: "考核 {way}：不合格", score: "答对 {c} / {n}（合格分数 {m}），用时 {s} 秒",
    certificate: "证书（sha256）", missed: "最常错的规则", my_stats: "我的答题：答对 {c} / {n}",
    token_once: "{name} 的代码只显示这一次：请记下并交给 {name}。",
    group_line: "{n} 名学员 · 合格分数 {m}", stats_head: "{group} 组：答对 {c} / {n}",
    col_trainee: "学员", col_answered: "答题", col_accuracy: "正确率", col_time: "每题秒数",
    col_drill: "练习", col_rule: "规则", col_missed: "错",
    player: "闲家", banker: "庄家", hand_n: "第 {n} 手", roll: "骰子", slip: "注单", shares: "庄家份额",
    position: "{p} 号位：{outcome}", banker_at: "庄家：{p} 号位", commission: "佣金 {c}，进位 {r}",
    out_win: "赢", out_lose: "输", out_push: "和",
    "d_tile-name": "认牌名", "d_tile-pips": "找牌", "d_hand-name": "认牌型", "d_rank:macau": "哪手较大",
    "d_compare:macau": "谁赢（澳门）", "d_compare:us": "谁赢（美式）", "d_houseway:foxwoods": "庄家规则：foxwoods",
    "d_houseway:canberra": "庄家规则：canberra", "d_best:player:macau": "最佳摆法（闲家）",
    "d_payout:macau": "结算一局（澳门）", "d_pcc": "鱼虾蟹派彩",
    "err_training.token": "这不是学员的代码：请问你的主管。", "err_operator.key": "这不是运营者密钥。",
    err_network: "服务没有回应：请检查网络。", "err_training.trainee": "已有同名学员。", "err_training.group": "没有这个组别。",
  },
  pt: {
    _name: "Português", title: "Pai Gow · formação", lang: "Língua", trainee: "Formando", token: "O seu código",
    enter: "Entrar", supervisor: "Supervisor", operator_key: "Chave do operador", drill: "Exercício",
    go_drill: "Começar 20 exercícios", way: "Regra da casa", go_challenge: "Fazer a prova", leave: "Sair",
    next: "Seguinte", back: "Voltar", check: "Verificar", new_group: "Novo grupo", group_name: "Grupo",
    pass_mark: "Nota mínima", create: "Criar", new_trainee: "Novo formando", trainee_name: "Nome", groups: "Grupos",
    me: "{name} · grupo {group}", progress: "Exercício {i} de {n}", challenge_progress: "Prova {way}: mão {i} de {n}",
    drill_done: "{n} exercícios: {c} certos", per_answer: "{s} s por resposta",
    passed: "Prova {way}: aprovado", failed: "Prova {way}: não aprovado", score: "{c} de {n} certas (nota mínima {m}) em {s} s",
    certificate: "Certificado (sha256)", missed: "Regras mais falhadas", my_stats: "As minhas respostas: {c} de {n} certas",
    token_once: "O código de {name}, mostrado só esta vez: anote-o e entregue-o a {name}.",
    group_line: "{n} formandos · nota mínima {m}", stats_head: "Grupo {group}: {c} de {n} certas",
    col_trainee: "Formando", col_answered: "Respostas", col_accuracy: "Certas", col_time: "s por resposta",
    col_drill: "Exercício", col_rule: "Regra", col_missed: "Falhadas",
    player: "Jogador", banker: "Banca", hand_n: "Mão {n}", roll: "Lançamento", slip: "Boletim", shares: "Partes da banca",
    position: "Posição {p}: {outcome}", banker_at: "Banca: posição {p}", commission: "Comissão {c}, arredondamento {r}",
    out_win: "ganha", out_lose: "perde", out_push: "empata",
    "d_tile-name": "Nomear uma peça", "d_tile-pips": "Encontrar uma peça", "d_hand-name": "Nomear uma mão",
    "d_rank:macau": "Que mão é maior", "d_compare:macau": "Quem ganha (Macau)", "d_compare:us": "Quem ganha (EUA)",
    "d_houseway:foxwoods": "Regra da casa: foxwoods", "d_houseway:canberra": "Regra da casa: canberra",
    "d_best:player:macau": "Armar a mão melhor (jogador)", "d_payout:macau": "Pagar uma ronda (Macau)",
    "d_pcc": "Pagar um boletim de Peixe-Camarão-Caranguejo",
    "err_training.token": "Este código não é de um formando: pergunte ao supervisor.",
    "err_operator.key": "Esta não é uma chave de operador.", err_network: "O serviço não responde: verifique a rede.",
    "err_training.trainee": "Já existe um formando com esse nome.", "err_training.group": "Esse grupo não existe.",
  },
};
const DRILL_KEYS = ["tile-name", "tile-pips", "hand-name", "rank:macau", "compare:macau", "compare:us",
  "houseway:foxwoods", "houseway:canberra", "best:player:macau", "payout:macau", "pcc"];
const WAYS = ["foxwoods", "canberra"];
const COUNT = 20;
const TILE = /^[1-6]-[1-6]$/;

let lang = "en";
let state = null;  // the session on screen: a drill's or a challenge's
const store = { get trainee() { return sessionStorage.getItem("paigow-trainee"); },
  set trainee(v) { v ? sessionStorage.setItem("paigow-trainee", v) : sessionStorage.removeItem("paigow-trainee"); },
  get operator() { return sessionStorage.getItem("paigow-operator"); },
  set operator(v) { v ? sessionStorage.setItem("paigow-operator", v) : sessionStorage.removeItem("paigow-operator"); } };

function t(key, vars = {}) {
  const s = (T[lang] && T[lang][key]) ?? T.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : "{" + k + "}"));
}

function showError(e) {
  const box = $("error");
  if (!e) { box.hidden = true; box.textContent = ""; return; }
  const key = "err_" + e.code;
  box.textContent = (T[lang][key] || T.en[key] || e.message) + " (" + e.code + ")";
  box.hidden = false;
}

// a call whose failure is shown to the user (and ends the action)
async function guarded(fn) {
  showError(null);
  try { return await fn(); } catch (e) { showError(e); return undefined; }
}

function screen(id) {
  for (const s of ["login", "home", "exercise", "result", "super"]) $(s).hidden = s !== id;
}

function applyLang() {
  document.documentElement.lang = lang;
  document.title = t("title");
  for (const n of document.querySelectorAll("[data-i18n]")) n.textContent = t(n.dataset.i18n);
  const dsel = $("drill"), keep = dsel.value;
  dsel.replaceChildren(...DRILL_KEYS.map((k) => el("option", { value: k }, t("d_" + k))));
  if (keep) dsel.value = keep;
}

// -- what an exercise shows ----------------------------------------------------------------------------
function tileImg(pips) {
  const [a, b] = pips.split("-").map(Number);
  return el("img", { class: "tileimg", src: `/static/tile-${Math.min(a, b)}-${Math.max(a, b)}.svg`, alt: pips });
}
const tiles = (list) => el("span", { class: "tiles" }, list.map(tileImg));
const line = (...kids) => el("div", { class: "line" }, ...kids);

function hand(h) {  // a set hand: {front: {tiles}, back: {tiles}}
  return [tiles(h.front.tiles), el("span", { class: "sep", "aria-hidden": "true" }, "|"), tiles(h.back.tiles)];
}

function shown(ex) {
  const s = ex.shown || {}, out = [];
  if (s.tiles) out.push(line(tiles(s.tiles)));
  if (s.name) out.push(line(el("strong", {}, s.name)));
  if (s.hands) s.hands.forEach((h, i) => out.push(line(el("span", {}, t("hand_n", { n: i + 1 })), tiles(h))));
  if (s.player && s.banker) {
    out.push(line(el("span", {}, t("player")), ...hand(s.player)));
    out.push(line(el("span", {}, t("banker")), ...hand(s.banker)));
  }
  if (s.positions) {
    out.push(line(t("banker_at", { p: s.banker })));
    if (s.shares) out.push(line(t("shares") + ": " + s.shares.map((x) => x.join(" ")).join(", ")));
    for (const p of s.positions)
      out.push(line(t("position", { p: p.position, outcome: t("out_" + p.outcome) }) + " " + p.bets.map((b) => b.join(" ")).join(", ")));
    out.push(line(t("commission", { c: s.commission, r: s.rounding })));
  }
  if (s.slip) {
    out.push(line(t("roll") + ": " + (s.dice || [s.roll]).join(" · ")));
    out.push(line(t("slip") + ": " + s.slip.map((x, i) => `${i + 1}. ${x}`).join("  ")));
  }
  return out;
}

function choiceFace(text) {  // a setting "a b | c d" or tiles shown as tiles, anything else as text
  const parts = text.split(" | ").map((p) => p.split(" "));
  if (parts.every((p) => p.every((x) => TILE.test(x))) && parts.length <= 2)
    return parts.flatMap((p, i) => (i ? [el("span", { class: "sep", "aria-hidden": "true" }, "|"), tiles(p)] : [tiles(p)]));
  return [text];
}

// -- a session: a drill's 20 exercises, or a challenge's hands ----------------------------------------
async function showExercise() {
  const seed = state.seed0 + state.i;
  const q = new URLSearchParams({ drill: state.drill, seed: String(seed), lang });
  const ex = await guarded(() => api("GET", "/v1/training/exercise?" + q, undefined, store.trainee));
  if (!ex) return;
  state.ex = ex;
  state.answered = false;
  state.shownAt = performance.now();
  const sec = $("exercise");
  sec.dataset.drill = ex.drill;
  sec.dataset.seed = String(ex.seed);
  sec.dataset.index = String(state.i);
  $("progress").textContent = state.attempt
    ? t("challenge_progress", { way: state.way, i: state.i + 1, n: state.n })
    : t("progress", { i: state.i + 1, n: state.n });
  $("prompt").textContent = ex.prompt;
  $("shown").replaceChildren(...shown(ex));
  $("feedback").replaceChildren();
  $("next").hidden = true;
  const fields = $("fields");
  fields.hidden = !ex.fields.length;
  $("choices").replaceChildren(...ex.choices.map((c, i) =>
    el("button", { type: "button", "data-index": String(i), "aria-label": c, onclick: () => answer(i) }, ...choiceFace(c))));
  fields.replaceChildren(...ex.fields.map((f, i) =>
    el("label", {}, el("span", {}, f), el("input", { type: "number", inputmode: "numeric", step: "1", required: true, name: f, "data-field": String(i) }))),
    ...(ex.fields.length ? [el("button", { type: "submit", class: "primary" }, t("check"))] : []));
  screen("exercise");
  const first = $("choices").querySelector("button") || fields.querySelector("input");
  if (first) first.focus();
}

async function answer(given) {
  if (!state || state.answered) return;
  state.answered = true;  // one tap per answer: later taps do nothing
  for (const b of $("choices").querySelectorAll("button")) b.disabled = true;
  const ms = Math.min(3_600_000, Math.round(performance.now() - state.shownAt));
  const ex = state.ex;
  const body = { drill: ex.drill, seed: ex.seed, lang: ex.lang, answer: given, ms };
  if (state.attempt) body.attempt = state.attempt;
  const check = await guarded(() => api("POST", "/v1/training/answers", body, store.trainee));
  if (!check) {  // refused (or no answer came back): the same exercise may be answered again
    state.answered = false;
    for (const b of document.querySelectorAll("#choices button, #fields input, #fields button")) b.disabled = false;
    return;
  }
  state.right += check.correct ? 1 : 0;
  state.ms.push(ms);
  state.i += 1;
  if (state.attempt) {  // a challenge shows no answer: the next hand, or the result
    if (state.i < state.n) await showExercise(); else await finishChallenge();
    return;
  }
  const buttons = $("choices").querySelectorAll("button");
  if (typeof check.expected === "number" && buttons[check.expected]) buttons[check.expected].classList.add("right");
  if (!check.correct && typeof given === "number" && buttons[given]) buttons[given].classList.add("wrong");
  // the explanation begins with its own "right" or "wrong", in the exercise's language
  $("feedback").replaceChildren(el("p", {}, el("span", { class: check.correct ? "ok" : "no", "aria-hidden": "true" },
    check.correct ? "✓ " : "✗ "), check.explanation));
  $("feedback").dataset.correct = check.correct ? "1" : "0";
  $("next").hidden = false;
  $("next").focus();
}

function fieldsAnswer(ev) {
  ev.preventDefault();
  const out = {};
  for (const inp of $("fields").querySelectorAll("input")) out[inp.name] = Number(inp.value);
  for (const inp of $("fields").querySelectorAll("input, button")) inp.disabled = true;
  answer(out);
}

async function next() {
  if (state.i < state.n) { await showExercise(); return; }
  const secs = state.ms.reduce((a, b) => a + b, 0) / 1000 / Math.max(1, state.ms.length);
  $("result-head").textContent = t("drill_done", { n: state.n, c: state.right });
  $("result-body").replaceChildren(el("p", {}, t("per_answer", { s: secs.toFixed(1) })));
  state = null;
  screen("result");
  $("back").focus();
}

function startDrill() {
  state = { drill: $("drill").value, seed0: Math.floor(Math.random() * 2 ** 40), i: 0, n: COUNT, right: 0, ms: [] };
  return showExercise();
}

async function startChallenge() {
  const way = $("way").value;
  const a = await guarded(() => api("POST", `/v1/training/challenges/${encodeURIComponent(way)}/attempts`, {}, store.trainee));
  if (!a) return;
  state = { drill: a.drill, seed0: 0, i: 0, n: a.hands.length, right: 0, ms: [], attempt: a.attempt, way, mark: a.pass_mark };
  await showExercise();
}

async function finishChallenge() {
  const out = await guarded(() => api("POST", `/v1/training/attempts/${state.attempt}/finish`, {}, store.trainee));
  if (!out) return;
  const r = out.result;
  $("result-head").textContent = t(r.passed ? "passed" : "failed", { way: r.way });
  const kids = [el("p", { id: "score" }, t("score", { c: r.correct, n: r.total, m: r.pass_mark, s: Math.round(r.seconds) }))];
  if (out.certificate) {
    const sha = out.certificate.sha256;
    kids.push(el("h3", {}, t("certificate")),
      el("p", {}, el("a", { class: "cert", id: "certificate", href: "/v1/training/certificates/" + sha }, sha)));
  }
  $("result-body").replaceChildren(...kids);
  $("result").dataset.passed = r.passed ? "1" : "0";
  state = null;
  screen("result");
  $("back").focus();
}

// -- the trainee's home -------------------------------------------------------------------------------
function missedTable(rows) {
  if (!rows.length) return [];
  return [el("h3", {}, t("missed")), el("table", {},
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("col_drill")), el("th", { scope: "col" }, t("col_rule")),
      el("th", { scope: "col" }, t("col_missed")))),
    el("tbody", {}, rows.map(([d, r, m, n]) => el("tr", {}, el("td", {}, d), el("td", {}, r), el("td", {}, `${m} / ${n}`)))))];
}

async function home() {
  const me = await guarded(() => api("GET", "/v1/training/me/stats", undefined, store.trainee));
  if (!me) { store.trainee = null; screen("login"); return; }
  $("me").textContent = t("me", { name: me.trainee, group: me.group });
  $("my-stats").replaceChildren(el("p", {}, t("my_stats", { c: me.summary.correct, n: me.summary.answered })),
    ...missedTable(me.missed_most));
  screen("home");
}

// -- the supervisor's ---------------------------------------------------------------------------------
async function supervisor() {
  const groups = await guarded(() => api("GET", "/v1/training/groups", undefined, store.operator));
  if (!groups) { store.operator = null; screen("login"); return; }
  const sel = $("trainee-group"), keep = sel.value;
  sel.replaceChildren(...groups.map((g) => el("option", { value: g.name }, g.name)));
  if (keep && groups.some((g) => g.name === keep)) sel.value = keep;
  $("groups").replaceChildren(...groups.map((g) => el("button", { type: "button", "data-group": g.name, onclick: () => groupStats(g.name) },
    g.name, " · ", t("group_line", { n: g.trainees.length, m: g.pass_mark }))));
  screen("super");
}

async function groupStats(name) {
  const v = await guarded(() => api("GET", `/v1/training/groups/${encodeURIComponent(name)}/stats`, undefined, store.operator));
  if (!v) return;
  const pct = (s) => (s.accuracy === null ? "–" : Math.round(100 * s.accuracy) + "%");
  const secs = (s) => (s.mean_ms === null ? "–" : (s.mean_ms / 1000).toFixed(1));
  const rows = Object.entries(v.trainees).map(([n, x]) => el("tr", { "data-trainee": n },
    el("th", { scope: "row" }, n), el("td", {}, String(x.summary.answered)), el("td", {}, pct(x.summary)), el("td", {}, secs(x.summary))));
  $("group-stats").replaceChildren(
    el("h3", { id: "stats-head" }, t("stats_head", { group: v.group, c: v.summary.correct, n: v.summary.answered })),
    el("table", { id: "stats-table" }, el("thead", {}, el("tr", {}, ...["col_trainee", "col_answered", "col_accuracy", "col_time"]
      .map((k) => el("th", { scope: "col" }, t(k))))), el("tbody", {}, rows)),
    ...missedTable(v.missed_most));
}

async function addGroup(ev) {
  ev.preventDefault();
  const ok = await guarded(() => api("POST", "/v1/training/groups",
    { name: $("group-name").value.trim(), pass_mark: $("pass-mark").value.trim() }, store.operator));
  if (!ok) return;
  $("group-name").value = "";
  await supervisor();
  $("trainee-group").value = ok.name;
}

async function addTrainee(ev) {
  ev.preventDefault();
  const made = await guarded(() => api("POST", "/v1/training/trainees",
    { name: $("trainee-name").value.trim(), group: $("trainee-group").value }, store.operator));
  if (!made) return;
  $("trainee-name").value = "";
  const box = $("new-token");
  box.replaceChildren(el("p", {}, t("token_once", { name: made.name })), el("code", { id: "token-value" }, made.token));
  box.hidden = false;
  await supervisor();
}

// -- start --------------------------------------------------------------------------------------------
function init() {
  lang = LANGS.includes(localStorage.getItem("paigow-lang")) ? localStorage.getItem("paigow-lang") : browserLang();
  const ls = $("lang");
  ls.replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, T[l]._name)));
  ls.value = lang;
  ls.addEventListener("change", () => {
    lang = ls.value;
    localStorage.setItem("paigow-lang", lang);
    applyLang();
    if (state && state.ex && !state.answered && !$("exercise").hidden) showExercise();  // the same exercise, in the new language
    else if (!$("home").hidden) home();
    else if (!$("super").hidden) supervisor();
  });
  $("way").replaceChildren(...WAYS.map((w) => el("option", { value: w }, w)));
  applyLang();
  $("trainee-form").addEventListener("submit", (ev) => { ev.preventDefault(); store.trainee = $("token").value.trim(); $("token").value = ""; home(); });
  $("super-form").addEventListener("submit", (ev) => { ev.preventDefault(); store.operator = $("opkey").value.trim(); $("opkey").value = ""; supervisor(); });
  $("go-drill").addEventListener("click", startDrill);
  $("go-challenge").addEventListener("click", startChallenge);
  $("next").addEventListener("click", next);
  $("fields").addEventListener("submit", fieldsAnswer);
  $("back").addEventListener("click", home);
  $("leave").addEventListener("click", () => { store.trainee = null; state = null; screen("login"); });
  $("leave-super").addEventListener("click", () => { store.operator = null; $("new-token").hidden = true; screen("login"); });
  $("group-form").addEventListener("submit", addGroup);
  $("trainee-add").addEventListener("submit", addTrainee);
  const done = () => { document.body.dataset.ready = "1"; };
  if (store.trainee) home().then(done); else if (store.operator) supervisor().then(done); else { screen("login"); done(); }
}
init();
