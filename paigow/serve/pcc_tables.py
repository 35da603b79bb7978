"""A Fish-Prawn-Crab table kept by the service: rounds of :class:`pcc.Round` driven by JSON actions.

Like :mod:`paigow.serve.tables` (whose journal keeps this table too), this module does not import
FastAPI. Every action goes through the public :class:`pcc.Round` API (``place``, ``withdraw``,
``close_betting``, ``void_roll``, ``settle``), so a refused action answers the engine's own error
and code and changes nothing; the table adds who placed each bet (a player's name, for the
ledger and the players' display) and the rounds one after the other (``new_round``: the dome is
covered again once every winning bet is paid, Art. 4).

A table is always **live**: a roll the dealer does not enter is drawn from the operating system's
secure generator (:func:`pcc.roll`) and journaled as drawn (``last_drawn``: ``{"roll": ...}``),
never from a seed; a replay takes the journaled roll. Nothing at a Fish-Prawn-Crab table is face
down (the dice are read when the dome is lifted, after the bell): the public view is the
dealer's.

>>> t = PccTable({"game": "pcc"})
>>> t.apply({"action": "place", "spot": "big", "stake": 100, "player": "Ana"})
{'ticket': 1, 'bet': 'big=100', 'spot': 'big', 'stake': 100, 'player': 'Ana'}
>>> t.apply({"action": "settle", "roll": "crab crab fish"})["totals"]["house_result"]
Traceback (most recent call last):
...
pcc.errors.IllegalActionError: roll 'fish-crab-crab' refused: betting is still open; ...
>>> t.apply({"action": "close_betting"})
{'bell': 1, 'bets': 1}
>>> t.apply({"action": "settle", "roll": "crab crab fish"})["players"]
{'Ana': 100}
>>> t.seq, t.view()["balances"], t.view()["house"]
(3, {'Ana': 100}, -100)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

import pcc
from pcc.actions import ACTIONS, CloseBetting, Place, Settle, VoidRoll, Withdraw, parse_action
from pcc.errors import IllegalActionError
from pcc.record import settlement_to_json
from paigow.serve.errors import SeedError
from paigow.serve.tables import ReplayMismatch

__all__ = ["PCC_ACTIONS", "PCC_CONFIG_KEYS", "PLAYER_MAX", "PccTable", "is_pcc_config"]

PCC_ACTIONS: Final[dict[str, tuple[str, ...]]] = ACTIONS
"""Action name -> the fields it takes (``settle``'s ``roll`` may be left out: the dice are shaken)."""

PCC_CONFIG_KEYS: Final = ("game", "ruleset", "new_bets_after_void", "automatic_bell")
PLAYER_MAX: Final = 40
"""Characters in a player's name."""


def is_pcc_config(config: Mapping[str, Any]) -> bool:
    """Whether a table's configuration is a Fish-Prawn-Crab table's (``"game": "pcc"``).

    >>> is_pcc_config({"game": "pcc"}), is_pcc_config({"banker": 0})
    (True, False)
    """
    return config.get("game") == "pcc"


def _player(name: object) -> str:
    if not isinstance(name, str):
        raise TypeError(f"player {name!r} is not text")
    clean = " ".join(name.split())
    if not clean or len(clean) > PLAYER_MAX:
        raise IllegalActionError(
            f"player name {name[:80]!r} must be 1 to {PLAYER_MAX} characters: the ledger pays each bet to a named player",
            code="player.name", params={"max": PLAYER_MAX})
    return clean


class PccTable:
    """One Fish-Prawn-Crab table: its configuration, the round in play (:class:`pcc.Round`) with
    who placed each ticket, the finished rounds' balances, and ``seq`` the actions accepted so far.

    ``config``: ``ruleset`` (``"2004"``, the default, or ``"1996"``), ``new_bets_after_void``
    (1996 only: the house's option), ``automatic_bell`` (default false: the dealer rings the bell
    before the dome is lifted; true: a roll entered while betting is open rings it first)."""

    game: ClassVar[str] = "pcc"

    def __init__(self, config: Mapping[str, Any], seed: int | None = None) -> None:
        unknown = set(config) - set(PCC_CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown table settings {sorted(unknown)}")
        if not is_pcc_config(config):
            raise TypeError("a Fish-Prawn-Crab table's configuration says \"game\": \"pcc\"")
        if seed is not None:
            raise SeedError("a Fish-Prawn-Crab table is live: its rolls come from the secure generator and are"
                            " journaled as drawn, never from a seed (`pcc roll --seed` simulates offline)")
        self.config = dict(config)
        self.seed: int | None = None
        self.live = True
        self.ruleset = pcc.Ruleset.clean(config.get("ruleset", "2004"))
        nbav = config.get("new_bets_after_void", True)
        bell = config.get("automatic_bell", False)
        if not isinstance(nbav, bool) or not isinstance(bell, bool):
            raise TypeError("new_bets_after_void and automatic_bell are true or false")
        self.new_bets_after_void = nbav
        self.automatic_bell = bell
        self.round = self._fresh_round()  # refuses new_bets_after_void=False under 2004 (the engine's code)
        self.players: dict[int, str] = {}  # ticket -> who placed it, in the round in play
        self.finished = 0
        self.balances: dict[str, int] = {}
        self.house = 0
        self.seq = 0
        self.last_drawn: dict[str, Any] | None = None
        self.last_round: dict[str, Any] | None = None

    def _fresh_round(self) -> pcc.Round:
        return pcc.Round(self.ruleset, new_bets_after_void=self.new_bets_after_void,
                         automatic_bell=self.automatic_bell)

    @property
    def mode(self) -> str:
        return "live"

    @property
    def round_open(self) -> bool:
        """Whether a round is in play: something happened in it and no roll has settled it."""
        return bool(self.round.history) and not self.round.is_settled

    @property
    def rounds_finished(self) -> int:
        """The table's finished rounds."""
        return self.finished

    @property
    def number(self) -> int:
        """The number of the round on the table (1 is the first)."""
        return self.finished + (0 if self.round.is_settled else 1)

    # -- snapshots ----------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The table as JSON (:meth:`restore` rebuilds it): the round in play as its pcc record."""
        return {"seq": self.seq, "finished": self.finished, "balances": dict(self.balances), "house": self.house,
                "round": self.round.to_record(), "players": {str(k): v for k, v in self.players.items()}}

    @classmethod
    def restore(cls, config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> PccTable:
        t = cls(config, seed)
        t.round = pcc.Round.from_record(snap["round"])
        t.players = {int(k): str(v) for k, v in snap["players"].items()}
        t.finished, t.house, t.seq = int(snap["finished"]), int(snap["house"]), int(snap["seq"])
        t.balances = {str(k): int(v) for k, v in snap["balances"].items()}
        return t

    # -- actions ------------------------------------------------------------------------------
    def apply(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None = None) -> Any:
        """Perform one action (``{"action": "place", "spot": "big", "stake": 100, "player": "Ana"}``)
        and return its result as JSON; raise the engine's error, changing nothing, if it is
        refused. ``drawn`` (a replay) holds the roll the journal keeps for a shaken roll;
        ``last_drawn`` is what the action drew (None: nothing)."""
        act = parse_action(action)
        took: dict[str, Any] | None = None
        self.last_round = None  # set again by a settling roll
        rnd = self.round
        out: Any
        if isinstance(act, Place):
            player = _player(act.player)
            p = rnd.apply(Place(act.spot, act.stake))
            self.players[p.ticket] = player
            out = {"ticket": p.ticket, "bet": str(p.bet), "spot": str(p.bet.spot), "stake": p.bet.stake,
                   "player": player}
        elif isinstance(act, Withdraw):
            w = rnd.apply(act)
            out = {"ticket": w.ticket, "bet": str(w.bet), "player": self.players.pop(w.ticket)}
        elif isinstance(act, CloseBetting):
            b = rnd.apply(act)
            out = {"bell": b.number, "bets": b.bets}
        elif isinstance(act, VoidRoll):
            v = rnd.apply(act)
            out = {"number": v.number, "reason": str(v.reason), "standing": v.standing}
        elif isinstance(act, Settle):
            if act.roll is None:
                if drawn is not None and "roll" not in drawn:
                    raise ReplayMismatch("a live table's shaken roll is journaled with its dice")
                rnd.verify_settle("1-1-1", source="secure")  # refused before anything is drawn
                r = pcc.Roll.parse(drawn["roll"]) if drawn is not None else pcc.roll()
                act = Settle(r, "secure")
                took = {"roll": str(r)}
            rnd.apply(act)
            out = self._settled()
        else:  # new_round
            if not rnd.is_settled:
                raise IllegalActionError(
                    f"new_round refused: round {self.number} is not settled; the dome is covered again only once"
                    f" its roll is read and every winning bet paid ({self.ruleset.cite('4')})",
                    code="round.unsettled", params={"round": self.number})
            self.round, self.players = self._fresh_round(), {}
            out = {"round": self.number}
        self.last_drawn = took
        self.seq += 1
        return out

    def _settled(self) -> dict[str, Any]:
        """Book a settled round: every player's net, the house's, the round's record."""
        s = settlement_to_json(self.round)
        assert s is not None
        per: dict[str, int] = {}
        for line in s["lines"]:
            who = self.players[line["ticket"]]
            line["player"] = who
            per[who] = per.get(who, 0) + line["net"]
        for who, net in per.items():
            self.balances[who] = self.balances.get(who, 0) + net
        self.house += s["totals"]["house_result"]
        self.finished += 1
        s["players"] = per
        s["round"] = self.finished
        kept = self.round_record()
        self.last_round = {"number": self.finished, "record": kept, "public": kept}
        return s

    # -- reading ------------------------------------------------------------------------------
    def round_record(self) -> dict[str, Any]:
        """The round on the table: its number, who placed each ticket, and its ``pcc-round`` record
        (what ``pcc settle`` reads)."""
        return {"number": self.number, "players": {str(k): v for k, v in self.players.items()},
                "record": self.round.to_record()}

    def view(self, public: bool = False) -> dict[str, Any]:
        """The table's state as JSON, the same for a table rebuilt from its journal; nothing at
        the table is face down, so ``public`` changes nothing."""
        rnd = self.round
        slip = rnd.slip
        # whether a bet on the slip can be withdrawn depends on the round, not the ticket (betting
        # open, no void roll yet): asked of the engine once, for the first ticket
        withdrawable = bool(slip) and rnd.can_withdraw(slip[0].ticket)
        settlement = None
        if rnd.is_settled:
            settlement = settlement_to_json(rnd)
            assert settlement is not None
            per: dict[str, int] = {}
            for line in settlement["lines"]:
                line["player"] = self.players[line["ticket"]]
                per[line["player"]] = per.get(line["player"], 0) + line["net"]
            settlement["players"] = per
        return {
            "game": "pcc",
            "seq": self.seq,
            "mode": self.mode,
            "ruleset": str(self.ruleset),
            "regulation": self.ruleset.regulation,
            "new_bets_after_void": self.new_bets_after_void,
            "automatic_bell": self.automatic_bell,
            "rounds": self.finished,
            "balances": dict(self.balances),
            "house": self.house,
            "round": {
                "number": self.number,
                "phase": rnd.phase.value,
                "bets": [{"ticket": p.ticket, "bet": str(p.bet), "spot": str(p.bet.spot), "stake": p.bet.stake,
                          "player": self.players[p.ticket], "withdrawable": withdrawable}
                         for p in slip],
                "staked": rnd.staked,
                "bells": sum(1 for e in rnd.history if isinstance(e, pcc.BettingClosed)),
                "voids": [{"number": v.number, "reason": str(v.reason), "standing": v.standing} for v in rnd.voids],
                "can": {"place": not rnd.is_settled and rnd.can_place("big=1"),
                        "close_betting": rnd.can_close_betting(),
                        "void_roll": rnd.can_void_roll("stacked"),
                        "settle": rnd.can_settle("1-1-1"),
                        "new_round": rnd.is_settled},
                "settlement": settlement,
            },
        }
