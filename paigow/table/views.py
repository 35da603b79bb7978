"""What each viewer of a round may see (docs/rules.md §1.6-1.8), one function per view, as JSON:

- :func:`operator_view`: everything, the order of the stacks included (the operator's audit);
- :func:`dealer_view`: every tile dealt, but the order of the stacks only once the round is
  settled (face down until the round is over, for everyone, §1.6);
- :func:`public_view`: what anyone at the table may see: a hand once the banker turns it (the
  banker's, when set, Art. 8.2) or the dealer turns it at settlement (the players', Art. 8.3), an
  exposed tile once exposed; never the stacks nor the tiles of positions nobody played;
- :func:`seat_view`: what the player of one position sees on their own device (a seat, issue 38):
  the public view and that position's own tiles once dealt, its own setting and the rule that set
  it; never another position's tile face down, never the stacks before the settlement (a
  settled live round's reveal is everyone's, as in the public view).

The three have one shape (the service's round, ``GET /v1/tables/{id}``): a value the viewer may
not see is ``None`` or left out of its map. The table never imports this module.

A live table's round (or one whose shuffle committed) carries, for every viewer, ``commitment``:
the commitment to the current deal's stacks (:mod:`paigow.table.fairness`; None before the
shuffle, or when the dealer enters the tiles dealt), and ``reveal``: None until the round is
settled, then the stacks and the secret of the deal played (``void_deals``: those of deals made
void), which anyone can check against the commitment. A simulation's round has neither key.

>>> from paigow.table.round import Round
>>> r = Round(0, seed=3)
>>> _ = r.set_stake(1000), r.bet(1, 100), r.shuffle()
>>> operator_view(r)["deal"]["stacks"] is not None, dealer_view(r)["deal"]["stacks"], public_view(r)["deal"]["stacks"]
(True, None, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from paigow.table.jsonforms import (
    bet_json,
    deal_record_json,
    result_json,
    result_rule_ids,
    setting_json,
    share_json,
    way_json,
    with_rule_id,
)
from paigow.table.dealing import Stacks
from paigow.table.events import Committed
from paigow.table.round import Phase, Round, RoundResult

__all__ = ["Viewer", "VIEWERS", "round_view", "operator_view", "dealer_view", "public_view", "public_result",
           "seat_view", "seat_views", "shown_positions", "fairness_json"]

Viewer = Literal["public", "dealer", "operator"]
VIEWERS: tuple[Viewer, ...] = ("public", "dealer", "operator")


def shown_positions(r: Round) -> set[int]:
    """The positions whose tiles are face up: the banker's once set (Art. 8.2), and every
    position that played once the dealer turns them to settle (Art. 8.3)."""
    shown: set[int] = set()
    st = r.state
    if st.settings[r.banker] is not None:
        shown.add(r.banker)
    if r.result is not None:
        shown |= {p.position for p in r.result.plays if p.outcome is not None}
    return shown


def public_result(res: RoundResult) -> dict[str, Any]:
    """A settled round's result as the table shows it: the banker's hand and every position that
    played, turned; the tiles of positions nobody played, or that sat out, stay face down."""
    out = result_json(res)
    shown = []
    for p in out["positions"]:
        if p["role"] == "banker" or (p["outcome"] is not None and not p["sat_out"]):
            shown.append(p)
        elif p["bets"] or p["stood_off"]:  # a position that sat out: its bets, not its tiles
            shown.append({**p, "tiles": None, "setting": None, "front": None, "back": None})
    out["positions"] = shown
    return out


def round_view(r: Round, viewer: Viewer) -> dict[str, Any]:
    """The round as ``viewer`` may see it (:data:`VIEWERS`)."""
    if viewer not in VIEWERS:
        raise TypeError(f"unknown viewer {viewer!r}: the viewers are {list(VIEWERS)}")  # a caller's slip
    st = r.state
    deal = deal_record_json(r.deal_record)
    if viewer != "operator" and r.phase is not Phase.SETTLED:
        deal["stacks"] = None  # face down until the round is over, for everyone (§1.6)
    settings = [setting_json(x) if x is not None else None for x in st.settings]
    ways = [with_rule_id(way_json(w)) if w is not None else None for w in st.ways]
    result = result_json(r.result) if r.result is not None else None
    if viewer == "public":
        deal["stacks"] = None  # the stacks hold the tiles of positions nobody turns
        shown = shown_positions(r)
        if deal["hands"] is not None:
            deal["hands"] = {k: v for k, v in deal["hands"].items() if int(k) in shown}
        settings = [x if p in shown else None for p, x in enumerate(settings)]
        ways = [x if p in shown else None for p, x in enumerate(ways)]   # the rule of a hand face up only
        result = public_result(r.result) if r.result is not None else None
    if result is not None:
        result_rule_ids(result)
    return {
        "phase": r.phase.value,
        "banker": r.banker,
        "banker_party": r.banker_party,
        "house_banks": r.house_banks,
        "way_sets_banker": r.way_sets_banker,
        "min_stake": st.min_stake,
        "shares": [share_json(x) for x in r.shares],
        "bank": r.bank,
        "bets": [bet_json(b) for b in r.bets],
        "frozen": r.frozen,
        "first_position": r.first_position,
        "playing": list(r.playing),
        "sat_out": list(r.sat_out),
        "unheld": list(r.unheld),
        "holders": {str(p): r.holder(p) for p in r.playing},
        "deal": deal,
        "void_deals": len(st.void_deals),
        "set": [p for p, x in enumerate(st.settings) if x is not None],
        "settings": settings,
        "ways": ways,
        "result": result,
        **fairness_json(r),
        **declaration_json(r),
        **deadline_json(r),
    }


def deadline_json(r: Round) -> dict[str, Any]:
    """The round's deadline for the settings (issue 38; said aloud, so every viewer's) once one is
    set: ``deadline`` (seconds since the epoch) and whether it has been applied (``{}`` without
    one, as answers were before the key)."""
    st = r.state
    if st.deadline is None:
        return {}
    return {"deadline": st.deadline, "deadline_applied": any(e.kind == "deadline_passed" for e in st.log)}


def declaration_json(r: Round) -> dict[str, Any]:
    """The dealing method the banker declared (Art. 4.4; said aloud, so every viewer's) where a
    round's shake waits for it, a live table's (``{}`` otherwise, as answers were before the key)."""
    st = r.state
    return {"declared": st.declared} if st.declare_first else {}


def _reveal(c: Committed, stacks: Stacks | None) -> dict[str, Any]:
    return {"commitment": c.commitment, "stacks": str(stacks), "secret": c.secret.hex()}


def fairness_json(r: Round) -> dict[str, Any]:
    """A round's commitment and, once settled, its reveal (``{}`` for a simulation that
    committed to nothing): the same for every viewer. Nothing of the stacks nor of the secret
    before the settlement."""
    st = r.state
    deals = (*st.void_deals, st.current)
    if not st.live and all(d.commitment is None for d in deals):
        return {}
    cur = st.current.commitment
    reveal = None
    if r.phase is Phase.SETTLED and cur is not None:
        reveal = {**_reveal(cur, st.current.stacks),
                  "void_deals": [_reveal(d.commitment, d.stacks) for d in st.void_deals if d.commitment is not None]}
    return {"commitment": cur.commitment if cur is not None else None, "reveal": reveal}


def operator_view(r: Round) -> dict[str, Any]:
    """Everything about the round, the order of the stacks included."""
    return round_view(r, "operator")


def dealer_view(r: Round) -> dict[str, Any]:
    """What the dealer sees: every tile dealt; the stacks once the round is settled."""
    return round_view(r, "dealer")


def public_view(r: Round) -> dict[str, Any]:
    """What anyone may see: no tile face down, no stack order."""
    return round_view(r, "public")


def seat_view(r: Round, position: int) -> dict[str, Any]:
    """What the seat of ``position`` sees: :func:`public_view` plus that position's own tiles
    once dealt (``deal.hands``), its own setting and way, and its own line of the result even
    when it sat out; ``seat`` names the position. Nothing of another position face down, no
    stack order before the settlement.

    >>> from paigow.table.round import Round
    >>> r = Round(0, seed=3)
    >>> _ = r.set_stake(1000), r.bet(1, 100), r.bet(2, 100), r.shuffle(), r.cut(3, 2), r.shake(), r.deal()
    >>> sorted(seat_view(r, 1)["deal"]["hands"]), public_view(r)["deal"]["hands"], seat_view(r, 1)["seat"]
    (['1'], {}, 1)
    """
    return seat_views(r, (position,))[position]


def seat_views(r: Round, positions: Iterable[int], public: dict[str, Any] | None = None) -> dict[int, dict[str, Any]]:
    """:func:`seat_view` of each of ``positions``, all made from one public view (``public``: the
    round's :func:`public_view`, when the caller has it; it is not changed, and the seats' views
    share its unchanged parts): what a table's streams send after each action, once per seat.

    >>> from paigow.table.round import Round
    >>> r = Round(0, seed=3)
    >>> _ = r.set_stake(1000), r.bet(1, 100), r.bet(2, 100), r.shuffle(), r.cut(3, 2), r.shake(), r.deal()
    >>> views = seat_views(r, range(8))
    >>> all(views[p] == seat_view(r, p) for p in range(8)), sorted(views[2]["deal"]["hands"])
    (True, ['2'])
    """
    positions = tuple(positions)
    for position in positions:
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position < 8:
            raise TypeError(f"a seat is a position 0 to 7, not {position!r}")  # a caller's slip
    pub = round_view(r, "public") if public is None else public
    full = result_json(r.result)["positions"] if r.result is not None else None
    return {p: _seat(r, pub, p, full) for p in positions}


def _seat(r: Round, pub: dict[str, Any], position: int, full: list[dict[str, Any]] | None) -> dict[str, Any]:
    """The seat's view: ``pub`` (not changed) with the position's own tiles, setting, way and
    result line (``full``: the result's every line, face down or not)."""
    out = {**pub, "seat": position}
    st = r.state
    d = r.deal_record.deal
    hand = d.hands[position] if d is not None else None
    if hand is not None and pub["deal"]["hands"] is not None:
        hands = {**pub["deal"]["hands"], str(position): [str(t) for t in hand]}
        out["deal"] = {**pub["deal"], "hands": {k: hands[k] for k in sorted(hands, key=int)}}
    own = st.settings[position]
    out["settings"] = [*pub["settings"]]
    out["settings"][position] = setting_json(own) if own is not None else None
    way = st.ways[position]
    out["ways"] = [*pub["ways"]]
    out["ways"][position] = way_json(way) if way is not None else None
    if full is not None:
        lines = {p["position"]: p for p in full}
        if position in lines:
            shown = [p for p in pub["result"]["positions"] if p["position"] != position]
            order = [p["position"] for p in full]
            shown.append(lines[position])
            out["result"] = {**pub["result"], "positions": sorted(shown, key=lambda p: order.index(p["position"]))}
    return out
