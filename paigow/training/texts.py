"""The trainee's words in the four languages of the pages (zh-Hant, zh-Hans, pt, en): prompts,
answers, verdicts, and each house-way rule explained.

A house way records the rule that decided a hand as its own label (``"pair C: split 2s/12s"``:
the words of the way's source). :func:`explain_rule` says what the rule means in the trainee's
language, by the rule's family (pairs kept or split, Wong/Gong/High Nine, the pictured hands, the
other hands), and quotes the label; a way loaded from a file, whose labels are the casino's own,
is quoted alone. This is the one place to read rule texts by id when the ways carry them.

>>> say("correct", "zh-Hant"), say("correct", "pt")
('正確', 'Certo')
>>> explain_rule("pair C: split 2s/12s", "zh-Hans")
'对子规则：拆开这对牌，两手各取一张（「pair C: split 2s/12s」）'
"""

from __future__ import annotations

from paigow.errors import InvalidOptionError
from paigow.names import LANGS

__all__ = ["LANGS", "check_lang", "say", "explain_rule", "rule_family"]


def check_lang(lang: object) -> str:
    """``lang`` if it is one of :data:`LANGS`, else InvalidOptionError (code ``training.lang``)."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise InvalidOptionError(f"no training in language {str(lang)[:20]!r}: the languages are {', '.join(LANGS)}",
                                 code="training.lang")
    return lang


# key -> (zh-Hant, zh-Hans, pt, en); ``{x}`` fields are filled by say(key, lang, x=...)
_WORDS: dict[str, tuple[str, str, str, str]] = {
    "correct": ("正確", "正确", "Certo", "Correct"),
    "wrong": ("錯誤：答案是 {expected}", "错误：答案是 {expected}", "Errado: a resposta é {expected}",
              "Wrong: the answer is {expected}"),
    "tile-name": ("這張牌叫甚麼？", "这张牌叫什么？", "Como se chama esta peça?", "What is this tile called?"),
    "tile-pips": ("「{name}」是哪一張牌？", "「{name}」是哪一张牌？", "Qual é a peça {name}?", "Which tile is {name}?"),
    "hand-name": ("這手牌叫甚麼？", "这手牌叫什么？", "Como se chama esta mão?", "What is this hand called?"),
    "rank": ("哪一手牌大？（{rules}）", "哪一手牌大？（{rules}）", "Que mão é mais alta? ({rules})",
             "Which hand ranks higher? ({rules})"),
    "first": ("第一手", "第一手", "a primeira", "the first"),
    "second": ("第二手", "第二手", "a segunda", "the second"),
    "equal": ("一樣大", "一样大", "iguais", "equal"),
    "compare": ("閒家對莊家（{rules}）：誰贏？", "闲家对庄家（{rules}）：谁赢？",
                "Jogador contra banca ({rules}): quem ganha?", "Player against banker ({rules}): who wins?"),
    "player": ("閒家贏", "闲家赢", "ganha o jogador", "the player wins"),
    "banker": ("莊家贏", "庄家赢", "ganha a banca", "the banker wins"),
    "push": ("和", "和", "empate", "a push"),
    "houseway": ("按 {way} 莊家規則擺這手牌", "按 {way} 庄家规则摆这手牌", "Arme esta mão pela regra da casa {way}",
                 "Set this hand by the {way} house way"),
    "best": ("以{seat}身份把這手牌擺到最好（對均衡策略，{rules}）", "以{seat}身份把这手牌摆到最好（对均衡策略，{rules}）",
             "Arme esta mão o melhor possível como {seat} (contra o equilíbrio, {rules})",
             "Set this hand best as the {seat} (against the equilibrium, {rules})"),
    "seat-player": ("閒家", "闲家", "jogador", "player"),
    "seat-banker": ("莊家", "庄家", "banca", "banker"),
    "payout": ("結算這一局：每注莊家付出（＋）或收取（－）多少，佣金共多少？",
               "结算这一局：每注庄家付出（＋）或收取（－）多少，佣金共多少？",
               "Liquide a jogada: quanto a banca paga (+) ou recebe (−) em cada aposta, e a comissão total?",
               "Settle the round: what the bank pays (+) or collects (−) on each bet, and the whole commission?"),
    "pcc": ("魚蝦蟹：開 {roll}，每張注單贏多少？", "鱼虾蟹：开 {roll}，每张注单赢多少？",
            "Peixe-Camarão-Caranguejo: saiu {roll}; quanto ganha cada aposta?",
            "Fish-Prawn-Crab: the roll is {roll}; what does each ticket win?"),
    "rule": ("規則：{text}", "规则：{text}", "Regra: {text}", "Rule: {text}"),
    "cost": ("這樣擺每注平均少 {cost}", "这样摆每注平均少 {cost}", "Esta escolha custa {cost} por aposta",
             "This setting costs {cost} per unit bet"),
    "copy": ("同點同牌（一樣大）歸莊家", "同点同牌（一样大）归庄家", "mãos iguais (cópia) ganha a banca",
             "equal hands (a copy) go to the banker"),
    "zero": ("零點對零點歸莊家", "零点对零点归庄家", "zero contra zero ganha a banca", "zero against zero goes to the banker"),
    "ranks": ("較大的一手贏", "较大的一手赢", "a mão mais alta ganha", "the higher hand wins"),
    "front": ("前手", "前手", "mão baixa", "low hand"),
    "back": ("後手", "后手", "mão alta", "high hand"),
    "two-wins": ("兩手都贏才算贏，兩手都輸才算輸，否則和", "两手都赢才算赢，两手都输才算输，否则和",
                 "ganha quem ganha as duas mãos; uma para cada é empate",
                 "winning both hands wins, losing both loses, one each is a push"),
    "practice": ("多練這條規則的牌：{hands}", "多练这条规则的牌：{hands}", "Pratique as mãos desta regra: {hands}",
                 "Practise the hands of this rule: {hands}"),
    "paid": ("付", "付", "paga", "pays"),
    "commission": ("佣金", "佣金", "comissão", "commission"),
}
_AT = {lang: i for i, lang in enumerate(LANGS)}
assert LANGS == ("zh-Hant", "zh-Hans", "pt", "en")


def say(key: str, lang: str, **fields: object) -> str:
    """The text ``key`` in ``lang`` with ``fields`` filled in."""
    return _WORDS[key][_AT[check_lang(lang)]].format(**fields)


# a rule's family, by the start of its label (the shipped ways' labels), and its meaning
_FAMILIES: tuple[tuple[str, str, tuple[str, str, str, str]], ...] = (
    ("rule 0", "best-both", ("有一種擺法前後兩手都不比其他擺法小，就這樣擺", "有一种摆法前后两手都不比其他摆法小，就这样摆",
                             "um arranjo tem as duas mãos pelo menos tão altas como qualquer outro: esse",
                             "one setting is at least as high as every other in both hands: that one")),
    ("two pairs", "two-pairs", ("兩對：前後手各放一對", "两对：前后手各放一对", "dois pares: um par em cada mão",
                                "two pairs: one pair in each hand")),
    ("pairs: keep", "pair-keep", ("對子：不拆對，對子放後手，其餘兩張放前手", "对子：不拆对，对子放后手，其余两张放前手",
                                  "par: não se separa; o par na mão alta", "a pair: keep it together, in the high hand")),
    ("rule 2: keep", "pair-keep", ("對子：拆開兩手都較小，所以不拆", "对子：拆开两手都较小，所以不拆",
                                   "par: separá-lo baixaria as duas mãos; não se separa",
                                   "a pair: splitting it lowers both hands, so it is kept")),
    ("pair A: never", "pair-never", ("對子規則：這種對子永不拆", "对子规则：这种对子永不拆",
                                     "regra dos pares: este par nunca se separa", "a pair rule: this pair is never split")),
    ("pair", "pair-rule", ("對子規則：拆開這對牌，兩手各取一張", "对子规则：拆开这对牌，两手各取一张",
                           "regra dos pares: separar este par, uma peça em cada mão",
                           "a pair rule: split this pair, one tile in each hand")),
    ("WGH", "wgh", ("天九王、天槓、天高九規則：後手做王／槓／高九，依規則選擇", "天九王、天杠、天高九规则：后手做王／杠／高九，依规则选择",
                    "regra de Wong, Gong e High Nine: a mão alta faz Wong, Gong ou High Nine, como a regra manda",
                    "the Wong, Gong and High Nine rule: the high hand makes a Wong, Gong or High Nine as the rule says")),
    ("picture", "picture", ("特定牌型：照莊家規則的圖擺", "特定牌型：照庄家规则的图摆",
                            "mão especial: arma-se como mostra a regra da casa",
                            "a pictured hand: set as the house way's picture shows")),
    ("exception", "picture", ("特例：照莊家規則列明的擺法", "特例：照庄家规则列明的摆法",
                              "exceção: arma-se como a regra da casa indica", "an exception: set as the house way lists it")),
    ("other hands", "other", ("其他牌：按點數規則擺（前手盡量大，或後手盡量大）", "其他牌：按点数规则摆（前手尽量大，或后手尽量大）",
                              "outras mãos: pelos pontos (a mão baixa ou a alta o mais alta possível)",
                              "other hands: by points (the highest low hand, or the highest high hand, as the rule says)")),
)
_PLAIN = ("莊家規則", "庄家规则", "regra da casa", "the house way's rule")


def rule_family(label: str) -> str:
    """A short stable name of the rule's family (``"pair-rule"``, ``"wgh"`` ...), ``"way"`` for a
    label no family starts (a loaded way's own words)."""
    for start, family, _ in _FAMILIES:
        if label.startswith(start):
            return family
    return "way"


def explain_rule(label: str, lang: str) -> str:
    """What the rule of ``label`` means, in ``lang``, with the label quoted."""
    at = _AT[check_lang(lang)]
    for start, _, texts in _FAMILIES:
        if label.startswith(start):
            return f"{texts[at]}（「{label}」）" if at < 2 else f"{texts[at]} (“{label}”)"
    return f"{_PLAIN[at]}：「{label}」" if at < 2 else f"{_PLAIN[at]}: “{label}”"
