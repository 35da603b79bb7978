"""The settlement: every position decided against the banker, and the ledger (Art. 8-9)."""

from __future__ import annotations



from paigow.errors import IllegalActionError
from paigow.setting import Outcome, compare, settings_of
from paigow.table._checks import can
from paigow.table.events import Settled
from paigow.table.round_deadline import DeadlineMixin
from paigow.table.round_state import Phase, RoundResult, SettlePlan, StrategyLike
from paigow.table.round_strategies import strategy_label, strategy_table
from paigow.table.settlement import Play
from paigow.table.settlement import settle as _settle


class SettlingMixin(DeadlineMixin):
    """The settlement: every position decided against the banker, and the ledger (Art. 8-9)."""

    # -- settlement ---------------------------------------------------------------------------------
    def verify_settle(self, strategy: StrategyLike | None = None,
                      banker_strategy: StrategyLike | None = None) -> SettlePlan:
        """Raise unless the round can be settled now: after the deal, every playing position and
        the banker set by hand (Art. 7.1-7.2) — or, in a simulation, set by ``strategy`` (the
        players' side) and ``banker_strategy`` (by default ``strategy``; the banker's side) for
        the hands not set. At a live table no strategy is taken (``live.strategy``). Returns the
        plan."""
        if strategy is not None or banker_strategy is not None:
            self._refuse_strategy("a hand")
        self._require(Phase.DEALT, "settle")
        s = self._state
        pt = strategy_table(strategy, "player") if strategy is not None else None
        bs = banker_strategy if banker_strategy is not None else strategy
        bt = strategy_table(bs, "banker") if bs is not None else None
        unset = list(self._unset_players()) if pt is None else []
        if s.settings[s.banker] is None and bt is None and not self.way_sets_banker:
            unset.append(s.banker)
        if unset:
            who = ", ".join(map(str, unset))
            raise IllegalActionError(
                f"position{'s' if len(unset) > 1 else ''} {who} {'have' if len(unset) > 1 else 'has'} not set"
                f" {'their' if len(unset) > 1 else 'its'} tiles: only the holder sets them (Art. 7.1); set each"
                " hand, or pass a strategy to simulate", code="settle.unset", params={"positions": who},
            )
        if pt is not None and s.turned and self._unset_players():
            raise IllegalActionError("the banker has turned his tiles: no setting changes (Art. 8.2)",
                                     code="setting.after_turn")
        if self.way_sets_banker:   # the house's procedure sets the banker's hand, not a strategy
            bt = None
        return SettlePlan(pt, bt, strategy_label(strategy) if pt is not None else None,
                           strategy_label(bs) if bt is not None else None, self._unset_players())

    def can_settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> bool:
        return can(self.verify_settle, strategy, banker_strategy)

    def settle(self, strategy: StrategyLike | None = None, banker_strategy: StrategyLike | None = None) -> RoundResult:
        """Decide each position against the banker and settle. At a table every hand is set by
        hand first (:meth:`set_hand`); a simulation passes ``strategy`` (a name such as
        ``"equilibrium"`` or ``"max-back"``, or a (35960, 3) table) to set the hands not set, and
        ``banker_strategy`` (by default the same) for the banker's; the result's ``strategies``
        says which hands a strategy set. Where the house way sets the banker's hand
        (:attr:`way_sets_banker`) and it is not set yet, the house way sets it, at a live table
        too: the house's procedure, not a decision of the engine's (docs/rules.md §3.1)."""
        plan = self.verify_settle(strategy, banker_strategy)
        if plan.players is not None and plan.player_label is not None:
            self._fill(plan.fill, plan.players, plan.player_label)
        s = self._state
        if s.settings[s.banker] is None and self.way_sets_banker:
            ws = self._way(s.banker, "house", None)
            self._place(s.banker, ws.setting, None, None, ws)
            s = self._state
        if s.settings[s.banker] is None:
            assert plan.banker is not None and plan.banker_label is not None
            self._fill((s.banker,), plan.banker, plan.banker_label)
            s = self._state
        deal = s.current.deal
        assert deal is not None
        bset = s.settings[s.banker]
        assert bset is not None
        outcomes: list[Outcome | None] = [None] * 8
        plays = []
        away, active, held = self.sitting_out, set(self.active), self.holders()
        for p in self.playing:
            bets = self.bets_on(p)
            if p not in active:   # sat out, or nobody may hold it: it stands off whole
                plays.append(Play(p, None, bets))
                continue
            mine, hand = s.settings[p], deal.hands[p]
            assert mine is not None and hand is not None
            outcomes[p] = compare(mine, bset, s.rules)
            # the deal's tiles are checked already: their settings without parsing them again
            others = tuple(compare(x, bset, s.rules) for x in settings_of(hand) if x != mine)
            plays.append(Play(p, outcomes[p], tuple(b for b in bets if b.bettor not in away), others,
                              held[p], tuple(b for b in bets if b.bettor in away),
                              # a strategy's setting, or the house way's (a foul's or an asked one),
                              # is not the holder's own: it never gives a claim (§1.8)
                              by_strategy=s.strategies[p] is not None or s.ways[p] is not None))
        ledger = _settle(s.banker, self.shares, plays, s.options)
        result = RoundResult(s.banker, s.players, self.shares, s.bets, s.void_deals + (s.current,),
                             s.settings, tuple(outcomes), tuple(plays), ledger, s.strategies, s.declared, s.ways,
                             s.house_banks)
        self._commit(Settled(), phase=Phase.SETTLED, result=result)
        return result
