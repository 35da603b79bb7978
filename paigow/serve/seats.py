"""What a seat may do (issue 38): a player at the table on their own device, with the seat token
the dealer gave the position (``POST /v1/tables/{id}/seats/{position}``).

A seat sends the dealer's action JSON (:mod:`paigow.table.actions`); :func:`seat_action` turns it
into the action the table takes on the seat's behalf, or refuses it with ``seat.forbidden``
(403, nothing changed). A seat may:

- ``bet`` and ``withdraw``: a bet of its own player's (``bettor`` is the position's player), on
  its own position or, as a backline bet, on another, and taking it back (all or part) before
  the shake; within the table's limits, which the engine checks as for the dealer. At a table
  opened with ``"seat_bets": "accept"`` (the default) a seat's bet is **accepted at once** (the
  table's own rules refuse what they refuse): the dealer sees it on the table's state as any
  bet. At a table opened with ``"seat_bets": "confirm"`` it becomes a **request** the dealer
  confirms or refuses (``seat_request``, :mod:`paigow.serve.seat_requests`), checked by the
  engine when made and again when confirmed.
- ``set_hand`` and ``house_way``: its own position's hand, as its player (``by``), which the
  engine accepts only from the position's holder (Art. 7.1, 7.5): a live table's setting by its
  holder, so claims arise from it as the rules say. No ``strategy``: a seat is a person.
- ``accept`` and ``decline``: the bank, when it is offered to its position.

Everything else (the stake, the shuffle, the shakes, the deal, the settlement...) is the
dealer's (docs/serve.md "Seats").

>>> from paigow.serve.tables import Table
>>> t = Table({"banker": 0}, seed=1)
>>> _ = t.apply({"action": "start_round", "stake": 1000})
>>> seat_action(t, 3, {"action": "bet", "amount": 100})
{'action': 'bet', 'position': 3, 'amount': 100, 'bettor': 'P3'}
>>> c = Table({"banker": 0, "seat_bets": "confirm"}, seed=1)
>>> _ = c.apply({"action": "start_round", "stake": 1000})
>>> seat_action(c, 3, {"action": "bet", "amount": 100}, at=1.5)["request"]
{'action': 'bet', 'position': 3, 'amount': 100, 'bettor': 'P3'}
>>> seat_action(t, 3, {"action": "shuffle"})
Traceback (most recent call last):
...
paigow.serve.errors.SeatForbiddenError: a seat does not shuffle: only bet, withdraw, set_hand, house_way, accept, decline (the rest is the dealer's)
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

from paigow.serve.errors import SeatForbiddenError
from paigow.serve.tables import Table

__all__ = ["SEAT_ACTIONS", "seat_action"]

SEAT_ACTIONS = ("bet", "withdraw", "set_hand", "house_way", "accept", "decline")
"""The actions a seat may take (on its own behalf)."""


def _own(data: Mapping[str, Any], position: int, key: str = "position") -> None:
    given = data.get(key)
    if given is not None and given != position:
        raise SeatForbiddenError(f"the seat of position {position} does not {data['action']} for position {given}:"
                                 " only for its own")


def _as(data: Mapping[str, Any], me: str, key: str) -> None:
    given = data.get(key)
    if given is not None and given != me:
        raise SeatForbiddenError(f"the seat of {me!r} does not {data['action']} as {given!r}: only as its own player")


def seat_action(t: Table, position: int, data: Mapping[str, Any], at: float | None = None) -> dict[str, Any]:
    """The action table ``t`` takes for the seat of ``position`` asking ``data`` (the action's
    JSON), or :class:`~paigow.serve.errors.SeatForbiddenError` (see the module); at a table that
    keeps a seat's bets for the dealer, a bet or withdrawal is a ``seat_request`` made ``at``
    (seconds since the epoch; default: now)."""
    name = data.get("action")
    if name not in SEAT_ACTIONS:
        raise SeatForbiddenError(f"a seat does not {name}: only {', '.join(SEAT_ACTIONS)} (the rest is the dealer's)")
    st = t.session.state
    me = st.players[position]
    if name in ("bet", "withdraw"):
        _as(data, me, "bettor")
        out = {"action": name, "position": data.get("position", position), "amount": data.get("amount"), "bettor": me}
        taken = {k: v for k, v in out.items() if v is not None}
        if t.seat_bets == "confirm":
            return {"action": "seat_request", "seat": position, "request": taken,
                    "at": time.time() if at is None else at}
        return taken
    if name in ("set_hand", "house_way"):
        _own(data, position)
        _as(data, me, "by")
        if data.get("strategy") is not None:
            raise SeatForbiddenError("a seat sets its hand itself: a strategy sets hands in a simulation only")
        out = {"action": name, "position": position, "by": me}
        return {**out, "setting": data.get("setting")} if name == "set_hand" else out
    if st.offer != position:
        offered = "is offered to nobody" if st.offer is None else f"is offered to position {st.offer}"
        raise SeatForbiddenError(f"the bank {offered}: the seat of position {position} does not {name} it")
    return {k: v for k, v in data.items() if k in ("action", "with_house")}
