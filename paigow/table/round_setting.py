"""The settings of the hands: by their holders, by the house way, by a strategy in a simulation;
the banker's turn (Art. 7-8).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from paigow.errors import HandSyntaxError, IllegalActionError, IllegalHandError
from paigow.fouls import fouls, player_setting
from paigow.hands import Hand
from paigow.houseway import house_way as _house_way
from paigow.setting import Setting, settings_of
from paigow.table._checks import can
from paigow.table.events import HandSet, RoundEvent, Turned, WaySet
from paigow.table.positions import HOUSE, check_name, check_position
from paigow.table.round_dealing import DealingMixin
from paigow.table.round_state import Phase, SettingLike, StrategyLike, check_strategy_name
from paigow.table.round_strategies import choose_setting, strategy_label, strategy_table
from paigow.tiles import parse_tiles, split_tile_text


class SettingMixin(DealingMixin):
    """The settings of the hands: by their holders, by the house way, by a strategy in a
    simulation; the banker's turn (Art. 7-8)."""

    # -- settings -----------------------------------------------------------------------------------
    def _setting(self, position: int, setting: SettingLike) -> Setting:
        hand = self._state.current.deal.hands[position] if self._state.current.deal else None
        if hand is None:  # pragma: no cover - the deal always holds the tiles of every playing position
            raise IllegalHandError(f"position {position}'s tiles are not known", code="setting.no_tiles", params={"position": position})
        options = settings_of(hand)   # the deal's tiles, checked when dealt
        if isinstance(setting, bool) or not isinstance(setting, (Setting, str, int)):
            raise TypeError(f"a setting is a Setting, 'front | back' or a split 0-2, not {setting!r}")
        if isinstance(setting, int):
            if not 0 <= setting <= 2:
                raise HandSyntaxError(
                    f"split {setting!r} does not exist: the splits are 0 (ab|cd), 1 (ac|bd), 2 (ad|bc)",
                    code="setting.split", params={"split": setting},
                )
            return options[setting]
        if isinstance(setting, str):
            for option in options:   # a record's setting is the canonical text of one of the three
                if setting == str(option):
                    return option
            setting = Setting.parse(setting)
        if setting not in options:
            raise IllegalHandError(
                f"{str(setting)!r} is not a setting of position {position}'s tiles {' '.join(map(str, hand))}",
                code="setting.not_these_tiles", params={"position": position, "setting": str(setting), "tiles": " ".join(map(str, hand))},
            )
        return setting

    def _refuse_strategy(self, what: str) -> None:
        if self._state.live:
            raise IllegalActionError(
                f"{what} may not be set by a strategy: this is a live table, where only the holder sets the"
                " tiles and the engine sets no hand for anyone (Art. 7.1-7.2); strategies set hands in a"
                " simulation only", code="live.strategy")

    def _unset_players(self) -> tuple[int, ...]:
        s = self._state
        return tuple(p for p in self.active if s.settings[p] is None)

    def _check_setter(self, pos: int, by: str | None, action: str = "set") -> None:
        """Raise unless ``pos``'s hand may be placed now, by ``by`` when named (the checks of
        :meth:`verify_set_hand` and :meth:`verify_house_way`)."""
        self._require(Phase.DEALT, f"{action} a hand")
        s = self._state
        if pos != s.banker and pos not in self.playing:
            raise IllegalActionError(f"position {pos} has no bets: nobody plays it this round",
                                     code="setting.no_bets", params={"position": pos})
        if pos != s.banker and pos in self.unheld:
            names = sorted({b.bettor for b in self.bets_on(pos) if b.bettor not in self.sitting_out})
            raise IllegalActionError(
                f"position {pos} stands off whole: none of its bettors in play ({', '.join(map(repr, names))}) may"
                " hold it, each holding another position or co-banking where others bet (Art. 3.3, 7.4-7.5)",
                code="setting.no_holder", params={"position": pos})
        if pos != s.banker and pos not in self.active:
            raise IllegalActionError(f"position {pos} sits out: its players take no part, two tiles were exposed"
                                     " (Art. 2.3)", code="setting.sat_out", params={"position": pos})
        if pos == s.banker:
            if s.settings[pos] is not None:
                raise IllegalActionError(f"the banker's hand is set already and may not be changed (Art. 8.2)",
                                         code="setting.banker_set")
            waiting = self._unset_players()
            if waiting:
                raise IllegalActionError(
                    f"the banker sets after every player (Art. 8.1): position{'s' if len(waiting) > 1 else ''}"
                    f" {', '.join(map(str, waiting))} still to set", code="setting.banker_first", params={"positions": ", ".join(map(str, waiting))}
                )
            deciders = {self.decider} | ({"banker"} if self.decider == self.banker_party else set())
            if by is not None and by not in deciders:
                raise IllegalActionError(
                    f"{by!r} does not decide the banker's setting: {self.decider!r} does, having the larger"
                    " stake of banker and house (the banker on equal stakes, Art. 3.4)", code="setting.not_decider"
                )
        else:
            if s.turned:
                raise IllegalActionError(
                    f"position {pos}'s hand may not change: the banker has turned the first of his tiles"
                    " (Art. 8.2)", code="setting.after_turn"
                )
            holder = self.holder(pos)
            if by is not None and by != holder:
                raise IllegalActionError(f"{by!r} does not set position {pos}: {holder!r} holds it (Art. 7.1, 7.5)",
                                         code="setting.not_holder", params={"position": pos, "holder": holder})

    def _clean_setting(self, position: int, setting: SettingLike, by: str | None,
                       strategy: str | None) -> "Setting | WaySet":
        """The checked setting, or, where the rules make the high hand rank at least the low and
        the holder placed ``setting`` as text ``low | high`` that fouls, the house way's setting of
        the hand, marked as a foul (docs/rules.md §3.1)."""
        pos = check_position(position)
        if by is not None:
            check_name(by, "setter", reserved=())
        if strategy is not None:
            check_strategy_name(strategy)
            self._refuse_strategy(f"position {pos}'s hand")
        s = self._state
        if pos == s.banker and self.way_sets_banker:
            raise IllegalActionError(
                f"the banker's hand is set by the house way ({s.rules.banker_sets}), not by hand: the"
                f" {'house banks' if s.house_banks else 'house shares the bank'} (docs/rules.md §3.1); use house_way",
                code="setting.house_way")
        self._check_setter(pos, by)
        st = self._setting(pos, setting)
        if isinstance(setting, str) and "|" in setting and s.rules.high_at_least_low:
            low, high = setting.split("|", 1)
            t = parse_tiles(list(split_tile_text(low)) + list(split_tile_text(high)), count=4)
            placed = (Hand(t[0], t[1]), Hand(t[2], t[3]))
            if fouls(placed[0], placed[1], s.rules):
                if s.rules.banker_sets == "holder":   # no house way to re-set it by: the foul is refused
                    player_setting(placed[0], placed[1], s.rules)
                return replace(self._way(pos, "foul", by), placed=placed)
        return st

    def _way(self, pos: int, why: str, by: str | None) -> WaySet:
        """The rule set's house way's setting of ``pos``'s hand, and the rule."""
        hand = self._state.current.deal.hands[pos] if self._state.current.deal else None
        assert hand is not None
        way = _house_way(self._state.rules.banker_sets)
        got = way.set(hand)
        return WaySet(pos, got.setting, got.rule, got.way, why, by)

    def verify_set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                        strategy: str | None = None) -> Setting:
        """Raise unless ``setting`` (a Setting, ``"front | back"`` or a split 0-2) may be placed
        for ``position`` now: after the deal, by the holder (7.1, 7.4) or, for the banker's
        disputed setting, by the banker or the house as the stakes say (3.4). Players may
        re-arrange until the banker turns the first of his tiles (8.1-8.2); the banker sets after
        every player, once. ``strategy`` names the strategy that chose the setting in a
        simulation (at most :data:`MAX_STRATEGY_NAME` characters; refused at a live table,
        ``live.strategy``). A position that nobody may hold stands off whole and is not set
        (7.4). Where the house way sets the banker's hand, the banker's is not set by hand
        (``setting.house_way``). Returns the setting as the dealer arranges it; under rules where
        the high hand must rank at least the low, a ``"low | high"`` that fouls is re-set by the
        house way, and that setting is returned (docs/rules.md §3.1)."""
        got = self._clean_setting(position, setting, by, strategy)
        return got.setting if isinstance(got, WaySet) else got

    def can_set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                     strategy: str | None = None) -> bool:
        return can(self.verify_set_hand, position, setting, by, strategy=strategy)

    def set_hand(self, position: int, setting: SettingLike, by: str | None = None, *,
                 strategy: str | None = None) -> Setting:
        """Place ``position``'s setting (a player may place it again to re-arrange, until the
        banker turns a tile); returns it as the dealer arranges it (smaller hand in front, Art.
        5.2). The banker's setting turns his tiles first (Art. 8.2). In a simulation,
        ``strategy`` names the strategy that chose the setting, and the result says so (a
        replayed record's strategy-set hands come back this way). A fouled ``"low | high"`` is
        re-set by the house way and logged as such (:attr:`ways`)."""
        got = self._clean_setting(position, setting, by, strategy)
        if isinstance(got, WaySet):
            self._place(position, got.setting, by, None, got)
            return got.setting
        self._place(position, got, by, strategy)
        return got

    def verify_house_way(self, position: int, by: str | None = None) -> WaySet:
        """Raise unless ``position``'s hand may be set by the rule set's house way now: the
        house's own hand (or a bank the house shares, :attr:`way_sets_banker`), after every
        player has set (Art. 8.1); or a hand whose holder (``by``, when named) asks for it, while
        the holder may still set it (docs/rules.md §3.1). Rules that name no house way refuse it
        (``house_way.none``). Returns the setting, the rule that decided it and why."""
        pos = check_position(position)
        if by is not None:
            check_name(by, "setter", reserved=())
        s = self._state
        if s.rules.banker_sets == "holder":
            raise IllegalActionError(f"the {s.rules.name!r} rules name no house way: each hand is set by its holder",
                                     code="house_way.none")
        house = pos == s.banker and self.way_sets_banker
        if house and by is not None and by not in (HOUSE, self.banker_party):
            raise IllegalActionError(f"{by!r} does not ask for the house's hand: the house way sets it",
                                     code="setting.not_decider")
        self._check_setter(pos, None if house else by, "set by the house way")
        return self._way(pos, "house" if house else "asked", by)

    def can_house_way(self, position: int, by: str | None = None) -> bool:
        return can(self.verify_house_way, position, by)

    def house_way(self, position: int, by: str | None = None) -> WaySet:
        """Set ``position``'s hand by the house way: the house's own hand, or at its holder's
        request (``by``); returns the setting with the rule that decided it and why, as logged."""
        ws = self.verify_house_way(position, by)
        self._place(position, ws.setting, by, None, ws)
        return ws

    def _place(self, position: int, st: Setting, by: str | None, strategy: str | None,
               way: WaySet | None = None) -> None:
        s = self._state
        events: list[RoundEvent] = []
        turned = s.turned
        if position == s.banker and not turned:
            events.append(Turned())
            turned = True
        events.append(way if way is not None else HandSet(position, st, by, strategy))
        new = list(s.settings)
        new[position] = st
        strat = list(s.strategies)
        strat[position] = strategy
        ways = list(s.ways)
        ways[position] = way
        self._commit(*events, settings=tuple(new), strategies=tuple(strat), turned=turned, ways=tuple(ways))

    def verify_turn(self) -> None:
        """Raise unless the banker may turn the first of his tiles: after the deal, every player
        set (Art. 8.1), once."""
        self._require(Phase.DEALT, "turn the banker's tiles")
        if self._state.turned:
            raise IllegalActionError("the banker has turned his tiles already", code="turn.twice")
        waiting = self._unset_players()
        if waiting:
            raise IllegalActionError(
                f"the banker turns his tiles after every player has set (Art. 8.1): position"
                f"{'s' if len(waiting) > 1 else ''} {', '.join(map(str, waiting))} still to set",
                code="turn.players_unset", params={"positions": ", ".join(map(str, waiting))},
            )

    def can_turn(self) -> bool:
        return can(self.verify_turn)

    def turn(self) -> None:
        """The banker turns the first of his tiles: from now on no setting changes (Art. 8.2)."""
        self.verify_turn()
        self._commit(Turned(), turned=True)

    def verify_set_players(self, strategy: StrategyLike | None = None) -> npt.NDArray[np.float64]:
        """Raise unless the players' hands not yet set can be set by ``strategy`` now (a
        simulation only: refused at a live table, ``live.strategy``); returns the strategy's
        players' table."""
        self._refuse_strategy("the players' hands")
        self._require(Phase.DEALT, "set the players' hands")
        if self._state.turned:
            raise IllegalActionError("the banker has turned his tiles: no setting changes (Art. 8.2)",
                                     code="setting.after_turn")
        return strategy_table(strategy, "player")

    def can_set_players(self, strategy: StrategyLike | None = None) -> bool:
        return can(self.verify_set_players, strategy)

    def set_players(self, strategy: StrategyLike | None = None) -> tuple[Setting | None, ...]:
        """Set every playing position not yet set by ``strategy`` (a simulation: the players'
        side of a named strategy such as ``"equilibrium"``, or a table; the result says which
        hands a strategy set); returns all 8 settings so far."""
        table = self.verify_set_players(strategy)
        self._fill(self._unset_players(), table, strategy_label(strategy))
        return self._state.settings

    def _fill(self, positions: Iterable[int], table: npt.NDArray[np.float64], label: str) -> None:
        deal = self._state.current.deal
        assert deal is not None
        for p in positions:
            hand = deal.hands[p]
            assert hand is not None
            self._place(p, choose_setting(hand, table, self._rng), None, label)
