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
the stacks of a shuffle, the dice of a shake, any other draw) for the journal, which replays the
action with the same draws.

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
>>> live.last_drawn == {"stacks": stacks}, live.view()["round"]["deal"]["stacks"]
(True, None)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Mapping
from typing import Any

from paigow.setting import Setting
from paigow.table import BankTurn, Phase, Round, RoundResult, Session
from paigow.table.actions import ACTIONS, ROUND_ACTIONS, SESSION_ACTIONS, Shake, Shuffle, parse_action
from paigow.table.dealing import Cut, Deal, DiceRoll, Exposure, Stacks
from paigow.table.events import WaySet
from paigow.table.records import deal_record_json, replay_session, round_record, session_record
from paigow.table.records import result_json as round_result_json
from paigow.table.settlement import Bet, Options, Share
from paigow.tiles import DECK

__all__ = ["ROUND_ACTIONS", "SESSION_ACTIONS", "ACTIONS", "Table", "result_json", "CONFIG_KEYS", "LiveRandom",
           "ReplayMismatch"]

CONFIG_KEYS = ("banker", "players", "house_stake", "options", "rules")


def result_json(x: object) -> Any:
    """The JSON form of what an action returns."""
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, Share):
        return {"party": x.party, "stake": x.stake}
    if isinstance(x, Bet):
        return {"position": x.position, "bettor": x.bettor, "amount": x.amount}
    if isinstance(x, Cut):
        return {"position": x.position, "stacks": x.stacks}
    if isinstance(x, DiceRoll):
        return {"dice": list(x.dice), "total": x.total, "void": x.void.value if x.void else None}
    if isinstance(x, Deal):
        return {"first": x.first, "hands": {str(p): [str(t) for t in h] for p, h in enumerate(x.hands) if h is not None}}
    if isinstance(x, Exposure):
        return {"position": x.position, "tile": str(x.tile) if x.tile else None, "count": x.count,
                "effect": x.effect.value}
    if isinstance(x, Setting):
        return _setting_json(x)
    if isinstance(x, WaySet):
        return {"position": x.position, "setting": _setting_json(x.setting), **_way_json(x)}
    if isinstance(x, RoundResult):
        return round_result_json(x)
    if isinstance(x, BankTurn):
        return {"event": x.event.value, "position": x.position, "to": x.to, "text": str(x)}
    if isinstance(x, Round):
        return {"phase": x.phase.value, "banker": x.banker, "stake": x.shares[0].stake if x.shares else None}
    if isinstance(x, Stacks):
        return str(x)
    if isinstance(x, tuple):
        return [result_json(v) for v in x]
    return str(x)  # pragma: no cover - every action's result is listed above


def _setting_json(s: Setting) -> dict[str, Any]:
    return {"text": str(s), "front": s.front.name_zh, "back": s.back.name_zh,
            "front_en": s.front.name_en, "back_en": s.back.name_en}


def _way_json(w: WaySet) -> dict[str, Any]:
    """How the house way set a hand: the rule that decided it, the way, why, who asked, and a
    fouled placement."""
    return {"rule": w.rule, "way": w.way, "why": w.why, "by": w.by,
            "placed": f"{w.placed[0]} | {w.placed[1]}" if w.placed is not None else None}


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


