// The home game's pages 推牌九 (the dealer's /home and the players' display /home/display) in the
// pages' four languages: every label by key (a key missing in a language falls back to English),
// numbers in the language's format, the language chosen. Errors, by the service's code with its
// params, are errors-i18n.js's (the "home" catalogue, then the service's). An ES module.
import { $, el, LANGS, browserLang } from "./common.js";
import { ERRORS, errorText } from "./errors-i18n.js";

const HOME_I18N = {
  en: {
    _name: "English", _locale: "en",
    title: "Home game 推牌九 · dealer", display_title: "Home game 推牌九", lang: "Language",
    step_open: "Open or resume a home table", mode: "Mode", mode_live: "live", mode_simulation: "simulation", seed: "Seed",
    payout: "Payout", payout_whole: "whole hand, even money", payout_halves: "front 1:1, back 2:1",
    commission: "Commission", bank: "Bank", bank_house: "the house covers every bet", bank_player: "a player banks (winner keeps)",
    banker_name: "First banker", dice: "Dice", dice_0: "none: stacks in order", dice_2: "two dice",
    public: "Public (the players' display reads it)", operator_key: "Operator key", open: "Open the table",
    resume_title: "Resume a table", table_id: "Table id", token: "Token", resume: "Resume", on_device: "Tables on this device",
    token_title: "Write down this table's token", token_once: "It is shown this once. With the id it resumes the table on any device.",
    noted: "I have written it down", display_link: "Players' display", tables_menu: "Open another or resume",
    status_table: "Table", status_seq: "seq", status_round: "round", status_shuffle: "shuffle", status_banker: "banker",
    ph_betting: "Bets, shuffle and deal", ph_dealt: "Set the hands", ph_settled: "Settled", ph_over: "Shuffle over",
    door_0: "Banker", door_1: "初門 first door", door_2: "川門 middle door", door_3: "尾門 last door",
    bettor: "Bettor", amount: "Amount", bet: "Bet", bank_amount: "Bank put up", put_bank: "Put up the bank",
    holder: "holds", no_bets: "no bets", shuffle: "Shuffle (secure)", shuffle_sim: "Shuffle", shake: "Shake the dice",
    deal: "Deal", dice_shown: "Dice", seen: "Face up from the first round", setter: "set by",
    split: "Split", set_hand: "Set", advice: "Advice", advice_line: "against {n} hands; best {best}",
    col_setting: "Setting", col_win: "win", col_push: "push", col_lose: "lose", play: "Set the rest by max-front",
    settle: "Settle", next_round: "Next round", next_shuffle: "Next shuffle", face_down: "face down",
    ledger: "Ledger", col_step: "#", col_kind: "", col_door: "Door", col_payer: "Pays", col_payee: "To", col_amount: "Amount",
    changes: "This round", balances: "Balances over the rounds", house: "House", bank_party: "the bank",
    kind_win: "win", kind_loss: "loss", kind_push: "push", kind_commission: "commission", kind_share: "bank's result",
    out_win: "wins", out_push: "push", out_lose: "loses", unplayed: "no bets",
    close_table: "Close this table", close_confirm: "Close table {id}? It takes no more actions; its journal stays.",
    close_yes: "Yes, close it", cancel: "Cancel", closed: "This table is closed.",
    need_bettor: "Type the bettor's name first.", sending: "Sending…", busy_wait: "Wait: another action is being sent.",
    not_sent: "Not sent: tap it again now.",
    lost_taken: "The answer was lost, but the table took the action (now at seq {seq}). Nothing to redo.",
    lost_moved: "The answer was lost; the table is now at seq {seq} (was {was}). Check the screen before acting again.",
    lost_not_taken: "The answer was lost and the table did not take the action (still at seq {seq}). You may do it again.",
    offline: "No answer from the service. Nothing is repeated; re-read the table when the network is back.",
    reread: "Re-read the table", conflict: "The table moved on (now at seq {seq}); here is what it shows now.",
    open_lost: "No answer: tap Open again; the same table is answered, not a second one.",
    d_waiting: "Waiting for the table…", d_private: "This table is not public: the display shows public tables only.",
    d_bets: "Bets", tile: "tile {pips}",
  },
  "zh-Hant": {
    _name: "繁體中文", _locale: "zh-Hant-MO",
    title: "推牌九 · 荷官", display_title: "推牌九", lang: "語言",
    step_open: "開或續一張推牌九台", mode: "模式", mode_live: "實台", mode_simulation: "模擬", seed: "種子",
    payout: "賠法", payout_whole: "整手計，一賠一", payout_halves: "頭道一賠一，尾道一賠二",
    commission: "佣金", bank: "莊", bank_house: "公司坐莊，包賠全部注碼", bank_player: "玩家坐莊（贏者續莊）",
    banker_name: "首位莊家", dice: "骰", dice_0: "不擲骰：按次序取牌", dice_2: "擲兩粒骰",
    public: "公開（玩家顯示屏可讀）", operator_key: "管理鑰匙", open: "開台",
    resume_title: "續台", table_id: "台號", token: "憑證", resume: "續台", on_device: "本機的牌桌",
    token_title: "請抄下此台的憑證", token_once: "只顯示這一次。憑台號與憑證可在任何裝置續台。",
    noted: "已抄下", display_link: "玩家顯示屏", tables_menu: "開另一台或續台",
    status_table: "台", status_seq: "步", status_round: "局", status_shuffle: "副", status_banker: "莊家",
    ph_betting: "下注、洗牌、發牌", ph_dealt: "配牌", ph_settled: "已結算", ph_over: "此副牌已完",
    door_0: "莊家", door_1: "初門", door_2: "川門", door_3: "尾門",
    bettor: "下注者", amount: "金額", bet: "下注", bank_amount: "莊本", put_bank: "上莊本",
    holder: "持門", no_bets: "無注", shuffle: "洗牌（安全隨機）", shuffle_sim: "洗牌", shake: "擲骰",
    deal: "發牌", dice_shown: "骰", seen: "第一局翻開的牌", setter: "配牌者",
    split: "配法", set_hand: "配牌", advice: "建議", advice_line: "對 {n} 手牌；最佳 {best}",
    col_setting: "配法", col_win: "贏", col_push: "和", col_lose: "輸", play: "其餘按 max-front 配",
    settle: "結算", next_round: "下一局", next_shuffle: "下一副牌", face_down: "蓋牌",
    ledger: "賬目", col_step: "#", col_kind: "", col_door: "門", col_payer: "付款", col_payee: "收款", col_amount: "金額",
    changes: "本局", balances: "各局累計", house: "公司", bank_party: "莊",
    kind_win: "贏", kind_loss: "輸", kind_push: "和", kind_commission: "佣金", kind_share: "莊家結果",
    out_win: "贏", out_push: "和", out_lose: "輸", unplayed: "無注",
    close_table: "關閉此台", close_confirm: "關閉 {id} 台？此後不再接受動作，記錄保留。",
    close_yes: "是，關台", cancel: "取消", closed: "此台已關閉。",
    need_bettor: "請先輸入下注者名稱。", sending: "傳送中…", busy_wait: "請稍候：另一動作正在傳送。",
    not_sent: "未傳送：請再按一次。",
    lost_taken: "回覆遺失，但牌桌已接受此動作（現為第 {seq} 步），毋須重做。",
    lost_moved: "回覆遺失；牌桌現為第 {seq} 步（原為 {was}），請先核對畫面。",
    lost_not_taken: "回覆遺失，牌桌沒有接受此動作（仍為第 {seq} 步），可再做一次。",
    offline: "服務沒有回覆。沒有重複任何動作；網絡恢復後請重讀牌桌。",
    reread: "重讀牌桌", conflict: "牌桌已更新（現為第 {seq} 步）；以下為最新畫面。",
    open_lost: "沒有回覆：請再按開台；會答回同一張台，不會多開。",
    d_waiting: "等候牌桌…", d_private: "此台不公開：顯示屏只顯示公開牌桌。",
    d_bets: "注碼", tile: "牌 {pips}",
  },
  "zh-Hans": {
    _name: "简体中文", _locale: "zh-Hans-CN",
    title: "推牌九 · 荷官", display_title: "推牌九", lang: "语言",
    step_open: "开或续一张推牌九台", mode: "模式", mode_live: "实台", mode_simulation: "模拟", seed: "种子",
    payout: "赔法", payout_whole: "整手计，一赔一", payout_halves: "头道一赔一，尾道一赔二",
    commission: "佣金", bank: "庄", bank_house: "公司坐庄，包赔全部注码", bank_player: "玩家坐庄（赢者续庄）",
    banker_name: "首位庄家", dice: "骰", dice_0: "不掷骰：按次序取牌", dice_2: "掷两粒骰",
    public: "公开（玩家显示屏可读）", operator_key: "管理钥匙", open: "开台",
    resume_title: "续台", table_id: "台号", token: "凭证", resume: "续台", on_device: "本机的牌桌",
    token_title: "请抄下此台的凭证", token_once: "只显示这一次。凭台号与凭证可在任何设备续台。",
    noted: "已抄下", display_link: "玩家显示屏", tables_menu: "开另一台或续台",
    status_table: "台", status_seq: "步", status_round: "局", status_shuffle: "副", status_banker: "庄家",
    ph_betting: "下注、洗牌、发牌", ph_dealt: "配牌", ph_settled: "已结算", ph_over: "此副牌已完",
    door_0: "庄家", door_1: "初门", door_2: "川门", door_3: "尾门",
    bettor: "下注者", amount: "金额", bet: "下注", bank_amount: "庄本", put_bank: "上庄本",
    holder: "持门", no_bets: "无注", shuffle: "洗牌（安全随机）", shuffle_sim: "洗牌", shake: "掷骰",
    deal: "发牌", dice_shown: "骰", seen: "第一局翻开的牌", setter: "配牌者",
    split: "配法", set_hand: "配牌", advice: "建议", advice_line: "对 {n} 手牌；最佳 {best}",
    col_setting: "配法", col_win: "赢", col_push: "和", col_lose: "输", play: "其余按 max-front 配",
    settle: "结算", next_round: "下一局", next_shuffle: "下一副牌", face_down: "盖牌",
    ledger: "账目", col_step: "#", col_kind: "", col_door: "门", col_payer: "付款", col_payee: "收款", col_amount: "金额",
    changes: "本局", balances: "各局累计", house: "公司", bank_party: "庄",
    kind_win: "赢", kind_loss: "输", kind_push: "和", kind_commission: "佣金", kind_share: "庄家结果",
    out_win: "赢", out_push: "和", out_lose: "输", unplayed: "无注",
    close_table: "关闭此台", close_confirm: "关闭 {id} 台？此后不再接受动作，记录保留。",
    close_yes: "是，关台", cancel: "取消", closed: "此台已关闭。",
    need_bettor: "请先输入下注者名称。", sending: "传送中…", busy_wait: "请稍候：另一动作正在传送。",
    not_sent: "未传送：请再按一次。",
    lost_taken: "回复遗失，但牌桌已接受此动作（现为第 {seq} 步），毋须重做。",
    lost_moved: "回复遗失；牌桌现为第 {seq} 步（原为 {was}），请先核对画面。",
    lost_not_taken: "回复遗失，牌桌没有接受此动作（仍为第 {seq} 步），可再做一次。",
    offline: "服务没有回复。没有重复任何动作；网络恢复后请重读牌桌。",
    reread: "重读牌桌", conflict: "牌桌已更新（现为第 {seq} 步）；以下为最新画面。",
    open_lost: "没有回复：请再按开台；会答回同一张台，不会多开。",
    d_waiting: "等候牌桌…", d_private: "此台不公开：显示屏只显示公开牌桌。",
    d_bets: "注码", tile: "牌 {pips}",
  },
  pt: {
    _name: "Português", _locale: "pt-MO",
    title: "Jogo caseiro 推牌九 · croupier", display_title: "Jogo caseiro 推牌九", lang: "Língua",
    step_open: "Abrir ou retomar uma mesa do jogo caseiro", mode: "Modo", mode_live: "real", mode_simulation: "simulação", seed: "Semente",
    payout: "Pagamento", payout_whole: "mão inteira, 1 para 1", payout_halves: "frente 1:1, trás 2:1",
    commission: "Comissão", bank: "Banca", bank_house: "a casa cobre todas as apostas", bank_player: "um jogador faz a banca (quem ganha fica)",
    banker_name: "Primeiro banqueiro", dice: "Dados", dice_0: "sem dados: pilhas por ordem", dice_2: "dois dados",
    public: "Pública (o ecrã dos jogadores lê-a)", operator_key: "Chave do operador", open: "Abrir a mesa",
    resume_title: "Retomar uma mesa", table_id: "Mesa", token: "Senha", resume: "Retomar", on_device: "Mesas neste aparelho",
    token_title: "Anote a senha desta mesa", token_once: "Mostra-se só esta vez. Com o número retoma a mesa em qualquer aparelho.",
    noted: "Já anotei", display_link: "Ecrã dos jogadores", tables_menu: "Abrir outra ou retomar",
    status_table: "Mesa", status_seq: "passo", status_round: "ronda", status_shuffle: "baralhada", status_banker: "banqueiro",
    ph_betting: "Apostas, baralhar e dar", ph_dealt: "Arranjar as mãos", ph_settled: "Liquidada", ph_over: "Baralhada terminada",
    door_0: "Banca", door_1: "初門 primeira porta", door_2: "川門 porta do meio", door_3: "尾門 última porta",
    bettor: "Apostador", amount: "Montante", bet: "Apostar", bank_amount: "Fundo da banca", put_bank: "Pôr a banca",
    holder: "segura", no_bets: "sem apostas", shuffle: "Baralhar (seguro)", shuffle_sim: "Baralhar", shake: "Lançar os dados",
    deal: "Dar", dice_shown: "Dados", seen: "À vista, da primeira ronda", setter: "arranja",
    split: "Arranjo", set_hand: "Arranjar", advice: "Conselho", advice_line: "contra {n} mãos; melhor {best}",
    col_setting: "Arranjo", col_win: "ganha", col_push: "empate", col_lose: "perde", play: "Arranjar o resto por max-front",
    settle: "Liquidar", next_round: "Ronda seguinte", next_shuffle: "Baralhada seguinte", face_down: "voltada para baixo",
    ledger: "Contas", col_step: "#", col_kind: "", col_door: "Porta", col_payer: "Paga", col_payee: "A", col_amount: "Montante",
    changes: "Esta ronda", balances: "Saldos das rondas", house: "Casa", bank_party: "a banca",
    kind_win: "ganho", kind_loss: "perda", kind_push: "empate", kind_commission: "comissão", kind_share: "resultado da banca",
    out_win: "ganha", out_push: "empate", out_lose: "perde", unplayed: "sem apostas",
    close_table: "Fechar esta mesa", close_confirm: "Fechar a mesa {id}? Não aceita mais acções; o registo fica.",
    close_yes: "Sim, fechar", cancel: "Cancelar", closed: "Esta mesa está fechada.",
    need_bettor: "Escreva primeiro o nome do apostador.", sending: "A enviar…", busy_wait: "Aguarde: outra acção está a ser enviada.",
    not_sent: "Não enviado: toque de novo.",
    lost_taken: "A resposta perdeu-se, mas a mesa aceitou a acção (agora no passo {seq}). Nada a refazer.",
    lost_moved: "A resposta perdeu-se; a mesa está no passo {seq} (era {was}). Verifique o ecrã antes de agir.",
    lost_not_taken: "A resposta perdeu-se e a mesa não aceitou a acção (ainda no passo {seq}). Pode repeti-la.",
    offline: "O serviço não responde. Nada é repetido; leia de novo a mesa quando a rede voltar.",
    reread: "Ler de novo a mesa", conflict: "A mesa avançou (agora no passo {seq}); eis o que mostra.",
    open_lost: "Sem resposta: toque de novo em Abrir; responde a mesma mesa, não uma segunda.",
    d_waiting: "À espera da mesa…", d_private: "Esta mesa não é pública: o ecrã mostra só mesas públicas.",
    d_bets: "Apostas", tile: "peça {pips}",
  },
};

