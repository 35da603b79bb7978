// The seat's page (/seat/<id>, a player's own phone at a Pai Gow or a home table, issue 38) in the
// pages' four languages: every label by key (a key missing in a language falls back to English),
// numbers in the language's format, the language chosen. Errors, by the service's code with its
// params, are errors-i18n.js's (the game's catalogue, then the service's). An ES module.
import { $, el, LANGS, browserLang } from "./common.js";
import { ERRORS, errorText } from "./errors-i18n.js";

const SEAT_I18N = {
  en: {
    _name: "English", _locale: "en",
    title: "Your seat", lang: "Language", table: "Table", you: "You play as {player}",
    conn_live: "Live", conn_lost: "Connection lost: reconnecting…", no_token: "This address carries no seat token: scan the seat's QR code again.",
    revoked: "The dealer took this seat back.", closed: "This table is closed.",
    seat_0: "Banker", door_1: "初門 first door", door_2: "川門 middle door", door_3: "尾門 last door", position: "Position {n}",
    ph_betting: "Bets", ph_dealt: "Set your hand", ph_settled: "Settled", ph_over: "Shuffle over", ph_other: "Round: {phase}",
    no_round: "Waiting for the dealer to start a round.", waiting: "Waiting for the dealer.",
    balance: "Your balance", amount: "Amount", bet: "Bet", withdraw: "Withdraw my bets", put_bank: "Put up the bank",
    bank_is: "Bank: {amount}", my_bets: "Your bets: {amount}", holder: "{holder} holds this door and sets its hand",
    your_hand: "Your hand", set_as: "Set: {setting}", split: "Split", house_way: "House way",
    advice: "Advice", advice_line: "Against {n} hands, best: {best}",
    offer: "The bank is offered to you", accept: "Accept the bank", decline: "Decline",
    others: "The other hands", face_down: "face down", seen: "Face up from the first round",
    result: "Result", out_win: "You win", out_push: "Push", out_lose: "You lose", out_none: "You did not play this round",
    change: "This round: {amount}", sending: "Sending…", tile: "tile {pips}", need_amount: "Type a whole amount first.",
    req_waiting: "Waiting for the dealer: {what}", req_confirmed: "The dealer took it: {what}", req_refused: "The dealer refused: {what}", req_lapsed: "Lapsed (the betting is over, or the seat was taken back): {what}", req_bet: "bet {amount}", req_withdraw: "withdraw {amount}", req_withdraw_all: "withdraw all",
    dl_title: "Deadline for your hand", dl_left: "{time} left to set your hand", dl_left_deal: "{time} left to set the hands (not dealt yet)",
    dl_passed: "Time is up: the table sets your hand by its rule once the dealer applies the deadline.",
    dl_passed_deal: "The deadline passed before the deal: it is applied once the tiles are dealt, and the table then sets your hand by its rule.",
    dl_then_paigow: "If it is not set in time, the table sets it by the house way; the rules treat that as a setting you did not make.",
    dl_then_home: "If it is not set in time, the table sets it by the automatic rule (max-front); the rules treat that as a setting you did not make.",
    dl_rule_paigow: "the house way ({way})", dl_rule_home: "the automatic rule (max-front)",
    dl_applied: "Time ran out: the table set your hand by {rule}.", dl_not_made: "The rules treat it as a setting you did not make.",
    dl_secs: "{n} s", dl_set_say: "Deadline set: {time} left to set your hand.", dl_moved_say: "Deadline moved: {time} left to set your hand.",
    dl_left_say: "{time} left to set your hand.",
  },
  "zh-Hant": {
    _name: "繁體中文", _locale: "zh-Hant",
    title: "你的座位", lang: "語言", table: "枱", you: "你的名字：{player}",
    conn_live: "已連線", conn_lost: "連線中斷：重新連線中…", no_token: "此網址沒有座位憑證：請再掃描座位的二維碼。",
    revoked: "荷官已收回此座位。", closed: "此枱已關閉。",
    seat_0: "莊家", door_1: "初門", door_2: "川門", door_3: "尾門", position: "第 {n} 位",
    ph_betting: "下注", ph_dealt: "請配牌", ph_settled: "已結算", ph_over: "此副牌已完", ph_other: "本局：{phase}",
    no_round: "等候荷官開局。", waiting: "等候荷官。",
    balance: "你的結餘", amount: "金額", bet: "下注", withdraw: "收回我的注", put_bank: "放莊本",
    bank_is: "莊本：{amount}", my_bets: "你的注：{amount}", holder: "{holder} 持此門並配牌",
    your_hand: "你的牌", set_as: "已配：{setting}", split: "配法", house_way: "莊家配法",
    advice: "建議", advice_line: "對 {n} 手牌，最佳：{best}",
    offer: "莊位輪到你", accept: "接莊", decline: "不接",
    others: "其他各手", face_down: "蓋牌", seen: "第一局翻開的牌",
    result: "結果", out_win: "你贏", out_push: "和", out_lose: "你輸", out_none: "你本局沒有下注",
    change: "本局：{amount}", sending: "傳送中…", tile: "牌 {pips}", need_amount: "請先輸入整數金額。",
    req_waiting: "等候荷官確認：{what}", req_confirmed: "荷官已接受：{what}", req_refused: "荷官已拒絕：{what}", req_lapsed: "已失效（下注已結束或座位已收回）：{what}", req_bet: "下注 {amount}", req_withdraw: "收回 {amount}", req_withdraw_all: "全部收回",
    dl_title: "配牌限時", dl_left: "尚餘 {time} 配牌", dl_left_deal: "配牌限時尚餘 {time}（尚未發牌）",
    dl_passed: "時間已到：荷官執行限時後，牌桌按規則代你配牌。",
    dl_passed_deal: "限時已在發牌前過去：發牌後即執行限時，牌桌隨即按規則代你配牌。",
    dl_then_paigow: "如未按時配牌，牌桌按莊家配法代配，規則視之為非你所配。",
    dl_then_home: "如未按時配牌，牌桌按自動規則（max-front）代配，規則視之為非你所配。",
    dl_rule_paigow: "莊家配法（{way}）", dl_rule_home: "自動規則（max-front）",
    dl_applied: "時間已到：牌桌已按{rule}代你配牌。", dl_not_made: "規則視之為非你所配的牌。",
    dl_secs: "{n} 秒", dl_set_say: "已設配牌限時：尚餘 {time}。", dl_moved_say: "配牌限時已更改：尚餘 {time}。",
    dl_left_say: "配牌尚餘 {time}。",
  },
  "zh-Hans": {
    _name: "简体中文", _locale: "zh-Hans",
    title: "你的座位", lang: "语言", table: "台", you: "你的名字：{player}",
    conn_live: "已连线", conn_lost: "连线中断：重新连线中…", no_token: "此网址没有座位凭证：请再扫描座位的二维码。",
    revoked: "荷官已收回此座位。", closed: "此台已关闭。",
    seat_0: "庄家", door_1: "初门", door_2: "川门", door_3: "尾门", position: "第 {n} 位",
    ph_betting: "下注", ph_dealt: "请配牌", ph_settled: "已结算", ph_over: "此副牌已完", ph_other: "本局：{phase}",
    no_round: "等候荷官开局。", waiting: "等候荷官。",
    balance: "你的结余", amount: "金额", bet: "下注", withdraw: "收回我的注", put_bank: "放庄本",
    bank_is: "庄本：{amount}", my_bets: "你的注：{amount}", holder: "{holder} 持此门并配牌",
    your_hand: "你的牌", set_as: "已配：{setting}", split: "配法", house_way: "庄家配法",
    advice: "建议", advice_line: "对 {n} 手牌，最佳：{best}",
    offer: "庄位轮到你", accept: "接庄", decline: "不接",
    others: "其他各手", face_down: "盖牌", seen: "第一局翻开的牌",
    result: "结果", out_win: "你赢", out_push: "和", out_lose: "你输", out_none: "你本局没有下注",
    change: "本局：{amount}", sending: "发送中…", tile: "牌 {pips}", need_amount: "请先输入整数金额。",
    req_waiting: "等候荷官确认：{what}", req_confirmed: "荷官已接受：{what}", req_refused: "荷官已拒绝：{what}", req_lapsed: "已失效（下注已结束或座位已收回）：{what}", req_bet: "下注 {amount}", req_withdraw: "收回 {amount}", req_withdraw_all: "全部收回",
    dl_title: "配牌限时", dl_left: "尚余 {time} 配牌", dl_left_deal: "配牌限时尚余 {time}（尚未发牌）",
    dl_passed: "时间已到：荷官执行限时后，牌桌按规则代你配牌。",
    dl_passed_deal: "限时已在发牌前过去：发牌后即执行限时，牌桌随即按规则代你配牌。",
    dl_then_paigow: "如未按时配牌，牌桌按庄家配法代配，规则视之为非你所配。",
    dl_then_home: "如未按时配牌，牌桌按自动规则（max-front）代配，规则视之为非你所配。",
    dl_rule_paigow: "庄家配法（{way}）", dl_rule_home: "自动规则（max-front）",
    dl_applied: "时间已到：牌桌已按{rule}代你配牌。", dl_not_made: "规则视之为非你所配的牌。",
    dl_secs: "{n} 秒", dl_set_say: "已设配牌限时：尚余 {time}。", dl_moved_say: "配牌限时已更改：尚余 {time}。",
    dl_left_say: "配牌尚余 {time}。",
  },
  pt: {
    _name: "Português", _locale: "pt",
    title: "O seu lugar", lang: "Língua", table: "Mesa", you: "Joga como {player}",
    conn_live: "Ligado", conn_lost: "Ligação perdida: a religar…", no_token: "Este endereço não tem o código do lugar: leia de novo o código QR do lugar.",
    revoked: "O croupier retirou este lugar.", closed: "Esta mesa está fechada.",
    seat_0: "Banca", door_1: "初門 primeira porta", door_2: "川門 porta do meio", door_3: "尾門 última porta", position: "Posição {n}",
    ph_betting: "Apostas", ph_dealt: "Arranje a sua mão", ph_settled: "Liquidada", ph_over: "Baralhada terminada", ph_other: "Ronda: {phase}",
    no_round: "À espera de que o croupier comece uma ronda.", waiting: "À espera do croupier.",
    balance: "O seu saldo", amount: "Montante", bet: "Apostar", withdraw: "Retirar as minhas apostas", put_bank: "Pôr a banca",
    bank_is: "Banca: {amount}", my_bets: "As suas apostas: {amount}", holder: "{holder} detém esta porta e arranja a mão",
    your_hand: "A sua mão", set_as: "Arranjada: {setting}", split: "Divisão", house_way: "Maneira da casa",
    advice: "Conselho", advice_line: "Contra {n} mãos, a melhor: {best}",
    offer: "A banca é-lhe oferecida", accept: "Aceitar a banca", decline: "Recusar",
    others: "As outras mãos", face_down: "voltada para baixo", seen: "À vista, da primeira ronda",
    result: "Resultado", out_win: "Ganha", out_push: "Empate", out_lose: "Perde", out_none: "Não jogou esta ronda",
    change: "Esta ronda: {amount}", sending: "A enviar…", tile: "peça {pips}", need_amount: "Escreva primeiro um montante inteiro.",
    req_waiting: "À espera do croupier: {what}", req_confirmed: "O croupier aceitou: {what}", req_refused: "O croupier recusou: {what}", req_lapsed: "Caducado (as apostas terminaram, ou o lugar foi retirado): {what}", req_bet: "apostar {amount}", req_withdraw: "retirar {amount}", req_withdraw_all: "retirar tudo",
    dl_title: "Prazo para a sua mão", dl_left: "Faltam {time} para arranjar a sua mão", dl_left_deal: "Faltam {time} para arranjar as mãos (ainda não dadas)",
    dl_passed: "O tempo acabou: a mesa arranja a sua mão pela sua regra quando o croupier aplicar o prazo.",
    dl_passed_deal: "O prazo passou antes de dar: aplica-se quando as peças forem dadas, e a mesa arranja então a sua mão pela sua regra.",
    dl_then_paigow: "Se não a arranjar a tempo, a mesa arranja-a segundo a maneira da casa, e as regras tratam-na como uma mão que não arranjou.",
    dl_then_home: "Se não a arranjar a tempo, a mesa arranja-a segundo a regra automática (max-front), e as regras tratam-na como uma mão que não arranjou.",
    dl_rule_paigow: "a maneira da casa ({way})", dl_rule_home: "a regra automática (max-front)",
    dl_applied: "O tempo acabou: a mesa arranjou a sua mão segundo {rule}.", dl_not_made: "As regras tratam-na como uma mão que não arranjou.",
    dl_secs: "{n} s", dl_set_say: "Prazo definido: faltam {time} para arranjar a sua mão.", dl_moved_say: "Prazo mudado: faltam {time} para arranjar a sua mão.",
    dl_left_say: "Faltam {time} para arranjar a sua mão.",
  },
};