class Table:
    """One table: its configuration, its random source and the session, with ``seq`` the number
    of actions accepted so far. A refused action changes nothing, the random source included.
    ``seed`` None makes a live table (:class:`LiveRandom`), an int a simulation."""

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
        )
        self.seq = 0
        self.last_drawn: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None  # the round an end_round finished: number, record, public

    @property
    def mode(self) -> str:
        return "live" if self.live else "simulation"

    @classmethod
    def new(cls, config: Mapping[str, Any], seed: int | None = None) -> "Table":
        return cls(config, seed)

    # -- snapshots ----------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The table between rounds as JSON (the session's record, the simulation's random state,
        ``seq``); :meth:`restore` rebuilds it without the service's journal."""
        if self.session.round is not None:
            raise ValueError("a table is snapshot between rounds only")  # the journal snapshots at end_round
        rng = None
        if not self.live:
            version, state, gauss = self.rng.getstate()
            rng = {"version": version, "state": list(state), "gauss": gauss}
        return {"seq": self.seq, "session": session_record(self.session), "rng": rng}

    @classmethod
    def restore(cls, config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> "Table":
        t = cls(config, seed)
        if snap.get("rng") is not None:
            r = snap["rng"]
            t.rng.setstate((r["version"], tuple(r["state"]), r["gauss"]))
        t.session = replay_session(snap["session"], t.rng)  # the record holds every draw: none is made
        t.seq = int(snap["seq"])
        return t

    def apply(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None = None) -> Any:
        """Perform one action (``{"action": "bet", "position": 1, "amount": 100}``) and return
        its result as JSON; raise the engine's error, changing nothing, if it is refused. On a
        live table ``drawn`` (replay) gives the draws the journal holds for the action;
        ``last_drawn`` is what the action drew (None: nothing, or a simulation)."""
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
                act = dataclasses.replace(act, stacks=stacks)
                took["stacks"] = str(stacks)
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
            self.last_round = {"number": len(self.session.state.history), "record": round_record(ending),
                               "public": _round_view(ending, public=True)}
        self.seq += 1
        return result_json(out)

    # -- reading ----------------------------------------------------------------------------------
    def balances(self) -> tuple[dict[str, int], int]:
        """Every party's result over the finished rounds, and the commission taken: the two
        add up to zero."""
        bal: dict[str, int] = {}
        commission = 0
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
        return {
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
            "rounds": len(st.history),
            "turns": [str(t) for t in st.turns],
            "balances": bal,
            "commission": commission,
            "round": _round_view(s.round, public) if s.round is not None else None,
        }


def _public_result(res: RoundResult) -> dict[str, Any]:
    """A settled round's result as the table shows it: the banker's hand and every position that
    played, turned; the tiles of positions nobody played, or that sat out, stay face down."""
    out = round_result_json(res)
    shown = []
    for p in out["positions"]:
        if p["role"] == "banker" or (p["outcome"] is not None and not p["sat_out"]):
            shown.append(p)
        elif p["bets"] or p["stood_off"]:  # a position that sat out: its bets, not its tiles
            shown.append({**p, "tiles": None, "setting": None, "front": None, "back": None})
    out["positions"] = shown
    return out


def _round_view(r: Round, public: bool = False) -> dict[str, Any]:
    st = r.state
    settled = r.phase is Phase.SETTLED
    deal = deal_record_json(r.deal_record)
    if not settled:
        deal["stacks"] = None  # face down until the round is over, for everyone (§1.6)
    settings = [_setting_json(x) if x is not None else None for x in st.settings]
    ways = [_way_json(w) if w is not None else None for w in st.ways]
    result = round_result_json(r.result) if r.result is not None else None
    if public:
        deal["stacks"] = None  # the stacks hold the tiles of positions nobody turns
        shown: set[int] = set()
        if st.settings[r.banker] is not None:  # the banker's setting turns his tiles (Art. 8.2)
            shown.add(r.banker)
        if r.result is not None:  # the dealer turns the players' tiles to settle (Art. 8.3)
            shown |= {p.position for p in r.result.plays if p.outcome is not None}
        if deal["hands"] is not None:
            deal["hands"] = {k: v for k, v in deal["hands"].items() if int(k) in shown}
        settings = [x if p in shown else None for p, x in enumerate(settings)]
        ways = [x if p in shown else None for p, x in enumerate(ways)]   # the rule of a hand face up only
        result = _public_result(r.result) if r.result is not None else None
    return {
        "phase": r.phase.value,
        "banker": r.banker,
        "banker_party": r.banker_party,
        "house_banks": r.house_banks,
        "way_sets_banker": r.way_sets_banker,
        "min_stake": st.min_stake,
        "shares": [{"party": x.party, "stake": x.stake} for x in r.shares],
        "bank": r.bank,
        "bets": [{"position": b.position, "bettor": b.bettor, "amount": b.amount} for b in r.bets],
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
    }