// the host's controls (home-controls.js, issue 38): the round's deadline for the settings, the seats,
// the seats' bets the host confirms (and the opening's checkbox for them)
const CONTROLS = {
  en: {
    deadline_title: "Deadline for the settings", deadline_seconds: "Seconds from now", set_deadline: "Set the deadline",
    move_deadline: "Move the deadline",
    deadline_in: "Deadline in {left}", deadline_passed: "The deadline has passed: apply it to set the hands still unset.",
    deadline_after_deal: "The deadline has passed: it is applied after the deal.", apply_deadline: "Apply the deadline",
    deadline_applied: "Deadline applied: {hands} set by the table (max-front), not by their holders.",
    deadline_applied_none: "Deadline applied: every hand had been set by its holder.",
    why_deadline: "Not set by the deadline: set by the table (max-front)",
    need_seconds: "Type the seconds: a whole number from 1 to {most}.",
    seats_title: "Seats: the players' own phones", seats_hint: "A seat sees its own tiles, bets on its door and sets its own hand.",
    seat_none: "no seat", seat_since: "seated since {when}", grant: "Give a seat", grant_again: "New link", revoke: "Revoke",
    revoke_confirm: "Revoke the seat of {who}? Its phone stops at once.", revoke_yes: "Yes, revoke",
    seat_revoked: "The seat of {who} is revoked.", seat_link_title: "Seat of {who}: scan the code or open the link on the player's phone",
    seat_once: "Shown this once: if it is lost, give a new link (the old one stops working).", seat_done: "Done",
    seat_qr_alt: "QR code of the seat of {who} at table {id}",
    seat_bets_confirm: "Seats' bets wait for my confirmation", requests_title: "Seats' bets", requests_none: "No bet waiting.",
    req_line: "{who} · {bettor} · {amount} · {at}", req_confirm: "Confirm", req_refuse: "Refuse",
    req_confirmed: "confirmed", req_refused: "refused", req_lapsed: "lapsed", why_betting_ended: "the betting ended",
    why_revoked: "the seat was revoked",
  },
  "zh-Hant": {
    deadline_title: "配牌限時", deadline_seconds: "由現在起秒數", set_deadline: "設定限時", move_deadline: "更改限時",
    deadline_in: "限時尚餘 {left}", deadline_passed: "限時已過：執行限時，由牌桌代配未配的牌。",
    deadline_after_deal: "限時已過：發牌後方可執行。", apply_deadline: "執行限時",
    deadline_applied: "限時已執行：{hands} 由牌桌按 max-front 代配，非持門者所配。",
    deadline_applied_none: "限時已執行：各手牌均已由持門者配好。",
    why_deadline: "限時已過未配：由牌桌按 max-front 代配", need_seconds: "請輸入秒數：1 至 {most} 的整數。",
    seats_title: "座位：玩家自己的手機", seats_hint: "座位只看到自己的牌，在自己的門下注，自己配牌。",
    seat_none: "未設座位", seat_since: "{when} 起入座", grant: "設座位", grant_again: "新連結", revoke: "撤銷",
    revoke_confirm: "撤銷{who}的座位？其手機即時失效。", revoke_yes: "是，撤銷",
    seat_revoked: "已撤銷{who}的座位。", seat_link_title: "{who}的座位：請玩家以手機掃描二維碼或打開連結",
    seat_once: "只顯示這一次：如遺失，請設新連結（舊的即失效）。", seat_done: "完成",
    seat_qr_alt: "牌桌 {id} {who}座位的二維碼",
    seat_bets_confirm: "座位的下注須經我確認", requests_title: "座位的下注", requests_none: "沒有等候中的下注。",
    req_line: "{who} · {bettor} · {amount} · {at}", req_confirm: "確認", req_refuse: "拒絕",
    req_confirmed: "已確認", req_refused: "已拒絕", req_lapsed: "已失效", why_betting_ended: "下注已結束",
    why_revoked: "座位已撤銷",
  },
  "zh-Hans": {
    deadline_title: "配牌限时", deadline_seconds: "由现在起秒数", set_deadline: "设定限时", move_deadline: "更改限时",
    deadline_in: "限时尚余 {left}", deadline_passed: "限时已过：执行限时，由牌桌代配未配的牌。",
    deadline_after_deal: "限时已过：发牌后方可执行。", apply_deadline: "执行限时",
    deadline_applied: "限时已执行：{hands} 由牌桌按 max-front 代配，非持门者所配。",
    deadline_applied_none: "限时已执行：各手牌均已由持门者配好。",
    why_deadline: "限时已过未配：由牌桌按 max-front 代配", need_seconds: "请输入秒数：1 至 {most} 的整数。",
    seats_title: "座位：玩家自己的手机", seats_hint: "座位只看到自己的牌，在自己的门下注，自己配牌。",
    seat_none: "未设座位", seat_since: "{when} 起入座", grant: "设座位", grant_again: "新链接", revoke: "撤销",
    revoke_confirm: "撤销{who}的座位？其手机即时失效。", revoke_yes: "是，撤销",
    seat_revoked: "已撤销{who}的座位。", seat_link_title: "{who}的座位：请玩家用手机扫描二维码或打开链接",
    seat_once: "只显示这一次：如遗失，请设新链接（旧的即失效）。", seat_done: "完成",
    seat_qr_alt: "牌桌 {id} {who}座位的二维码",
    seat_bets_confirm: "座位的下注须经我确认", requests_title: "座位的下注", requests_none: "没有等候中的下注。",
    req_line: "{who} · {bettor} · {amount} · {at}", req_confirm: "确认", req_refuse: "拒绝",
    req_confirmed: "已确认", req_refused: "已拒绝", req_lapsed: "已失效", why_betting_ended: "下注已结束",
    why_revoked: "座位已撤销",
  },
  pt: {
    deadline_title: "Prazo para arranjar as mãos", deadline_seconds: "Segundos a partir de agora", set_deadline: "Definir o prazo",
    move_deadline: "Mudar o prazo",
    deadline_in: "Prazo em {left}", deadline_passed: "O prazo passou: aplique-o para arranjar as mãos ainda por arranjar.",
    deadline_after_deal: "O prazo passou: aplica-se depois de dar.", apply_deadline: "Aplicar o prazo",
    deadline_applied: "Prazo aplicado: {hands} arranjada(s) pela mesa (max-front), não por quem as segura.",
    deadline_applied_none: "Prazo aplicado: todas as mãos já estavam arranjadas.",
    why_deadline: "Não arranjada no prazo: arranjada pela mesa (max-front)",
    need_seconds: "Escreva os segundos: um número inteiro de 1 a {most}.",
    seats_title: "Lugares: os telemóveis dos jogadores", seats_hint: "Um lugar vê as suas peças, aposta na sua porta e arranja a sua mão.",
    seat_none: "sem lugar", seat_since: "sentado desde {when}", grant: "Dar um lugar", grant_again: "Nova ligação", revoke: "Revogar",
    revoke_confirm: "Revogar o lugar de {who}? O telemóvel deixa de funcionar já.", revoke_yes: "Sim, revogar",
    seat_revoked: "O lugar de {who} foi revogado.", seat_link_title: "Lugar de {who}: leia o código ou abra a ligação no telemóvel do jogador",
    seat_once: "Mostra-se só esta vez: se se perder, dê uma nova ligação (a antiga deixa de funcionar).", seat_done: "Feito",
    seat_qr_alt: "Código QR do lugar de {who} na mesa {id}",
    seat_bets_confirm: "As apostas dos lugares esperam a minha confirmação", requests_title: "Apostas dos lugares",
    requests_none: "Nenhuma aposta à espera.", req_line: "{who} · {bettor} · {amount} · {at}", req_confirm: "Confirmar",
    req_refuse: "Recusar", req_confirmed: "confirmada", req_refused: "recusada", req_lapsed: "caducada",
    why_betting_ended: "as apostas terminaram", why_revoked: "o lugar foi revogado",
  },
};
for (const [lang, words] of Object.entries(CONTROLS)) Object.assign(HOME_I18N[lang], words);

