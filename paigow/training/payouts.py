"""The croupier's drills: settling a Pai Gow round (bets, backline bets, the bank's cap,
commission rounded as the rule set says) and paying a Fish-Prawn-Crab slip.

The expected answers are the table's own settlement, :func:`paigow.table.settlement.settle` and
:func:`pcc.settlement.settle`, called on the exercise's round: the drill holds no payout rule of
its own.

>>> d = PayoutDrill("macau")
>>> ex = d.draw(5)
>>> sorted(ex.fields)[-1], d.check(ex, ex.expected).correct
('commission', True)
>>> PccDrill().check(PccDrill().draw(5), PccDrill().draw(5).expected).correct
True
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from paigow.rules import RuleSet, clean_rules
from paigow.setting import Outcome
from paigow.table import settlement as _settlement
from paigow.table.positions import betting_order
from paigow.training.core import Drill, Exercise
from paigow.training.texts import say

__all__ = ["PayoutDrill", "PccDrill", "plays_of", "payments_of"]

_BETTORS = ("ann", "bob", "chen", "dora", "eli", "fai", "gil")
_OUTCOMES = {"win": Outcome.WIN, "lose": Outcome.LOSE, "push": Outcome.PUSH}


def _round(rng: random.Random, g: RuleSet) -> dict[str, Any]:
    """A round as JSON: the banker, the bank's shares, 1-4 positions with 1-3 bets each and
    their outcomes, the rule set's commission and rounding."""
    banker = rng.randrange(8)
    bank = rng.randrange(10, 200) * 10
    if g.bank == "house":
        shares = [["house", bank]]
    elif rng.random() < 0.3:  # the house co-banks
        shares = [[f"P{banker}", bank // 2], ["house", bank - bank // 2]]
    else:
        shares = [[f"P{banker}", bank]]
    order = list(betting_order(banker))
    positions = []
    for pos in sorted(rng.sample(order, rng.randint(1, 4)), key=order.index):
        bets = []
        for _ in range(rng.choice((1, 1, 2, 3))):  # two or three: backline bets
            amount = rng.choice((rng.randrange(1, 60) * 10, rng.randrange(5, 400)))
            bets.append([rng.choice(_BETTORS), amount])
        outcome = rng.choices(("win", "lose", "push"), (45, 45, 10))[0]
        positions.append({"position": pos, "outcome": outcome, "bets": bets})
    return {"rules": g.name, "banker": banker, "shares": shares, "positions": positions,
            "commission": str(g.commission), "rounding": g.rounding.value}


def plays_of(shown: dict[str, Any]) -> tuple[list[_settlement.Share], list[_settlement.Play], _settlement.Options]:
    """The round of an exercise as the table's values: the shares, the plays, the options."""
    shares = [_settlement.Share(p, s) for p, s in shown["shares"]]
    plays = [_settlement.Play(p["position"], _OUTCOMES[p["outcome"]],
                              tuple(_settlement.Bet(p["position"], b, a) for b, a in p["bets"]))
             for p in shown["positions"]]
    return shares, plays, _settlement.Options(shown["commission"], shown["rounding"])


def payments_of(ledger: _settlement.Ledger, shown: dict[str, Any]) -> dict[str, int]:
    """What the croupier enters for a settled round: per position and bettor (``"3:ann"``), what
    the bank pays (+) or collects (-) before commission, then the round's whole commission."""
    out: dict[str, int] = {}
    for p in shown["positions"]:
        for bettor, _ in p["bets"]:
            out[f"{p['position']}:{bettor}"] = 0
    for line in ledger.lines:
        if line.kind is _settlement.LineKind.WIN:
            out[f"{line.position}:{line.payee}"] += line.amount
        elif line.kind is _settlement.LineKind.LOSS:
            out[f"{line.position}:{line.payer}"] -= line.amount
    out["commission"] = ledger.commission
    return out


def _tag(ledger: _settlement.Ledger, shown: dict[str, Any]) -> str:
    kinds = {line.kind for line in ledger.lines}
    if _settlement.LineKind.STAND_OFF in kinds:
        return "cap"
    if any(len({b for b, _ in p["bets"]}) > 1 for p in shown["positions"]):
        return "backline"
    return "commission"


@dataclasses.dataclass(frozen=True)
class PayoutDrill(Drill):
    """A round to settle under ``rules``: the trainee enters each payment and the commission;
    the expected entries are :func:`paigow.table.settlement.settle`'s ledger."""

    rules: str = "macau"
    name: str = "payout"

    def __post_init__(self) -> None:
        object.__setattr__(self, "rules", clean_rules(self.rules).name)

    @property
    def key(self) -> str:
        return f"payout:{self.rules}"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        shown = _round(rng, clean_rules(self.rules))
        ledger = self.ledger(shown)
        expected = payments_of(ledger, shown)
        return Exercise(self.key, seed, lang, say("payout", lang), shown, (), tuple(expected), expected,
                        _tag(ledger, shown))

    @staticmethod
    def ledger(shown: dict[str, Any]) -> _settlement.Ledger:
        """The table's settlement of an exercise's round."""
        shares, plays, options = plays_of(shown)
        return _settlement.settle(shown["banker"], shares, plays, options)

    def _explain(self, ex: Exercise) -> str:
        return "; ".join(str(line) for line in self.ledger(dict(ex.shown)).lines)


@dataclasses.dataclass(frozen=True)
class PccDrill(Drill):
    """A Fish-Prawn-Crab slip of one to four bets and a roll: the trainee enters what each ticket
    wins (0 for a lost bet); the expected entries are :func:`pcc.settlement.settle`'s."""

    name: str = "pcc"

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:
        import pcc

        spots = [str(s) for s in rng.sample(pcc.ALL_SPOTS, rng.randint(1, 4))]
        slip = [f"{s}={rng.choice((rng.randrange(1, 20) * 10, rng.randrange(1, 100)))}" for s in spots]
        roll = pcc.roll(rng=rng)
        s = pcc.settle(slip, roll)
        expected = {str(line.ticket): line.paid for line in s.lines}
        kinds = sorted({line.bet.spot.kind.value for line in s.lines})
        shown = {"slip": slip, "roll": str(roll), "dice": [f.en for f in roll.dice]}
        return Exercise(self.key, seed, lang, say("pcc", lang, roll=_roll_name(roll, lang)), shown, (),
                        tuple(expected), expected, "+".join(kinds))

    def _explain(self, ex: Exercise) -> str:
        import pcc

        s = pcc.settle(ex.shown["slip"], ex.shown["roll"])
        return "; ".join(f"{line.ticket}. {line.bet}: {line.odds}:1 → {line.paid}" for line in s.lines)


def _roll_name(roll: Any, lang: str) -> str:
    names = {"zh-Hant": lambda f: f.zh_hant, "zh-Hans": lambda f: f.zh, "pt": lambda f: f.pt, "en": lambda f: f.en}
    return "-".join(names[lang](f) for f in roll.dice)
