"""A table kept by the service: a :class:`~paigow.table.Session` driven by JSON actions.

This module does not import FastAPI: the journal replays tables through it at start-up, and the
tests drive it directly. Every action goes through the public Round/Session API
(``Session.start_round``, ``Round.bet`` …), so a table is whatever that API says it is, and a
journal of actions replays on any later engine that keeps the procedure. Every action of the
round and the session is an action here, refused with the engine's own code.

A table is live or a simulation from its creation (the setting ``live``; a table journaled
without it is a simulation, as it always played): at a live table no action lets a strategy set
a hand (``live.strategy``, Art. 7.1-7.2).

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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from paigow.errors import IllegalActionError
from paigow.setting import Setting
from paigow.table import BankTurn, Round, RoundResult, Session
from paigow.table.dealing import Cut, Deal, DiceRoll, Exposure, Stacks
from paigow.table.records import deal_record_json
from paigow.table.records import result_json as round_result_json
from paigow.table.settlement import Bet, Options, Share

__all__ = ["ROUND_ACTIONS", "SESSION_ACTIONS", "ACTIONS", "Table", "result_json", "CONFIG_KEYS"]

# action name -> the keyword arguments it takes (all optional unless the engine says otherwise)
SESSION_ACTIONS: dict[str, tuple[str, ...]] = {
    "start_round": ("stake", "others_agree"),
    "end_round": (),
    "pass_bank": (),
    "decline": (),
    "accept": (),
}
ROUND_ACTIONS: dict[str, tuple[str, ...]] = {
    "set_stake": ("amount",),
    "co_bank": ("party", "stake"),
    "bet": ("position", "amount", "bettor"),
    "shuffle": (),
    "cut": ("position", "k"),
    "shake": ("dice", "void"),
    "deal": ("hands",),
    "expose": ("position", "tile"),
    "declare": ("method",),
    "set_hand": ("position", "setting", "by", "strategy"),
    "turn": (),
    "set_players": ("strategy",),
    "settle": ("strategy", "banker_strategy"),
}
ACTIONS: dict[str, tuple[str, ...]] = {**SESSION_ACTIONS, **ROUND_ACTIONS}

CONFIG_KEYS = ("banker", "players", "house_stake", "options", "live")


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


def _hands(hands: object) -> object:
    """JSON object keys are strings: ``{"1": "天 地 ..."}`` names position 1."""
    if isinstance(hands, Mapping):
        out: dict[object, object] = {}
        for k, v in hands.items():
            out[int(k) if isinstance(k, str) and k.isdigit() and len(k) < 3 else k] = v
        return out
    return hands


class Table:
    """One table: its configuration, its random source and the session, with ``seq`` the number
    of actions accepted so far. A refused action changes nothing, the random source included."""

    def __init__(self, config: Mapping[str, Any], seed: int) -> None:
        unknown = set(config) - set(CONFIG_KEYS)
        if unknown:
            raise TypeError(f"unknown table settings {sorted(unknown)}")
        self.config = dict(config)
        self.seed = seed
        self.rng = random.Random(seed)
        # live or a simulation from the start (docs/rules.md §1.8); a table journaled before the key
        # was kept is read as it always played, a simulation
        self.live = config.get("live", False)
        options = config.get("options")
        self.session = Session(
            config.get("banker", 0),
            players=config.get("players"),
            options=Options.from_json(options) if options is not None else None,
            house_stake=config.get("house_stake"),
            rng=self.rng,
            live=self.live,
        )
        self.seq = 0

    @classmethod
    def new(cls, config: Mapping[str, Any], seed: int) -> "Table":
        return cls(config, seed)

    def _target(self, name: str) -> Callable[..., Any]:
        if name in SESSION_ACTIONS:
            return getattr(self.session, name)  # type: ignore[no-any-return]
        r = self.session.round
        if r is None:
            raise IllegalActionError(f"cannot {name} now: no round is open (start_round first)")
        return getattr(r, name)  # type: ignore[no-any-return]

    def apply(self, action: Mapping[str, Any]) -> Any:
        """Perform one action (``{"action": "bet", "position": 1, "amount": 100}``) and return
        its result as JSON; raise the engine's error, changing nothing, if it is refused."""
        name = action.get("action")
        if not isinstance(name, str) or name not in ACTIONS:
            raise IllegalActionError(f"unknown action {name!r}: the actions are {sorted(ACTIONS)}",
                                     code="action.unknown")
        allowed = ACTIONS[name]
        kwargs = {k: v for k, v in action.items() if k != "action" and v is not None}
        extra = set(kwargs) - set(allowed)
        if extra:
            raise IllegalActionError(f"{name} takes {list(allowed)}, not {sorted(extra)[0]!r}",
                                     code="action.argument")
        if "hands" in kwargs:
            kwargs["hands"] = _hands(kwargs["hands"])
        if "dice" in kwargs and isinstance(kwargs["dice"], list):
            kwargs["dice"] = tuple(kwargs["dice"])
        before = self.rng.getstate()
        try:
            out = self._target(name)(**kwargs)
        except BaseException:
            self.rng.setstate(before)  # a refused action draws nothing
            raise
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

    def view(self) -> dict[str, Any]:
        """The table's state as JSON (the same for a table rebuilt from its journal)."""
        s = self.session
        st = s.state
        bal, commission = self.balances()
        return {
            "seq": self.seq,
            "mode": "live" if s.live else "simulation",
            "players": list(st.players),
            "options": st.options.to_json(),
            "house_stake": st.house_stake,
            "banker": st.banker,
            "offer": st.offer,
            "declined": list(st.declined),
            "rounds_banked": st.rounds_banked,
            "carried": st.carried,
            "rounds": len(st.history),
            "turns": [str(t) for t in st.turns],
            "balances": bal,
            "commission": commission,
            "round": _round_view(s.round) if s.round is not None else None,
        }


def _round_view(r: Round) -> dict[str, Any]:
    st = r.state
    return {
        "phase": r.phase.value,
        "banker": r.banker,
        "banker_party": r.banker_party,
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
        "deal": deal_record_json(r.deal_record),
        "void_deals": len(st.void_deals),
        "settings": [_setting_json(x) if x is not None else None for x in st.settings],
        "result": round_result_json(r.result) if r.result is not None else None,
    }