// the players' display (home-display.js, issue 38): the round's deadline for the settings, counted down
for (const [lang, words] of Object.entries({
  en: { d_deadline_in: "Deadline for the settings: {left}", d_deadline_passed: "Deadline for the settings: passed",
    d_deadline_applied: "Deadline applied: the hands not set in time were set by the table's automatic rule (max-front)." },
  "zh-Hant": { d_deadline_in: "配牌限時：尚餘 {left}", d_deadline_passed: "配牌限時：已過",
    d_deadline_applied: "限時已執行：未按時配好的牌由牌桌按自動規則（max-front）代配。" },
  "zh-Hans": { d_deadline_in: "配牌限时：尚余 {left}", d_deadline_passed: "配牌限时：已过",
    d_deadline_applied: "限时已执行：未按时配好的牌由牌桌按自动规则（max-front）代配。" },
  pt: { d_deadline_in: "Prazo para arranjar as mãos: {left}", d_deadline_passed: "Prazo para arranjar as mãos: passou",
    d_deadline_applied: "Prazo aplicado: as mãos não arranjadas a tempo foram arranjadas pela regra automática da mesa (max-front)." },
})) Object.assign(HOME_I18N[lang], words);

export const L = { lang: "en" };
export function t(key, vars = {}) {
  const s = (HOME_I18N[L.lang] && HOME_I18N[L.lang][key]) ?? HOME_I18N.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => (vars[k] ?? ""));
}
const locale = () => HOME_I18N[L.lang]._locale;
export const num = (n) => new Intl.NumberFormat(locale()).format(n);
// a time the service gave (ISO 8601, UTC) as this device's clock shows it, in the language's format
export const clock = (iso) => new Date(String(iso).slice(0, 23) + "Z").toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit" });
export const signed = (n) => new Intl.NumberFormat(locale(), { signDisplay: "exceptZero" }).format(n);
// a party of a ledger in the page's language: the house, the bank, or a player's own name
export const party = (p) => (p === "house" ? t("house") : p === "bank" ? t("bank_party") : p);

