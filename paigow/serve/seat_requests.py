"""Seat requests (issue 38): a seat's action that waits for the dealer.

A table opened with ``"seat_bets": "confirm"`` does not take a seat's bet or withdrawal at once:
it keeps it as a **request** that the dealer confirms (the table then takes it as the seat's
action, with the engine's usual checks) or refuses. Game-agnostic: the table that keeps a
:class:`SeatRequests` says which of a seat's actions become requests, checks a request when it
is made (the engine's ``verify``) and takes it when confirmed (its own ``apply``); this module
keeps the requests, their ids and their ends, and reads the three service-level actions that
the table journals like any other (so a restart, and a stream's copy of the table, replay them):

- ``{"action": "seat_request", "seat": p, "request": {...}, "at": t}``: the seat of position
  ``p`` asks for ``request`` (the engine's action JSON) at ``t`` (the service's clock, seconds
  since the epoch). Its id is the ``seq`` of the journal row that made it.
- ``{"action": "seat_answer", "id": n, "answer": "confirm" | "refuse"}``: the dealer's answer.
  A confirmation the engine refuses answers the engine's error and changes nothing: the request
  stays pending (the dealer may refuse it, or confirm it once the table allows it).
- ``{"action": "seat_lapse", "seat": p, "why": "revoked"}``: the seat was revoked; its pending
  requests lapse. Pending requests also lapse, ``why`` ``"betting_ended"``, when the action that
  ends the betting is taken (:meth:`SeatRequests.lapse`, called by the table).

A request ends ``confirmed``, ``refused`` or ``lapsed`` (with ``why``); the round's ended
requests stay listed until the next round starts (:meth:`SeatRequests.new_round`). The table's
views list them (:meth:`SeatRequests.view`): the dealer's every one, a seat's its own.

>>> q = SeatRequests(("bet", "withdraw"))
>>> q.add(7, 3, {"action": "bet", "position": 3, "amount": 100, "bettor": "P3"}, 1.5)["status"]
'pending'
>>> [r["id"] for r in q.listing(seat=3)], q.listing(seat=4)
([7], [])
>>> q.lapse("betting_ended")
[7]
>>> q.listing()[0]["status"], q.listing()[0]["why"]
('lapsed', 'betting_ended')
>>> q.take(7)
Traceback (most recent call last):
...
paigow.serve.errors.SeatRequestError: no pending seat request 7: it was lapsed (betting_ended)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from paigow.serve.errors import SeatPendingError, SeatRequestError

__all__ = ["MODES", "SERVICE_ACTIONS", "ANSWERS", "WHY", "MAX_PENDING", "SeatRequest", "SeatRequests",
           "lapse_action", "check_mode", "answer_action"]

MODES = ("accept", "confirm")
"""A table's ``seat_bets``: a seat's bets taken at once (``accept``, the default) or kept as
requests for the dealer (``confirm``)."""
SERVICE_ACTIONS = ("seat_request", "seat_answer", "seat_lapse")
"""The service-level actions a table that keeps requests journals (never the dealer's route's)."""
ANSWERS = ("confirm", "refuse")
WHY = ("betting_ended", "revoked")
"""Why a request lapsed: the betting ended (the shake, or the round's end), or the seat was revoked."""
MAX_PENDING = 4
"""A seat's pending requests at most: one more is refused (``seat.pending``) until the dealer answers."""


def check_mode(mode: Any) -> str:
    """``mode`` if it is one of :data:`MODES` (a table's ``seat_bets``), else TypeError."""
    if mode not in MODES:
        raise TypeError(f"seat_bets is 'accept' or 'confirm', not {mode!r}")
    return str(mode)


@dataclass(frozen=True)
class SeatRequest:
    """One request: its ``id`` (the seq of its journal row), the ``seat`` (position) that made it,
    the engine's ``action`` JSON, when (``at``), and how it stands."""

    id: int
    seat: int
    action: Mapping[str, Any]
    at: float
    status: str = "pending"
    why: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The request as the views list it: its action's fields flat, ``action`` its name."""
        a = dict(self.action)
        return {"id": self.id, "seat": self.seat, "action": a.pop("action"), **a, "at": self.at,
                "status": self.status, "why": self.why}

    def record(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "action": dict(self.action), "at": self.at, "status": self.status,
                "why": self.why}

    @classmethod
    def from_record(cls, d: Mapping[str, Any]) -> "SeatRequest":
        return cls(int(d["id"]), int(d["seat"]), dict(d["action"]), float(d["at"]), str(d["status"]), d.get("why"))


class SeatRequests:
    """A table's seat requests: those pending, by id, and those of the round that have ended.
    ``kinds``: the names of a seat's actions that the table keeps as requests (the game's: a
    request for another action is refused)."""

    def __init__(self, kinds: Iterable[str]) -> None:
        self.kinds = tuple(kinds)
        self.pending: dict[int, SeatRequest] = {}
        self.ended: list[SeatRequest] = []

    def __bool__(self) -> bool:
        return bool(self.pending or self.ended)

    def add(self, rid: int, seat: int, action: Mapping[str, Any], at: float) -> dict[str, Any]:
        """Keep a new pending request (:class:`SeatPendingError` when the seat has
        :data:`MAX_PENDING` already); returns it as JSON."""
        if sum(r.seat == seat for r in self.pending.values()) >= MAX_PENDING:
            raise SeatPendingError(f"the seat of position {seat} has {MAX_PENDING} requests waiting for the dealer:"
                                   " one more once the dealer has answered")
        r = SeatRequest(rid, seat, dict(action), float(at))
        self.pending[rid] = r
        return r.to_json()

    def take(self, rid: int) -> SeatRequest:
        """Pending request ``rid`` (:class:`SeatRequestError` when none is)."""
        r = self.pending.get(rid)
        if r is None:
            was = next((x for x in self.ended if x.id == rid), None)
            how = f": it was {_how(was)}" if was is not None else ""
            raise SeatRequestError(f"no pending seat request {rid}{how}")
        return r

    def end(self, rid: int, status: str, why: str | None = None) -> SeatRequest:
        r = replace(self.pending.pop(rid), status=status, why=why)
        self.ended.append(r)
        return r

    def lapse(self, why: str, seat: int | None = None) -> list[int]:
        """Every pending request (of ``seat``, when given) lapses, for ``why`` (:data:`WHY`); their ids."""
        ids = [rid for rid, r in self.pending.items() if seat is None or r.seat == seat]
        for rid in ids:
            self.end(rid, "lapsed", why)
        return ids

    def new_round(self) -> None:
        """A new round: the last round's ended requests are no longer listed."""
        self.ended = []

    def listing(self, seat: int | None = None) -> list[dict[str, Any]]:
        """The round's requests as JSON, in the order made (a seat's own only, when ``seat`` is given)."""
        rs = sorted([*self.pending.values(), *self.ended], key=lambda r: r.id)
        return [r.to_json() for r in rs if seat is None or r.seat == seat]

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What a table's view adds (after its own entries): its ``seat_bets`` and the round's
        requests, every one for the dealer's view, the seat's own only for a seat's (``seat``).

        >>> SeatRequests(("bet",)).view(seat=2)
        {'seat_bets': 'confirm', 'seat_requests': []}
        """
        return {"seat_bets": "confirm", "seat_requests": self.listing(seat)}

    def to_json(self) -> list[dict[str, Any]]:
        """For a snapshot (:meth:`from_json` reads it)."""
        return [r.record() for r in sorted([*self.pending.values(), *self.ended], key=lambda r: r.id)]

    @classmethod
    def from_json(cls, rows: list[Mapping[str, Any]], kinds: Iterable[str]) -> "SeatRequests":
        q = cls(kinds)
        for d in rows:
            r = SeatRequest.from_record(d)
            if r.status == "pending":
                q.pending[r.id] = r
            else:
                q.ended.append(r)
        return q

    # -- the three service-level actions -----------------------------------------------------------
    def apply(self, data: Mapping[str, Any], rid: int, verify: Callable[[Mapping[str, Any]], None],
              take: Callable[[Mapping[str, Any]], Any]) -> dict[str, Any]:
        """Perform one of :data:`SERVICE_ACTIONS` (``rid``: the id a new request gets, the seq of its
        row; ``verify(action)`` raises the engine's error unless the table could take ``action``
        now; ``take(action)`` takes it as the seat's action and returns its result). Raises,
        changing nothing, when refused: a request for an action not of the table's ``kinds``, a
        TypeError."""
        name = data.get("action")
        if name == "seat_request":
            if dict(data.get("request") or {}).get("action") not in self.kinds:
                raise TypeError(f"a seat request is one of {self.kinds}, not {data.get('request')!r}")
            action = dict(data["request"])
            verify(action)
            return self.add(rid, int(data["seat"]), action, float(data["at"]))
        if name == "seat_answer":
            answer = data.get("answer")
            if answer not in ANSWERS:
                raise TypeError(f"a seat request's answer is 'confirm' or 'refuse', not {answer!r}")
            r = self.take(int(data["id"]))
            if answer == "refuse":
                self.end(r.id, "refused")
                return {"request": r.id, "status": "refused"}
            result = take(r.action)  # the engine refuses: nothing changed, the request still pending
            self.end(r.id, "confirmed")
            return {"request": r.id, "status": "confirmed", "result": result}
        if name == "seat_lapse":
            why = data.get("why")
            if why not in WHY:
                raise TypeError(f"a seat request lapses for one of {WHY}, not {why!r}")
            return {"seat": int(data["seat"]), "lapsed": self.lapse(str(why), int(data["seat"]))}
        raise TypeError(f"no seat-request action is named {name!r}")


def _how(r: SeatRequest) -> str:
    return f"{r.status} ({r.why})" if r.why else r.status


def lapse_action(t: Any, seat: int) -> dict[str, Any] | None:
    """The action that lapses the pending requests of ``seat`` at table ``t`` when its seat is
    revoked (None: the table keeps no requests, or the seat has none pending)."""
    q = getattr(t, "seat_requests", None)
    if not isinstance(q, SeatRequests) or not any(r.seat == seat for r in q.pending.values()):
        return None
    return {"action": "seat_lapse", "seat": seat, "why": "revoked"}


def answer_action(t: Any, rid: int, answer: str) -> dict[str, Any]:
    """The dealer's (a home table's host's) answer ``answer`` to request ``rid`` as the action
    table ``t`` takes, or :class:`SeatRequestError` when ``t`` keeps no requests (it takes a
    seat's bets at once)."""
    if not isinstance(getattr(t, "seat_requests", None), SeatRequests):
        raise SeatRequestError("this table takes a seat's bets at once (seat_bets 'accept'): there is no request"
                               " to answer")
    return {"action": "seat_answer", "id": rid, "answer": answer}
