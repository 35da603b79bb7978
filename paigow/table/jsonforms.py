"""The one JSON shape of each value of the table (docs/dealer.md): events as a record logs them,
deals, results and ledgers as records and the service show them, and what each action returns
(:func:`action_result_json`). The table never imports this module; :mod:`paigow.table.records`
(the record formats) and :mod:`paigow.table.views` (what each viewer may see) build on it, and the
service only wraps what it gives.

A value has one shape wherever it is shown, with the exceptions the record format fixes (version
1, kept byte for byte): a record's event holds a setting, a hand and the stacks as text
(``"天 地 | 人 鹅"``), where the service's answers show a setting as an object
(:func:`setting_json`) and a hand as a list of tiles; an exposure in a deal's record has no
``count``.

>>> from paigow.table.settlement import Share
>>> share_json(Share("P0", 1000))
{'party': 'P0', 'stake': 1000}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from _tablegames.jsonio import json_type
from paigow.errors import InvalidRecordError
from paigow.houseway import rule_id
from paigow.setting import Outcome, Setting
from paigow.table.dealing import Cut, Deal, DiceRoll, Exposure, Stacks
from paigow.table.events import (
    BankTurn,
    BetPlaced,
    BetWithdrawn,
    CoBanked,
    Committed,
    CutMade,
    DealRecord,
    DeadlinePassed,
    DeadlineSet,
    Dealt,
    Declared,
    Exposed,
    HandSet,
    RoundEnded,
    RoundEvent,
    RoundPlayed,
    SessionEvent,
    Settled,
    Shaken,
    Shuffled,
    StakeSet,
    Turned,
    WaySet,
    BankMoved,
)
from paigow.table.positions import HOUSE, betting_order, check_position
from paigow.table.round import Round, RoundResult
from paigow.table.settlement import Bet, Claim, Ledger, LedgerLine, Options, Share

__all__ = [
    "share_json",
    "bet_json",
    "cut_json",
    "roll_json",
    "hands_json",
    "deal_json",
    "exposure_json",
    "setting_json",
    "way_json",
    "with_rule_id",
    "result_rule_ids",
    "event_json",
    "session_event_json",
    "deal_record_json",
    "positions_json",
    "result_json",
    "ledger_json",
    "ledger_from_json",
    "action_result_json",
]


# -- the small values ------------------------------------------------------------------------------
def share_json(s: Share) -> dict[str, Any]:
    """A share of the bank."""
    return {"party": s.party, "stake": s.stake}


def bet_json(b: Bet) -> dict[str, Any]:
    """A bet on a position."""
    return {"position": b.position, "bettor": b.bettor, "amount": b.amount}


def cut_json(c: Cut) -> dict[str, Any]:
    """A cut of whole stacks."""
    return {"position": c.position, "stacks": c.stacks}


def roll_json(x: DiceRoll) -> dict[str, Any]:
    """A shake of the dice: the dice, their total, and why it was void (None: valid)."""
    return {"dice": list(x.dice), "total": x.total, "void": x.void.value if x.void else None}


def hands_json(d: Deal) -> dict[str, list[str]]:
    """The hands of a deal by position (``"0"``-``"7"``), each a list of tiles."""
    return {str(p): [str(t) for t in h] for p, h in enumerate(d.hands) if h is not None}


def deal_json(d: Deal) -> dict[str, Any]:
    """A deal: the first position dealt and the hands."""
    return {"first": d.first, "hands": hands_json(d)}


def exposure_json(x: Exposure) -> dict[str, Any]:
    """A tile exposed while dealing, with how many so far and its effect (Art. 2.2-2.3)."""
    return {"position": x.position, "tile": str(x.tile) if x.tile else None, "count": x.count,
            "effect": x.effect.value}


def setting_json(s: Setting) -> dict[str, Any]:
    """A setting as the service shows it: its text and the names of its two hands."""
    return {"text": str(s), "front": s.front.name_zh, "back": s.back.name_zh,
            "front_en": s.front.name_en, "back_en": s.back.name_en}


def way_json(w: WaySet) -> dict[str, Any]:
    """How the house way set a hand: the rule that decided it, the way, why, who asked, and a
    fouled placement."""
    return {"rule": w.rule, "way": w.way, "why": w.why, "by": w.by,
            "placed": f"{w.placed[0]} | {w.placed[1]}" if w.placed is not None else None}


def with_rule_id(w: dict[str, Any]) -> dict[str, Any]:
    """A house way's setting as JSON (its ``rule`` in English and its ``way``) with the rule's id
    beside the text, ``rule_id`` (:func:`paigow.houseway.rule_id`; None for a way without ids by
    name): the service's answers, whose pages word the rule by its id. Records keep the text alone.

    >>> with_rule_id({"rule": "pair D: split 9s", "way": "foxwoods", "why": "house"})["rule_id"]
    '1D'
    """
    return {**w, "rule_id": rule_id(w["way"], w["rule"])}


def result_rule_ids(out: dict[str, Any]) -> dict[str, Any]:
    """A result's JSON (:func:`result_json`) with each house way's ``rule_id``, in place."""
    for p in out["positions"]:
        if "house_way" in p:
            p["house_way"] = with_rule_id(p["house_way"])
    return out


# -- events, deals and results ---------------------------------------------------------------------
def event_json(e: RoundEvent) -> dict[str, Any]:
    """A round's event as the JSON of a record (``{"event": "bet", "position": 1, ...}``).

    >>> event_json(BetPlaced(1, "ann", 100))
    {'event': 'bet', 'position': 1, 'bettor': 'ann', 'amount': 100}
    """
    out: dict[str, Any] = {"event": e.kind}
    if isinstance(e, StakeSet):
        out["amount"] = e.amount
    elif isinstance(e, CoBanked):
        if e.position is None:
            out["party"] = HOUSE
        else:
            out["position"] = e.position
        out["stake"] = e.stake
    elif isinstance(e, (BetPlaced, BetWithdrawn)):
        out.update(position=e.position, bettor=e.bettor, amount=e.amount)
    elif isinstance(e, Declared):
        out["method"] = e.method
    elif isinstance(e, Shuffled):
        out["stacks"] = str(e.stacks)
    elif isinstance(e, Committed):
        out.update(commitment=e.commitment, secret=e.secret.hex())
    elif isinstance(e, CutMade):
        out.update(position=e.cut.position, stacks=e.cut.stacks)
    elif isinstance(e, Shaken):
        out.update(dice=list(e.roll.dice), void=e.roll.void.value if e.roll.void is not None else None)
    elif isinstance(e, Dealt):
        out["hands"] = {str(p): " ".join(map(str, h)) for p, h in enumerate(e.deal.hands) if h is not None}
    elif isinstance(e, Exposed):
        out.update(position=e.position, tile=str(e.tile) if e.tile is not None else None)
    elif isinstance(e, HandSet):
        out.update(position=e.position, setting=str(e.setting), by=e.by, strategy=e.strategy)
    elif isinstance(e, WaySet):
        out.update(position=e.position, why=e.why, by=e.by,
                   placed=f"{e.placed[0]} | {e.placed[1]}" if e.placed is not None else None,
                   setting=str(e.setting), rule=e.rule, way=e.way)
    elif isinstance(e, (DeadlineSet, DeadlinePassed)):
        out["at"] = e.at
    else:
        assert isinstance(e, (Turned, Settled)), e
    return out


def session_event_json(e: SessionEvent) -> dict[str, Any]:
    """A session's event as the JSON of a record; a round carries its own events."""
    if isinstance(e, RoundPlayed):
        return {"event": e.kind, "stake": e.stake, "others_agree": e.others_agree,
                "events": [event_json(x) for x in e.events]}
    assert isinstance(e, (RoundEnded, BankMoved)), e
    return {"event": e.kind}


