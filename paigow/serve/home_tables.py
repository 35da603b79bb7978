"""A table of the home game 推牌九 kept by the service (docs/home-table.md): shuffles of
:class:`paigow.table.home.HomeShuffle` one after the other, driven by JSON actions.

Like :mod:`paigow.serve.tables` and :mod:`paigow.serve.pcc_tables` (the journal keeps all three),
this module does not import FastAPI. Every action goes through the library's public API (``bank``:
``put_bank``, ``bet``, ``shuffle``, ``shake``, ``deal``, ``set_hand``, ``play``, ``settle``,
``next_round``), so a refused action answers the library's own error and code and changes
nothing; the table adds the shuffles one after the other (``next_shuffle``) and the balances.
The round's deadline for the settings (issue 38: ``set_deadline`` with ``at``, ``apply_deadline``
with ``now``, the service's clock) is the library's too; its view says which hands it set
(``by_deadline``, each hand's ``why``).

A table opened with ``"seat_bets": "confirm"`` keeps a door's seat's bet as a request for the
host (:mod:`paigow.serve.seat_requests`: ``seat_request``, ``seat_answer``, ``seat_lapse``,
journaled with the table's actions); its pending requests lapse when the round's betting ends
(the shake, or the deal without dice) or the seat is revoked.

A **live** table draws its shuffle's 32 tiles and its dice from the operating system's secure
generator and hands them back as ``last_drawn`` (``{"tiles": ...}``, ``{"dice": [...]}``) for the
journal, which gives them back on replay; nothing at a live table is set by a strategy. A
**simulation** draws from ``random.Random(seed)`` and may ``play`` a strategy.

What is face down stays face down in both views: the row of tiles (the stacks) never shows; the
dealer's view shows the hands once dealt (he enters the splits the setters say), the public view
a hand only once the round is settled; the first round's tiles, face up in the second round, show
in both as ``seen``.

>>> t = HomeTable({"game": "home"}, seed=35)
>>> t.apply({"action": "bet", "door": 1, "bettor": "ann", "amount": 300})
{'door': 1, 'bettor': 'ann', 'amount': 300, 'holder': 'ann'}
>>> t.apply({"action": "shuffle"}), t.view(public=True)["round"]["hands"]
({'tiles': 32}, [])
>>> _ = t.apply({"action": "deal"}); _ = t.apply({"action": "play", "strategy": "max-front"})
>>> t.apply({"action": "settle"})["over"], t.rounds_finished, len(t.view()["round"]["seen"])
(False, 1, 0)
>>> _ = t.apply({"action": "next_round"}); len(t.view(public=True)["round"]["seen"])
16
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final

from paigow.advice import Advice
from paigow.rules import HOME, RuleSet
from paigow.serve.errors import SeatForbiddenError
from paigow.serve.seat_requests import SERVICE_ACTIONS, SeatRequests, check_mode
from paigow.serve.tables import ReplayMismatch
from paigow.table.home import HomePhase, HomeShuffle
from paigow.table.home_records import home_record
from paigow.table.jsonforms import ledger_json
from paigow.table.positions import HOUSE
from paigow.tiles import DECK

__all__ = ["HOME_ACTIONS", "HOME_DEADLINE_ACTIONS", "HOME_CONFIG_KEYS", "HOME_OPTIONS", "HOME_SEAT_ACTIONS",
           "HOME_REQUESTED", "HomeTable", "is_home_config", "home_rules", "seat_player"]

HOME_ACTIONS: Final[dict[str, tuple[str, ...]]] = {
    "bank": ("amount",), "bet": ("door", "bettor", "amount"), "shuffle": ("tiles",), "shake": ("dice",),
    "deal": (), "set_hand": ("position", "setting", "by"), "play": ("strategy",), "settle": (),
    "next_round": (), "next_shuffle": (), "set_deadline": ("at",), "apply_deadline": ("now",),
}
"""Action name -> the fields it takes (``shuffle``'s ``tiles`` and ``shake``'s ``dice`` may be
left out: drawn; ``set_hand``'s ``by`` only in a simulation; the deadline's two take the
service's clock, journaled: ``at`` the deadline, ``now`` when it is applied)."""

HOME_DEADLINE_ACTIONS: Final = ("set_deadline", "apply_deadline")
"""The round's deadline for the settings (issue 38): the dealer's own route
(``POST /v1/home/tables/{id}/deadline``), not the actions' route."""

HOME_SEAT_ACTIONS: Final = ("bet", "set_hand", "bank")
"""The actions a seat of a home table may take (issue 38): a door's seat bets on its door and sets
its hand when it holds the door; the banker's seat sets the banker's hand and puts up the bank."""

HOME_REQUESTED: Final = ("bet",)
"""A seat's actions that a table with ``"seat_bets": "confirm"`` keeps for the host to confirm: a
door's bet (the home game has no withdrawal; the banker's seat's ``bank`` is taken at once)."""

HOME_CONFIG_KEYS: Final = ("game", "rules", "banker", "seat_bets")
HOME_OPTIONS: Final = ("payout", "commission", "dice", "bank", "tiles_per_hand", "rounds_per_shuffle", "copies")
"""The home game's options a table may set (docs/rules.md Part 4), each a field of the rule set."""


def is_home_config(config: Mapping[str, Any]) -> bool:
    """Whether a table's configuration is a home table's (``"game": "home"``).

    >>> is_home_config({"game": "home"}), is_home_config({"game": "pcc"})
    (True, False)
    """
    return config.get("game") == "home"


def home_rules(rules: object) -> RuleSet:
    """The rule set a configuration names: ``"home"`` (or nothing), or the home game's options
    (:data:`HOME_OPTIONS`) over it."""
    if rules is None or rules == "home":
        return HOME
    if not isinstance(rules, Mapping):
        raise TypeError(f"a home table's rules are 'home' or its options {HOME_OPTIONS}, not {rules!r}")
    unknown = set(rules) - set(HOME_OPTIONS)
    if unknown:
        raise TypeError(f"unknown options of the home game {sorted(unknown)}: {HOME_OPTIONS}")
    return HOME.replace(name="home-table", **dict(rules)) if rules else HOME


def seat_player(position: int) -> str:
    """The player a door's seat bets as (``P1``..``P3``, as the Pai Gow table names its positions'
    players); the banker's seat (0) acts as whoever banks the round.

    >>> seat_player(2)
    'P2'
    """
    return f"P{position}"


def _text(tiles: Any) -> list[str]:
    return [str(t) for t in tiles]


class HomeTable:
    """One home table: its configuration, the shuffle in play (:class:`HomeShuffle`), the
    balances of the rounds finished, and ``seq`` the actions accepted so far.

    ``config``: ``rules`` (``"home"``, or the options :data:`HOME_OPTIONS`), ``banker`` (who
    banks first at ``bank="winner-keeps"``; else the house) and ``seat_bets`` (``"accept"``, the
    default, or ``"confirm"``: a door's seat's bets wait for the host)."""

    game: ClassVar[str] = "home"

    def __init__(self, config: Mapping[str, Any], seed: int | None = None) -> None:
        unknown = set(config) - set(HOME_CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown table settings {sorted(unknown)}")
        if not is_home_config(config):
            raise TypeError("a home table's configuration says \"game\": \"home\"")
        self.config = dict(config)
        self.rules = home_rules(config.get("rules"))
        self.seed = seed
        self.live = seed is None
        self.rng: random.Random = random.SystemRandom() if seed is None else random.Random(seed)
        self.shuffle = self._new_shuffle(config.get("banker", HOUSE))
        self.shuffles = 1
        self.base_finished = 0  # rounds finished before this shuffle
        self.balances: dict[str, int] = {}
        self.commission = 0
        self.seq = 0
        self.last_drawn: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None
        self._base = self._base_state()
        self._actions: list[list[Any]] = []  # this shuffle's actions with what they drew
        # a seat's bets: taken at once ("accept") or kept for the host to confirm ("confirm", issue 38)
        self.seat_bets = check_mode(config.get("seat_bets", "accept"))
        self.seat_requests: SeatRequests | None = SeatRequests(HOME_REQUESTED) if self.seat_bets == "confirm" else None

    def _new_shuffle(self, banker: str) -> HomeShuffle:
        return HomeShuffle(self.rules, banker, live=self.live, seed=self.seed, rng=self.rng)

    @property
    def mode(self) -> str:
        return "live" if self.live else "simulation"

    @property
    def round_open(self) -> bool:
        """Whether a shuffle is in play (its tiles are face down until its last round is settled):
        something happened in it and its last round is not settled."""
        return bool(self.shuffle.events) and self.shuffle.phase is not HomePhase.OVER

    @property
    def rounds_finished(self) -> int:
        return self.base_finished + len(self.shuffle.results)

    @property
    def number(self) -> int:
        """The number of the round on the table (1 is the first)."""
        return self.base_finished + self.shuffle.round

    # -- snapshots ----------------------------------------------------------------------------
    def _base_state(self) -> dict[str, Any]:
        rng = None
        if not self.live:
            version, state, gauss = self.rng.getstate()
            rng = {"version": version, "state": list(state), "gauss": gauss}
        return {"finished": self.base_finished, "balances": dict(self.balances), "commission": self.commission,
                "shuffles": self.shuffles, "banker": self.shuffle.banker, "rng": rng}

    def snapshot(self) -> dict[str, Any]:
        """The table as JSON (:meth:`restore` rebuilds it): the start of the shuffle in play and
        its actions since, with what each drew."""
        return {"seq": self.seq, "base": dict(self._base), "actions": [list(a) for a in self._actions]}

    @classmethod
    def restore(cls, config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> HomeTable:
        t = cls(config, seed)
        base = snap["base"]
        if base["rng"] is not None:
            r = base["rng"]
            t.rng.setstate((r["version"], tuple(r["state"]), r["gauss"]))
        t.base_finished, t.shuffles, t.commission = int(base["finished"]), int(base["shuffles"]), int(base["commission"])
        t.balances = {str(k): int(v) for k, v in base["balances"].items()}
        t.shuffle = t._new_shuffle(base["banker"])
        t._base = t._base_state()
        t.seq = int(snap["seq"]) - len(snap["actions"])  # the shuffle's start: a seat request's id is its seq
        for action, drawn in snap["actions"]:
            t.apply(action, drawn if t.live else None)
        t.seq, t.last_drawn, t.last_round = int(snap["seq"]), None, None
        return t

    # -- actions ------------------------------------------------------------------------------
    def apply(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None = None) -> Any:
        """Perform one action (``{"action": "bet", "door": 1, "bettor": "ann", "amount": 100}``)
        and return its result as JSON; raise the library's error, changing nothing (what it drew
        included), if it is refused. ``drawn`` (a live table's replay) holds what the journal
        kept of the draw. A table with ``"seat_bets": "confirm"`` also takes the seat requests'
        actions (:mod:`paigow.serve.seat_requests`)."""
        q = self.seat_requests
        if q is not None and isinstance(action, Mapping) and action.get("action") in SERVICE_ACTIONS:
            return self._request(q, action)
        if not isinstance(action, Mapping) or action.get("action") not in HOME_ACTIONS:
            raise TypeError(f"a home table's action is one of {sorted(HOME_ACTIONS)}, not {action!r}")
        name = action["action"]
        unknown = set(action) - {"action", *HOME_ACTIONS[name]}
        if unknown:
            raise TypeError(f"action {name!r} takes {HOME_ACTIONS[name]}, not {sorted(unknown)}")
        before = None if self.live else self.rng.getstate()
        self.last_round, took = None, None
        try:
            out, took = self._perform(name, action, drawn)
        except BaseException:
            if before is not None:
                self.rng.setstate(before)
            raise
        self.last_drawn = took
        self.seq += 1
        if name == "next_shuffle":
            self._base, self._actions = self._base_state(), []
        else:
            self._actions.append([dict(action), took])
        if q is not None:
            if name in ("next_round", "next_shuffle"):
                q.new_round()
            elif q.pending and not self._betting():
                q.lapse("betting_ended")
        return out

    def _request(self, q: SeatRequests, action: Mapping[str, Any]) -> Any:
        """One of the seat requests' actions: kept with the shuffle's actions (a snapshot replays them)."""
        out = q.apply(action, self.seq + 1, self._verify, lambda a: self._perform("bet", a, None)[0])
        self.last_drawn = self.last_round = None
        self.seq += 1
        self._actions.append([dict(action), None])
        return out

    def _verify(self, a: Mapping[str, Any]) -> None:
        """Raise the library's error unless the round would take bet ``a`` now (a seat's request)."""
        self.shuffle.verify_bet(a.get("door"), a.get("bettor"), a.get("amount"))  # type: ignore[arg-type]

    def _betting(self) -> bool:
        """Whether bets may still be placed (the round's betting, before the shake or the deal)."""
        s = self.shuffle
        return s.phase is HomePhase.BETTING and s.hands is None and s.dice is None

    def _drawn(self, drawn: Mapping[str, Any] | None, key: str) -> Any:
        if drawn is not None and self.live:
            if key not in drawn:
                raise ReplayMismatch(f"a live table's {key} is journaled with the action that drew it")
            return drawn[key]
        return None

    def _perform(self, name: str, a: Mapping[str, Any], drawn: Mapping[str, Any] | None
                 ) -> tuple[Any, dict[str, Any] | None]:
        s = self.shuffle
        if name == "bank":
            s.put_bank(a.get("amount"))  # type: ignore[arg-type]
            return {"banker": s.banker, "bank": s.bank}, None
        if name == "bet":
            s.bet(a.get("door"), a.get("bettor"), a.get("amount"))  # type: ignore[arg-type]
            last = s.bets[-1]
            return {"door": last.position, "bettor": last.bettor, "amount": last.amount,
                    "holder": s.holder(last.position)}, None
        if name == "shuffle":
            return self._shuffle(a, drawn)
        if name == "shake":
            return self._shake(a, drawn)
        if name == "deal":
            s.deal()
            return {"first": s.first_position(), "positions": sorted(s.hands or {})}, None
        if name == "set_hand":
            chosen = s.set_hand(a.get("position"), a.get("setting"), by=a.get("by"))  # type: ignore[arg-type]
            return {"position": a.get("position"), "setting": str(chosen), "by": s.setter(a["position"])}, None
        if name == "play":
            unset = [p for p in (0, *s.played()) if p not in s.settings]
            s.play(a.get("strategy", "max-front"))
            return {"set": {str(p): str(s.settings[p]) for p in unset}}, None
        if name == "set_deadline":
            return s.set_deadline(a.get("at")), None
        if name == "apply_deadline":
            made = s.apply_deadline(a.get("now"))
            return {"set": {str(p): str(x) for p, x in made.items()}, "why": "deadline"}, None
        if name == "settle":
            return self._settle(), None
        if name == "next_round":
            banker = s.next_round()
            return {"round": self.number, "banker": banker}, None
        return self._next_shuffle(), None

    def _shuffle(self, a: Mapping[str, Any], drawn: Mapping[str, Any] | None) -> tuple[Any, dict[str, Any] | None]:
        """The dealer's tiles (``tiles``), or the journal's (a live table's replay), or a draw
        (refused, it is forgotten: a simulation's generator is put back by :meth:`apply`)."""
        tiles, took = a.get("tiles"), None
        if tiles is None:
            tiles = self._drawn(drawn, "tiles")
            if tiles is None:
                row = list(DECK)
                self.rng.shuffle(row)
                tiles = " ".join(map(str, row))
            took = {"tiles": tiles} if self.live else None
        self.shuffle.shuffle(tiles)
        return {"tiles": len(self.shuffle.row or ())}, took

    def _shake(self, a: Mapping[str, Any], drawn: Mapping[str, Any] | None) -> tuple[Any, dict[str, Any] | None]:
        s = self.shuffle
        dice = a.get("dice")
        took = None
        if dice is None:
            dice = self._drawn(drawn, "dice")
            if dice is None:
                dice = [self.rng.randint(1, 6) for _ in range(self.rules.dice)] if self.rules.dice else None
            roll = s.shake(dice)
            took = {"dice": list(roll)} if self.live else None
        else:
            roll = s.shake(dice)
        return {"dice": list(roll), "first": s.first_position()}, took

    def _settle(self) -> dict[str, Any]:
        s = self.shuffle
        r = s.settle()
        for party, change in r.ledger.changes.items():
            self.balances[party] = self.balances.get(party, 0) + change
        self.commission += r.ledger.commission
        over = s.phase is HomePhase.OVER
        n = self.rounds_finished
        record = self.round_record()
        self.last_round = {"number": n, "record": record, "public": record}
        return {"round": n, "banker": r.banker, "units": {str(d): u for d, u in r.units.items()},
                "ledger": ledger_json(r.ledger), "over": over}

    def _next_shuffle(self) -> dict[str, Any]:
        s = self.shuffle
        if s.phase is not HomePhase.OVER:
            s.next_shuffle()  # refused as the library refuses it (home.phase)
        banker = s.next_banker()
        self.base_finished += len(s.results)
        self.shuffles += 1
        self.shuffle = self._new_shuffle(banker)
        return {"shuffle": self.shuffles, "banker": banker, "round": self.number}

    # -- reading ------------------------------------------------------------------------------
    def round_record(self) -> dict[str, Any]:
        """The shuffle's record (``paigow-home/1``) as of its last settled round: after a round
        that is not the shuffle's last, the tiles it did not deal are given in the deck's order
        (they are face down; which tiles they are, the deck and the dealt ones say), so the
        record replays that round and nothing more."""
        s = self.shuffle
        record = home_record(s)
        if s.phase is HomePhase.SETTLED and s.row is not None:
            dealt = len(s.row) // self.rules.rounds_per_shuffle * s.round
            rest = sorted(s.row[dealt:], key=lambda t: DECK.index(t))
            record["events"] = [dict(e, tiles=" ".join(map(str, (*s.row[:dealt], *rest))))
                                if e["event"] == "shuffle" else e for e in record["events"]]
        return record

    def advice(self, position: int) -> dict[str, Any]:
        """:meth:`HomeShuffle.advice` for ``position`` as JSON: the shuffle's face-up tiles as
        ``seen`` (the second round: the first round's 16)."""
        a: Advice = self.shuffle.advice(position)
        return {"position": position, "tiles": _text(a.tiles), "seen": _text(a.seen or ()), "against": a.against,
                "opponent_hands": a.opponent_hands, "best": a.best, "best_setting": str(a.options[a.best].setting),
                "options": [{"setting": str(o.setting), "wins": o.wins, "pushes": o.pushes, "losses": o.losses,
                             "value": o.value} for o in a.options]}

    def _hands(self, public: bool) -> list[dict[str, Any]]:
        s = self.shuffle
        hands, sets = s.hands or {}, s.settings
        settled = s.phase in (HomePhase.SETTLED, HomePhase.OVER)
        by_deadline = s.by_deadline or ()
        out = []
        for p, tiles in hands.items():
            shown = settled or not public
            out.append({"position": p, "setter": s.setter(p), "count": len(tiles), "played": p == 0 or p in s.played(),
                        "tiles": _text(tiles) if shown else None, "is_set": p in sets,
                        "set": str(sets[p]) if p in sets and shown else None,
                        "why": "deadline" if p in by_deadline else None})
        return out

    def _can(self) -> dict[str, bool]:
        s, g = self.shuffle, self.rules
        betting = s.phase is HomePhase.BETTING
        banked = g.bank != "winner-keeps" or s.bank is not None
        dealt = s.phase is HomePhase.DEALT
        return {"bank": betting and g.bank == "winner-keeps" and s.bank is None,
                "bet": betting and banked and s.dice is None,
                "shuffle": betting and s.row is None,
                "shake": betting and g.dice > 0 and s.row is not None and s.dice is None,
                "deal": betting and banked and s.row is not None and (g.dice == 0 or s.dice is not None) and bool(s.bets),
                "set_hand": dealt and g.tiles_per_hand == 4,
                "play": dealt and not self.live,
                "settle": dealt and all(p in s.settings for p in (0, *s.played())),
                "advice": dealt and g.tiles_per_hand == 4,
                "next_round": s.phase is HomePhase.SETTLED,
                "next_shuffle": s.phase is HomePhase.OVER,
                "set_deadline": (betting or dealt) and s.by_deadline is None,
                "apply_deadline": dealt and s.deadline is not None and s.by_deadline is None}

    def view(self, public: bool = False) -> dict[str, Any]:
        """The table's state as JSON, the same for a table rebuilt from its journal; ``public``:
        what anyone may see (no hand before the settlement). Neither shows the stacks."""
        out = self._view(public)
        if self.seat_requests is not None and not public:  # the host's: every request of the round
            out.update(self.seat_requests.view())
        return out

    def _view(self, public: bool) -> dict[str, Any]:
        s, g = self.shuffle, self.rules
        result = None
        if s.phase in (HomePhase.SETTLED, HomePhase.OVER):
            r = s.results[-1]
            result = {"units": {str(d): u for d, u in r.units.items()},
                      "outcomes": {str(d): o.name.lower() for d, o in r.outcomes.items()}, "ledger": ledger_json(r.ledger)}
        return {
            "game": "home", "seq": self.seq, "mode": self.mode,
            "rules": {"name": g.name, "doors": g.doors, "rounds_per_shuffle": g.rounds_per_shuffle,
                      "tiles_per_hand": g.tiles_per_hand, "dice": g.dice, "payout": g.payout.value,
                      "commission": str(g.commission), "bank": g.bank, "copies": g.copies.value},
            "rounds": self.rounds_finished, "shuffle": self.shuffles,
            "balances": dict(self.balances), "commission": self.commission,
            "round": {
                "number": self.number, "in_shuffle": s.round, "phase": s.phase.value, "banker": s.banker,
                "bank": s.bank,
                "bets": [{"door": b.position, "bettor": b.bettor, "amount": b.amount} for b in s.bets],
                "holders": {str(d): s.holder(d) for d in s.doors()},
                "shuffled": s.row is not None, "dice": list(s.dice) if s.dice else None,
                "hands": self._hands(public), "seen": _text(s.seen_tiles()),
                "deadline": s.deadline, "by_deadline": list(s.by_deadline) if s.by_deadline is not None else None,
                "result": result, "can": self._can(),
            },
        }

    # -- seats (issue 38) ---------------------------------------------------------------------
    def check_seat(self, position: object) -> int:
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= self.rules.doors:
            raise SeatForbiddenError(f"a home table's seats are 0 (the banker) and the doors 1-{self.rules.doors},"
                                     f" not {position!r}")
        return position

    def seat_view(self, position: int) -> dict[str, Any]:
        """The table as the seat of ``position`` sees it (0 the banker's place, 1-3 a door): the
        public view (:meth:`view`) with its own hand once dealt (its tiles and its setting), never
        another hand face down, never the row; ``seat`` the position, ``player`` who the seat is
        (the banker's seat: the round's banker) and ``advice``: True (a home table allows it)."""
        return self.seat_views((position,))[position]

    def seat_views(self, positions: Iterable[int], public: dict[str, Any] | None = None) -> dict[int, dict[str, Any]]:
        """:meth:`seat_view` of each position, made from one public view (``public``: :meth:`view`
        with ``public=True``, when the caller has it; not changed): a table's streams, once per action."""
        positions = tuple(self.check_seat(p) for p in positions)
        pub = self.view(public=True) if public is None else public
        s = self.shuffle
        out = {}
        for position in positions:
            view, own = pub, (s.hands or {}).get(position)
            if own is not None:
                mine = {"tiles": _text(own), "set": str(s.settings[position]) if position in s.settings else None}
                hands = [{**h, **mine} if h["position"] == position else h for h in pub["round"]["hands"]]
                view = {**pub, "round": {**pub["round"], "hands": hands}}
            if self.seat_requests is not None:  # its own requests, nobody else's
                view = {**view, **self.seat_requests.view(seat=position)}
            me = s.banker if position == 0 else seat_player(position)
            out[position] = {**view, "seat": position, "player": me, "advice": True}
        return out

    def seat_action(self, position: int, data: Mapping[str, Any], at: float | None = None) -> dict[str, Any]:
        """The action this table takes for the seat of ``position`` asking ``data`` (a home
        action's JSON), or :class:`~paigow.serve.errors.SeatForbiddenError` (``seat.forbidden``,
        nothing changed): a door's seat ``bet``s on its own door as its player
        (:func:`seat_player`); a seat ``set_hand``s its own position as its setter (the engine
        refuses a door the seat's player does not hold: ``home.holder``); the banker's seat puts
        up the ``bank``. The rest is the dealer's. At a table that keeps a seat's bets for the host
        (``"seat_bets": "confirm"``) a bet is a ``seat_request`` made ``at`` (seconds since the
        epoch; default: now)."""
        self.check_seat(position)
        name = data.get("action")
        if name not in HOME_SEAT_ACTIONS:
            raise SeatForbiddenError(f"a seat does not {name}: only {', '.join(HOME_SEAT_ACTIONS)} (the rest is the"
                                     " dealer's)")
        s = self.shuffle
        me = s.banker if position == 0 else seat_player(position)
        if data.get("bettor", me) != me or data.get("by", me) != me:
            raise SeatForbiddenError(f"the seat of position {position} acts as {me!r} only")
        if name == "bank":
            if position != 0:
                raise SeatForbiddenError("only the banker's seat puts up the bank")
            return {"action": "bank", "amount": data.get("amount")}
        if name == "bet":
            if position == 0 or data.get("door", position) != position:
                raise SeatForbiddenError(f"the seat of position {position} bets on its own door only")
            bet = {"action": "bet", "door": position, "bettor": me, "amount": data.get("amount")}
            if self.seat_requests is not None:
                return {"action": "seat_request", "seat": position, "request": bet, "at": time.time() if at is None else at}
            return bet
        if data.get("position", position) != position:
            raise SeatForbiddenError(f"the seat of position {position} sets its own hand only")
        return {"action": "set_hand", "position": position, "setting": data.get("setting"), "by": me}
