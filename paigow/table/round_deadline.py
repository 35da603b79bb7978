"""A deadline for the settings (issue 38): the round's deadline, and what the table does once it
has passed: every hand still unset is set by the table's rule and logged as such, a setting the
holder did not make, so no backline claim arises from it (docs/rules.md §1.8, "Deadlines").

The table's clock is the service's, not the engine's: the deadline and the moment it is applied
are data (seconds since the epoch, UTC), so a record replays the same without a clock.

>>> from paigow.table.round import Round
>>> r = Round(banker=0, seed=7)
>>> _ = r.set_stake(1000); _ = r.bet(1, 100, "Ann")
>>> r.set_deadline(1_700_000_000)
1700000000.0
>>> _ = r.shuffle(); _ = r.shake(); _ = r.deal()
>>> [(w.position, w.why, w.way) for w in r.apply_deadline(1_700_000_030)]
[(1, 'deadline', 'foxwoods'), (0, 'deadline', 'foxwoods')]
"""

from __future__ import annotations

import math
from typing import Any

from paigow.errors import IllegalActionError, InvalidOptionError
from paigow.houseway import house_way as _house_way
from paigow.table._checks import can
from paigow.table.events import DeadlinePassed, DeadlineSet, RoundEvent, Turned, WaySet
from paigow.table.round_setting import SettingMixin
from paigow.table.round_state import Phase

__all__ = ["DEADLINE_WAY", "DeadlineMixin", "check_time"]

DEADLINE_WAY = "foxwoods"
"""The house way a deadline sets hands by under rules that name none (Macau: each hand is its
holder's; docs/rules.md §1.8, "Deadlines")."""


def check_time(value: Any, name: str) -> float:
    """``value`` as seconds since the epoch: a finite, non-negative number (not a bool)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} is a number of seconds since the epoch, not {value!r}")
    if not math.isfinite(value) or value < 0:
        raise InvalidOptionError(f"{name} must be a finite time, seconds since the epoch, not {value!r}",
                                 code="deadline.time", params={"name": name, "value": str(value)})
    return float(value)


class DeadlineMixin(SettingMixin):
    """The round's deadline for the settings and its application (issue 38)."""

    @property
    def deadline(self) -> float | None:
        """The round's deadline for the settings (seconds since the epoch), None without one."""
        return self._state.deadline

    def verify_set_deadline(self, at: Any) -> float:
        """Raise unless the round's deadline may be set to ``at`` (seconds since the epoch) now:
        before the banker turns the first of his tiles (a deadline may be moved, once applied it
        is spent). Returns the time."""
        t = check_time(at, "the deadline")
        s = self._state
        if s.phase is Phase.SETTLED:
            raise IllegalActionError("cannot set a deadline now: the round is settled", code="phase.settled")
        if any(isinstance(e, DeadlinePassed) for e in s.log):
            raise IllegalActionError("the round's deadline has been applied already", code="deadline.applied")
        if s.turned:
            raise IllegalActionError("the banker has turned his tiles: no setting changes, so no deadline"
                                     " (Art. 8.2)", code="setting.after_turn")
        return t

    def can_set_deadline(self, at: Any) -> bool:
        return can(self.verify_set_deadline, at)

    def set_deadline(self, at: Any) -> float:
        """Set (or move) the round's deadline for the settings to ``at``, seconds since the epoch
        by the table's clock; returns it. Nothing happens at the deadline until the table applies
        it (:meth:`apply_deadline`)."""
        t = self.verify_set_deadline(at)
        self._commit(DeadlineSet(t), deadline=t)
        return t

    def _deadline_way(self) -> str:
        banker_sets = self._state.rules.banker_sets
        return DEADLINE_WAY if banker_sets == "holder" else banker_sets

    def _deadline_positions(self) -> tuple[int, ...]:
        """The hands a deadline sets: the players' unset hands, then the banker's where its holder
        sets it (where the house way sets the banker's hand, :meth:`house_way` still does)."""
        s = self._state
        players = self._unset_players()
        banker = () if self.way_sets_banker or s.settings[s.banker] is not None else (s.banker,)
        return players + banker

    def verify_apply_deadline(self, now: Any) -> tuple[int, ...]:
        """Raise unless the round's deadline may be applied at ``now`` (the table's clock, seconds
        since the epoch): a deadline set (``deadline.none``), passed (``deadline.early``), after
        the deal and before the banker turns a tile, once (``deadline.applied``). Returns the
        positions whose hands it sets (none when every hand is set: the deadline is then only
        recorded as passed)."""
        t = check_time(now, "now")
        s = self._state
        if s.deadline is None:
            raise IllegalActionError("the round has no deadline: set_deadline first", code="deadline.none")
        if any(isinstance(e, DeadlinePassed) for e in s.log):
            raise IllegalActionError("the round's deadline has been applied already", code="deadline.applied")
        self._require(Phase.DEALT, "apply the deadline")
        if s.turned:
            raise IllegalActionError("the banker has turned his tiles: no setting changes (Art. 8.2)",
                                     code="setting.after_turn")
        if t < s.deadline:
            raise IllegalActionError(f"the deadline has not passed: {s.deadline - t:.3f} s to go",
                                     code="deadline.early", params={"seconds": f"{s.deadline - t:.3f}"})
        return self._deadline_positions()

    def can_apply_deadline(self, now: Any) -> bool:
        return can(self.verify_apply_deadline, now)

    def apply_deadline(self, now: Any) -> tuple[WaySet, ...]:
        """Apply the round's passed deadline at ``now``: every hand still unset is set by the
        table's rule (the rule set's house way; under rules that name none, :data:`DEADLINE_WAY`)
        and logged with ``why`` ``"deadline"``: a setting its holder did not make, from which no
        claim arises (docs/rules.md §1.8). Returns the settings made, in betting order, the
        banker's last (setting the banker's hand turns his tiles, Art. 8.2)."""
        positions = self.verify_apply_deadline(now)
        s = self._state
        deal = s.current.deal
        assert deal is not None
        way = _house_way(self._deadline_way())
        events: list[RoundEvent] = [DeadlinePassed(float(now))]
        settings, ways, made = list(s.settings), list(s.ways), []
        turned = s.turned
        for p in positions:
            hand = deal.hands[p]
            assert hand is not None
            got = way.set(hand)
            w = WaySet(p, got.setting, got.rule, got.way, "deadline", None)
            if p == s.banker and not turned:
                events.append(Turned())
                turned = True
            events.append(w)
            settings[p], ways[p] = got.setting, w
            made.append(w)
        strategies = tuple(None if p in positions else st for p, st in enumerate(s.strategies))
        self._commit(*events, settings=tuple(settings), ways=tuple(ways), strategies=strategies, turned=turned)
        return tuple(made)
