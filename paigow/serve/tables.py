"""A table kept by the service: a :class:`~paigow.table.Session` driven by JSON actions.

This module does not import FastAPI: the journal replays tables through it at start-up, and the
tests drive it directly. Every action goes through the public Round/Session API
(``Session.start_round``, ``Round.bet`` …), so a table is whatever that API says it is, and a
journal of actions replays on any later engine that keeps the procedure. Every action of the
round and the session is an action here, refused with the engine's own code.

At a live table no action lets a strategy set a hand (``live.strategy``, Art. 7.1-7.2): the
Session is told which it is.

A table is **live** or a **simulation**. A simulation draws from ``random.Random(seed)``: the
seed replays it. A live table has no seed: it draws from the operating system's secure
generator (:mod:`secrets`), and what it drew is handed back with each action (``last_drawn``:
the stacks of a shuffle with the secret of its commitment, the dice of a shake, any other draw)
for the journal, which replays the action with the same draws. A live table's round commits to
its stacks when they are laid out (:mod:`paigow.table.fairness`): the views show the commitment
at once, the stacks and the secret once the round is settled.

What a reader is shown (:meth:`Table.view`) keeps face down what the regulation keeps face down
(docs/rules.md §1.6-1.8): the order of the stacks until the round is settled, for everyone; and
for the public (``view(public=True)``) every tile not yet turned: a hand is shown once the banker
turns it (the banker's, when set) or the dealer turns it at settlement (the players'), an
exposed tile once exposed; the tiles of positions nobody played never.

>>> t = Table.new({"banker": 0}, seed=5)
>>> t.apply({"action": "start_round", "stake": 1000})
{'phase': 'betting', 'banker': 0, 'stake': 1000}
>>> t.apply({"action": "bet", "position": 1, "amount": 100})
{'position': 1, 'bettor': 'P1', 'amount': 100}
>>> t.apply({"action": "bet", "position": 0, "amount": 100})
Traceback (most recent call last):
...
paigow.errors...Error: position 0 is the banker's...position
>>> t.seq, t.view()["round"]["bank"]
(2, 1000)
>>> live = Table({"banker": 0})
>>> _ = live.apply({"action": "start_round", "stake": 1000})
>>> stacks = live.apply({"action": "shuffle"})
>>> sorted(live.last_drawn), live.last_drawn["stacks"] == stacks, live.view()["round"]["deal"]["stacks"]
(['secret', 'stacks'], True, None)
>>> len(live.view(public=True)["round"]["commitment"]), live.view(public=True)["round"]["reveal"]
(64, None)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from paigow.errors import IllegalActionError
from paigow.serve.seat_requests import SERVICE_ACTIONS, SeatRequests, check_mode
from paigow.table import Session
from paigow.table.session import SessionState
from paigow.table.actions import ACTIONS, ROUND_ACTIONS, SESSION_ACTIONS, Shake, Shuffle, parse_action
from paigow.table.dealing import Stacks
from paigow.table.fairness import new_secret
from paigow.table.jsonforms import action_result_json
from paigow.table.round_state import Phase
from paigow.table.records import replay_session, round_record, session_from_snapshot_json, session_snapshot_json
from paigow.table.settlement import Options
from paigow.table.views import public_view, round_view, seat_views
from paigow.tiles import DECK

__all__ = ["ROUND_ACTIONS", "SESSION_ACTIONS", "ACTIONS", "Table", "result_json", "CONFIG_KEYS", "LiveRandom",
           "ReplayMismatch", "SNAPSHOT_VERSION"]

CONFIG_KEYS = ("banker", "players", "house_stake", "options", "rules", "declare_first", "seat_bets")
REQUESTED = ("bet", "withdraw")
"""A seat's actions that a table with ``"seat_bets": "confirm"`` keeps for the dealer to confirm
(:mod:`paigow.serve.seat_requests`)."""


SNAPSHOT_VERSION = 2
"""The format of :meth:`Table.snapshot`: 2, the session's state between rounds with the finished
rounds' totals; a snapshot without ``version`` (1) holds the session's record, replayed on restore."""

result_json = action_result_json
"""The JSON form of what an action returns (:func:`paigow.table.jsonforms.action_result_json`)."""


class ReplayMismatch(ValueError):
    """A live table's journaled draws do not fit the action they are replayed with."""