function chooseLang(lang, rerender) {
  L.lang = LANGS.includes(lang) ? lang : "en";
  localStorage.setItem("home-lang", L.lang);
  document.documentElement.lang = L.lang;
  for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  document.title = t(document.body.classList.contains("display") ? "display_title" : "title");
  $("lang").value = L.lang;
  rerender();
}
export function wireLang(rerender) {
  $("lang").replaceChildren(...LANGS.map((l) => el("option", { value: l, lang: l }, HOME_I18N[l]._name)));
  $("lang").onchange = () => chooseLang($("lang").value, rerender);
  const asked = new URLSearchParams(location.search).get("lang");
  chooseLang(asked || localStorage.getItem("home-lang") || browserLang(), rerender);
}

// a tile as its picture (the tile's pips in its name: "1-2"), large enough to read at the table
export const tileImg = (pips, size = 1) => el("img", { class: "tile", src: `/static/tile-${pips}.svg`, alt: t("tile", { pips }),
  "data-tile": pips, width: 30 * size, height: 60 * size });
export const faceDown = (n) => Array.from({ length: n }, () => el("span", { class: "tile back", "aria-label": t("face_down") }));

// the message of an error in the page's language (by its code: the home game's, else the Pai Gow
// library's that the home table shares, such as a bettor's name or an amount, else the service's)
export function errorNode(e) {
  const game = e.code in (ERRORS.home[L.lang] || {}) ? "home" : "paigow";
  const text = errorText(game, L.lang, e, { num, article: (a) => "(" + a + ")" });
  return [el("code", {}, e.code || "error"), " ", el("span", { class: "error-message" }, text)];
}

export { HOME_I18N };