export const L = { lang: "en" };
export function t(key, vars = {}) {
  const s = (SEAT_I18N[L.lang] && SEAT_I18N[L.lang][key]) ?? SEAT_I18N.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}
const locale = () => SEAT_I18N[L.lang]._locale;
export const num = (n) => new Intl.NumberFormat(locale()).format(n);
export const signed = (n) => new Intl.NumberFormat(locale(), { signDisplay: "exceptZero" }).format(n);

function chooseLang(lang, rerender) {
  L.lang = LANGS.includes(lang) ? lang : "en";
  localStorage.setItem("seat-lang", L.lang);
  document.documentElement.lang = L.lang;
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  document.title = t("title");
  $("lang").value = L.lang;
  rerender();
}
export function wireLang(rerender) {
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, SEAT_I18N[l]._name)));
  $("lang").onchange = () => chooseLang($("lang").value, rerender);
  chooseLang(localStorage.getItem("seat-lang") || browserLang(), rerender);
}

// a tile as its picture (its pips in its name: "1-2"), large enough to read on a phone
export const tileImg = (pips, size = 1) => el("img", { class: "tile", src: `/static/tile-${pips}.svg`, alt: t("tile", { pips }),
  "data-tile": pips, width: Math.round(36 * size), height: Math.round(72 * size) });
export const faceDown = (n) => Array.from({ length: n }, () => el("span", { class: "tile back", role: "img", "aria-label": t("face_down") }));

// the message of an error in the page's language (by its code: the game's, else the service's)
export function errorNode(game, e) {
  const cat = game === "home" && e.code in (ERRORS.home[L.lang] || {}) ? "home" : "paigow";
  const text = errorText(cat, L.lang, e, { num, article: (a) => "(" + a + ")" });
  return [el("code", {}, e.code || "error"), " ", el("span", { class: "error-message" }, text)];
}

export { SEAT_I18N };