class LiveRandom(random.Random):
    """A live table's randomness: every draw from the operating system's secure generator
    (:class:`random.SystemRandom`), each recorded in ``drawn``; ``feed`` makes the next draws
    those journaled (replay). It has no state to save: a refused action's draws are dropped."""

    def __init__(self) -> None:
        self._sys = random.SystemRandom()
        self.drawn: list[list[Any]] = []
        self._feed: list[list[Any]] | None = None
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:  # noqa: D102 - nothing to seed
        return None

    def getstate(self) -> Any:
        return None

    def setstate(self, state: Any) -> None:
        return None

    def feed(self, draws: list[list[Any]] | None) -> None:
        self._feed = list(draws) if draws is not None else None

    def _next(self, kind: str, *args: Any) -> Any:
        assert self._feed is not None
        if not self._feed:
            raise ReplayMismatch(f"the action draws more than the journal holds (a {kind!r} draw)")
        d = self._feed.pop(0)
        if not isinstance(d, list) or d[:-1] != [kind, *args]:
            raise ReplayMismatch(f"the action draws {[kind, *args]!r}, the journal holds {d!r}")
        return d[-1]

    def random(self) -> float:
        if self._feed is not None:
            return float(self._next("r"))
        v = self._sys.random()
        self.drawn.append(["r", v])
        return v

    def getrandbits(self, k: int) -> int:
        if self._feed is not None:
            return int(self._next("b", k))
        v = self._sys.getrandbits(k)
        self.drawn.append(["b", k, v])
        return v


def _secure_stacks() -> Stacks:
    tiles = list(DECK)
    secrets.SystemRandom().shuffle(tiles)
    return Stacks.from_tiles(tiles)


def _settings(st: SessionState) -> tuple[Any, ...]:
    """What a table's configuration fixes in its session's state (a state snapshot must agree)."""
    return st.players, st.options, st.house_stake, st.first_banker, st.rules, st.live, st.declare_first