def deal_record_json(d: DealRecord) -> dict[str, Any]:
    """A deal of a round as JSON: stacks, cuts, every shake, the first position, the hands and
    the exposed tiles."""
    return {
        "stacks": str(d.stacks) if d.stacks is not None else None,
        "cuts": [cut_json(c) for c in d.cuts],
        "shakes": [roll_json(x) for x in d.shakes],
        "first": d.deal.first if d.deal is not None else None,
        "hands": hands_json(d.deal) if d.deal is not None else None,
        "exposures": [{"position": e.position, "tile": str(e.tile) if e.tile else None,
                       "effect": e.effect.value} for e in d.exposures],
        "void": d.void,
    }


def _outcome_json(o: Outcome | None) -> str | None:
    return {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose", None: None}[o]


def positions_json(res: RoundResult) -> list[dict[str, Any]]:
    """Each position of a settled round (the banker, then every position with bets or known
    tiles, in betting order) with its tiles, setting, holder, bets and outcome."""
    positions: list[dict[str, Any]] = []
    plays = {p.position: p for p in res.plays}
    for pos in (res.banker,) + betting_order(res.banker):
        hand = res.deal.hands[pos]
        s = res.settings[pos]
        play = plays.get(pos)
        if hand is None and play is None:
            continue
        positions.append({
            "position": pos,
            "role": "banker" if pos == res.banker else "player",
            "tiles": [str(t) for t in hand] if hand is not None else None,
            "setting": str(s) if s is not None else None,
            "front": s.front.name_zh if s is not None else None,
            "back": s.back.name_zh if s is not None else None,
            "strategy": res.strategies[pos],
            "holder": play.holder if play is not None and play.outcome is not None else None,
            "bets": [{"bettor": b, "amount": a} for b, a in play.stakes] if play is not None else [],
            "stood_off": [{"bettor": b.bettor, "amount": b.amount} for b in play.sat_out] if play else [],
            "outcome": _outcome_json(res.outcomes[pos]),
            "other_outcomes": [_outcome_json(o) for o in play.other_outcomes] if play is not None else [],
            "sat_out": play is not None and play.outcome is None,
        })
        way = res.ways[pos]
        if way is not None:   # only where the house way set the hand: records made before read the same
            positions[-1]["house_way"] = {"rule": way.rule, "why": way.why, "way": way.way}
    return positions


def result_json(res: RoundResult) -> dict[str, Any]:
    """A settled round as JSON, the ``result`` of a round record: ``positions``
    (:func:`positions_json`) and the ``ledger`` (:func:`ledger_json`)."""
    return {"positions": positions_json(res), "ledger": ledger_json(res.ledger)}


def _line_json(line: LedgerLine) -> dict[str, Any]:
    return {"step": line.step, "kind": line.kind.value, "position": line.position,
            "payer": line.payer, "payee": line.payee, "amount": line.amount}


def _claim_json(c: Claim) -> dict[str, Any]:
    return {"position": c.position, "setter": c.setter, "bettor": c.bettor,
            "amount": c.amount, "got": c.got, "would_have": c.would_have}


def ledger_json(ledger: Ledger) -> dict[str, Any]:
    """A ledger as JSON (the ``ledger`` of a record's result, docs/dealer.md): its lines and
    claims, with the totals they come to."""
    return {
        "banker": ledger.banker,
        "bank": ledger.bank,
        "shares": [share_json(s) for s in ledger.shares],
        "options": ledger.options.to_json(),
        "lines": [_line_json(line) for line in ledger.lines],
        "changes": ledger.changes,
        "commission": ledger.commission,
        "bank_result": ledger.bank_result,
        "bank_commission": ledger.bank_commission,
        "stood_off": ledger.stood_off,
        "claims": [_claim_json(c) for c in ledger.claims],
        "changes_after_claims": ledger.changes_after_claims,
    }


_DERIVED = ("bank", "changes", "commission", "bank_result", "bank_commission", "stood_off", "changes_after_claims")


def _ledger_obj(x: object, keys: tuple[str, ...], where: str, optional: tuple[str, ...] = ()) -> Mapping[str, Any]:
    if not isinstance(x, Mapping):
        raise InvalidRecordError(f"{where} is an object, not {json_type(x, shown=True)}", code="ledger.json")
    missing = [k for k in keys if k not in x]
    if missing:
        raise InvalidRecordError(f"{where} needs the key {missing[0]!r}", code="ledger.json")
    extra = sorted(set(x) - set(keys) - set(optional))
    if extra:
        raise InvalidRecordError(f"unknown key {extra[0]!r} in {where}", code="ledger.json")
    return x


def _ledger_val(x: object, kind: type, where: str) -> Any:
    if not isinstance(x, kind) or isinstance(x, bool):
        want = {int: "an integer", str: "a string", list: "an array"}[kind]
        raise InvalidRecordError(f"{where} is {want}, not {json_type(x, shown=True)}", code="ledger.json")
    return x


def ledger_from_json(data: object) -> Ledger:
    """Read :func:`ledger_json`'s form back (the totals, when given, must be what the lines
    come to).

    >>> from paigow.setting import Outcome
    >>> from paigow.table.settlement import Bet, Play, settle
    >>> ledger = settle(0, [Share("P0", 300)], [Play(1, Outcome.WIN, (Bet(1, "ann", 500),))])
    >>> ledger_from_json(ledger_json(ledger)) == ledger
    True
    """
    obj, val = _ledger_obj, _ledger_val
    d = obj(data, ("banker", "shares", "options", "lines"), "a ledger", ("claims",) + _DERIVED)
    try:
        ledger = Ledger(
            check_position(val(d["banker"], int, "the ledger's banker"), "banker", InvalidRecordError),
            tuple(Share(val(x["party"], str, "a share's party"), val(x["stake"], int, "a share's stake"))
                  for x in (obj(x, ("party", "stake"), "a share") for x in val(d["shares"], list, "shares"))),
            Options.from_json(d["options"]),
            tuple(LedgerLine(val(x["step"], int, "a line's step"), val(x["kind"], str, "a line's kind"),
                             None if x["position"] is None else val(x["position"], int, "a line's position"),
                             val(x["payer"], str, "a line's payer"), val(x["payee"], str, "a line's payee"),
                             val(x["amount"], int, "a line's amount"))
                  for x in (obj(x, ("step", "kind", "position", "payer", "payee", "amount"), "a ledger line")
                            for x in val(d["lines"], list, "lines"))),
            tuple(Claim(check_position(val(c["position"], int, "a claim's position")),
                        val(c["setter"], str, "a claim's setter"), val(c["bettor"], str, "a claim's bettor"),
                        val(c["amount"], int, "a claim's amount"), val(c["got"], int, "a claim's got"),
                        val(c["would_have"], int, "a claim's would_have"))
                  for c in (obj(c, ("position", "setter", "bettor", "amount", "got", "would_have"), "a claim")
                            for c in val(d.get("claims", []), list, "claims"))),
        )
    except TypeError as e:   # a wrong type inside a value: the JSON is not a ledger
        raise InvalidRecordError(f"not a ledger: {e}", code="ledger.json") from None
    mine = ledger_json(ledger)
    for key in _DERIVED:   # the derived fields, when given, must be what the lines say
        if key in d and d[key] != mine[key]:
            raise InvalidRecordError(f"the ledger's {key!r} is not what its lines add up to", code="ledger.derived")
    return ledger


# -- what an action returns ------------------------------------------------------------------------
def action_result_json(x: object) -> Any:
    """The JSON form of what an action of :mod:`paigow.table.actions` returns."""
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, Share):
        return share_json(x)
    if isinstance(x, Bet):
        return bet_json(x)
    if isinstance(x, Cut):
        return cut_json(x)
    if isinstance(x, DiceRoll):
        return roll_json(x)
    if isinstance(x, Deal):
        return deal_json(x)
    if isinstance(x, Exposure):
        return exposure_json(x)
    if isinstance(x, Setting):
        return setting_json(x)
    if isinstance(x, WaySet):
        return {"position": x.position, "setting": setting_json(x.setting), **with_rule_id(way_json(x))}
    if isinstance(x, RoundResult):
        return result_rule_ids(result_json(x))
    if isinstance(x, BankTurn):
        return {"event": x.event.value, "position": x.position, "to": x.to, "text": str(x)}
    if isinstance(x, Round):
        return {"phase": x.phase.value, "banker": x.banker, "stake": x.shares[0].stake if x.shares else None}
    if isinstance(x, Stacks):
        return str(x)
    if isinstance(x, tuple):
        return [action_result_json(v) for v in x]
    return str(x)  # pragma: no cover - every action's result is listed above