class Table:
    """One table: its configuration, its random source and the session, with ``seq`` the number
    of actions accepted so far. A refused action changes nothing, the random source included.
    ``seed`` None makes a live table (:class:`LiveRandom`), an int a simulation."""

    game: ClassVar[str] = "paigow"

    def __init__(self, config: Mapping[str, Any], seed: int | None = None) -> None:
        unknown = set(config) - set(CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown table settings {sorted(unknown)}")
        self.config = dict(config)
        self.seed = seed
        self.live = seed is None
        self.rng: random.Random = LiveRandom() if seed is None else random.Random(seed)
        options = config.get("options")
        self.session = Session(
            config.get("banker", 0),
            players=config.get("players"),
            options=Options.from_json(options) if options is not None else None,
            house_stake=config.get("house_stake"),
            rng=self.rng,
            live=self.live,
            rules=config.get("rules"),
            # a table opened before the declaration was kept (no key) replays its shakes as journaled
            declare_first=self.live and bool(config.get("declare_first", False)),
        )
        self.seq = 0
        self.last_drawn: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None  # the round an end_round finished: number, record, public
        # a seat's bets: taken at once ("accept") or kept for the dealer to confirm ("confirm", issue 38)
        self.seat_bets = check_mode(config.get("seat_bets", "accept"))
        self.seat_requests: SeatRequests | None = SeatRequests(REQUESTED) if self.seat_bets == "confirm" else None
        # the finished rounds before the session's own history (a table restored from a state snapshot):
        # how many, every party's result in the order the parties first won or lost, the commission
        self._before: tuple[int, dict[str, int], int] = (0, {}, 0)

    @property
    def mode(self) -> str:
        return "live" if self.live else "simulation"

    @property
    def round_open(self) -> bool:
        """Whether a round is in play (a table closes only between rounds)."""
        return self.session.round is not None

    @property
    def rounds_finished(self) -> int:
        """The table's finished rounds."""
        return self._before[0] + len(self.session.state.history)

    @classmethod
    def new(cls, config: Mapping[str, Any], seed: int | None = None) -> "Table":
        return cls(config, seed)

    # -- snapshots ----------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The table between rounds as JSON (:data:`SNAPSHOT_VERSION` 2): the session's state
        (:func:`~paigow.table.records.session_snapshot_json`), the finished rounds' count, balances
        (in order, as pairs) and commission, the simulation's random state, ``seq``. :meth:`restore`
        rebuilds it without the service's journal and without replaying a round: its size and
        cost do not grow with the rounds played (the bank's moves apart). The finished rounds'
        records are the journal's (stored when each round ends), not the snapshot's."""
        if self.session.round is not None:
            raise ValueError("a table is snapshot between rounds only")  # the journal snapshots at end_round
        rng = None
        if not self.live:
            version, state, gauss = self.rng.getstate()
            rng = {"version": version, "state": list(state), "gauss": gauss}
        bal, commission = self.balances()
        snap = {"version": SNAPSHOT_VERSION, "seq": self.seq, "state": session_snapshot_json(self.session),
                "rounds": self.rounds_finished, "balances": [[k, v] for k, v in bal.items()],
                "commission": commission, "rng": rng}
        if self.seat_requests:  # the last round's ended requests (none pending between rounds)
            snap["seat_requests"] = self.seat_requests.to_json()
        return snap

    @classmethod
    def restore(cls, config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> "Table":
        """The table :meth:`snapshot` made (or an earlier snapshot, without ``version``: the
        session's record, replayed from its first round)."""
        version = snap.get("version", 1)
        if version not in (1, SNAPSHOT_VERSION):
            raise ValueError(f"a table snapshot of version {version!r} is not read here")
        t = cls(config, seed)
        if snap.get("rng") is not None:
            r = snap["rng"]
            t.rng.setstate((r["version"], tuple(r["state"]), r["gauss"]))
        if version == 1:
            t.session = replay_session(snap["session"], t.rng)  # the record holds every draw: none is made
        else:
            fresh = t.session.state
            t.session = session_from_snapshot_json(snap["state"], t.rng)
            if _settings(t.session.state) != _settings(fresh):
                raise ValueError("the snapshot is not of a table with these settings")
            t._before = (int(snap["rounds"]), {str(k): int(v) for k, v in snap["balances"]},
                         int(snap["commission"]))
        t.seq = int(snap["seq"])
        if t.seat_requests is not None and snap.get("seat_requests"):
            t.seat_requests = SeatRequests.from_json(snap["seat_requests"], REQUESTED)
        return t

    def apply(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None = None) -> Any:
        """Perform one action (``{"action": "bet", "position": 1, "amount": 100}``) and return
        its result as JSON; raise the engine's error, changing nothing, if it is refused. On a
        live table ``drawn`` (replay) gives the draws the journal holds for the action;
        ``last_drawn`` is what the action drew (None: nothing, or a simulation). A table with
        ``"seat_bets": "confirm"`` also takes the seat requests' service-level actions
        (:mod:`paigow.serve.seat_requests`); its pending requests lapse once the betting ends."""
        q = self.seat_requests
        if q is not None and isinstance(action, Mapping) and action.get("action") in SERVICE_ACTIONS:
            self.last_drawn = self.last_round = None
            out = q.apply(action, self.seq + 1, self._verify, lambda a: self._engine(a, drawn))
        else:
            out = self._engine(action, drawn)
            if q is not None and action.get("action") == "start_round":
                q.new_round()
        if q is not None and q.pending and not self._betting():
            q.lapse("betting_ended")
        self.seq += 1
        return out

    def _betting(self) -> bool:
        """Whether bets may still be placed or withdrawn (a round open, before its first shake)."""
        r = self.session.round
        return r is not None and r.phase is Phase.BETTING and not r.frozen

    def _verify(self, action: Mapping[str, Any]) -> None:
        """Raise the engine's error unless the open round would take ``action`` now (a seat's request)."""
        act = parse_action(action)
        r = self.session.round
        if r is None:
            raise IllegalActionError(f"cannot {act.name} now: no round is open (start_round first)",
                                     code="action.illegal")
        getattr(r, f"verify_{act.name}")(**act.arguments())

    def _engine(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None) -> Any:
        """One action of the engine (:meth:`apply` without ``seq``)."""
        act = parse_action(action)
        name = act.name
        took: dict[str, Any] = {}
        if self.live:
            assert isinstance(self.rng, LiveRandom)
            given = dict(drawn or {})
            replaying = drawn is not None
            if isinstance(act, Shuffle):
                if replaying and "stacks" not in given:
                    raise ReplayMismatch("a live table's shuffle is journaled with its stacks")
                stacks = Stacks.parse(given["stacks"]) if "stacks" in given else _secure_stacks()
                # the commitment's secret (paigow.table.fairness): drawn with the stacks, journaled with
                # them; a journal written before commitments holds none, and replays without one
                secret = bytes.fromhex(given["secret"]) if "secret" in given else (None if replaying else new_secret())
                act = dataclasses.replace(act, stacks=stacks, secret=secret)
                took["stacks"] = str(stacks)
                if secret is not None:
                    took["secret"] = secret.hex()
            elif isinstance(act, Shake) and act.dice is None:
                if replaying and "dice" not in given:
                    raise ReplayMismatch("a live table's roll is journaled with its dice")
                count = self.session.rules.dice   # as many as the rule set shakes (3 in the US game)
                dice = given["dice"] if "dice" in given else [secrets.randbelow(6) + 1 for _ in range(count)]
                act = dataclasses.replace(act, dice=tuple(dice))
                took["dice"] = list(dice)
            self.rng.drawn = []
            self.rng.feed(given.get("random", []) if drawn is not None else None)
        ending = self.session.round if name == "end_round" else None
        before = self.rng.getstate()
        try:
            out = self.session.apply(act)
            if self.live:
                assert isinstance(self.rng, LiveRandom)
                if drawn is not None and self.rng._feed:
                    raise ReplayMismatch(f"the action draws less than the journal holds: {self.rng._feed!r}")
        except BaseException:
            self.rng.setstate(before)  # a refused action draws nothing
            if self.live:
                assert isinstance(self.rng, LiveRandom)
                self.rng.feed(None)
            raise
        if self.live:
            assert isinstance(self.rng, LiveRandom)
            if self.rng.drawn:
                took["random"] = self.rng.drawn
            self.rng.drawn = []
            self.rng.feed(None)
        self.last_drawn = took or None
        self.last_round = None
        if ending is not None:
            self.last_round = {"number": self.rounds_finished, "record": round_record(ending),
                               "public": public_view(ending)}
        return result_json(out)

    # -- reading ----------------------------------------------------------------------------------
    def balances(self) -> tuple[dict[str, int], int]:
        """Every party's result over the finished rounds, and the commission taken: the two
        add up to zero."""
        bal = dict(self._before[1])
        commission = self._before[2]
        for res in self.session.state.history:
            for party, change in res.ledger.changes.items():
                bal[party] = bal.get(party, 0) + change
            commission += res.ledger.commission
        return bal, commission

    def view(self, public: bool = False) -> dict[str, Any]:
        """The table's state as JSON (the same for a table rebuilt from its journal): the
        dealer's (``public`` False) or what anyone may see (True); neither shows the stacks
        before the round is settled, nor the seed."""
        s = self.session
        st = s.state
        bal, commission = self.balances()
        out = {
            "seq": self.seq,
            "rules": self.session.state.rules.name,
            "mode": self.mode,
            "players": list(st.players),
            "options": st.options.to_json(),
            "house_stake": st.house_stake,
            "banker": st.banker,
            "house_banks": st.house_banks,
            "with_house": st.with_house,
            "offer": st.offer,
            "declined": list(st.declined),
            "rounds_banked": st.rounds_banked,
            "carried": st.carried,
            "rounds": self.rounds_finished,
            "turns": [str(t) for t in st.turns],
            "balances": bal,
            "commission": commission,
            "round": round_view(s.round, "public" if public else "dealer") if s.round is not None else None,
        }
        if self.seat_requests is not None and not public:  # the dealer's: every request of the round
            out.update(self.seat_requests.view())
        return out

    def seat_view(self, position: int) -> dict[str, Any]:
        """The table as the seat of ``position`` sees it (a player's own device, issue 38): the
        public view (:meth:`view`) with the round's :func:`~paigow.table.views.seat_view` (its
        own tiles once dealt, nothing else face down) and ``seat``: the position."""
        return self.seat_views((position,))[position]

    def seat_views(self, positions: Iterable[int], public: dict[str, Any] | None = None) -> dict[int, dict[str, Any]]:
        """:meth:`seat_view` of each position, made from one public view (``public``: :meth:`view`
        with ``public=True``, when the caller has it; not changed): a table's streams, once per action."""
        out = self.view(public=True) if public is None else public
        positions = tuple(positions)
        r = self.session.round
        rounds = seat_views(r, positions, out["round"]) if r is not None else {}
        views = {}
        for p in positions:
            v = {**out, "round": rounds.get(p, out["round"])}
            if self.seat_requests is not None:  # its own requests, nobody else's
                v.update(self.seat_requests.view(seat=p))
            views[p] = {**v, "seat": p}
        return views
