"""The banker's stake and co-banking (Art. 3, 4.4, 4.9): the first part of a round's actions."""

from __future__ import annotations



from paigow.errors import IllegalActionError, IllegalBetError
from paigow.table._checks import can
from paigow.table.events import CoBanked, StakeSet
from paigow.table.positions import HOUSE, check_amount, check_position, holders
from paigow.table.round_base import RoundBase
from paigow.table.settlement import Share


class BankMixin(RoundBase):
    """The banker's stake and co-banking (Art. 3, 4.4, 4.9): the first part of a round's actions."""

    # -- the banker's stake and co-banking ----------------------------------------------------------
    def verify_set_stake(self, amount: int) -> Share:
        """Raise unless the banker may put ``amount`` on the table as the stake (Art. 4.4, 4.9);
        return the banker's share."""
        self._before_shake("set the stake", "stake")
        check_amount(amount, "stake", f" of the banker {self.banker_party!r}")
        if amount < self._state.min_stake:
            raise IllegalBetError(
                f"stake {amount!r} is below {self._state.min_stake}, the stake carried from the last"
                " round: it may be topped up, never lowered (Art. 4.9)", code="stake.lowered", params={"stake": amount, "carried": self._state.min_stake}
            )
        if self._covers_all:
            others = sum(x.stake for x in self._state.co_bankers)
            total = sum(b.amount for b in self._state.bets)
            if amount + others < total:
                raise IllegalBetError(f"a bank of {amount + others} does not cover the {total} bet: the bank covers"
                                      " every bet (docs/rules.md §3.1)", code="stake.uncovered", params={"bank": amount + others, "bets": total})
        return Share(self.banker_party, amount)

    @property
    def _covers_all(self) -> bool:
        """Under rules where the house banks, the bank covers every bet (docs/rules.md §3.1)."""
        return self._state.rules.bank == "house"

    def can_set_stake(self, amount: int) -> bool:
        return can(self.verify_set_stake, amount)

    def set_stake(self, amount: int) -> Share:
        """Put the banker's stake (本金) on the table; returns the banker's share."""
        share = self.verify_set_stake(amount)
        self._commit(StakeSet(amount), stake=amount)
        return share

    def _co_party(self, party: "int | str") -> str:
        if party == HOUSE:
            return HOUSE
        if isinstance(party, str):
            raise IllegalBetError(f"a co-banker is 'house' or a player's position 0-7, not {party[:40]!r}",
                                  code="co_bank.party")
        pos = check_position(party, "co-banking position")
        if pos == self.banker:
            raise IllegalActionError(f"position {pos} is the banker's: the banker's own stake is set_stake()",
                                     code="co_bank.banker", params={"position": pos})
        return self._state.players[pos]

    def verify_co_bank(self, party: "int | str", stake: int) -> Share:
        """Raise unless ``party`` (``"house"`` or a player position) may share the bank with
        ``stake`` (Art. 3.1-3.3): before the shake; the house's share is fixed in advance, for the
        table or between rounds, so it joins before the round's first bet or share and never
        changes (3.1); a co-banking player accepts no backline bets, so a player who holds a
        position with other people's bets on it may not co-bank, nor may one on whose own
        position others bet. Returns the share."""
        self._before_shake("co-bank", "stake")
        name = self._co_party(party)
        check_amount(stake, "stake", f" of co-banker {name!r}")
        if self._state.rules.bank == "house":
            if name != HOUSE:
                raise IllegalActionError(f"under the {self._state.rules.name!r} rules only the house shares a"
                                         " player's bank (docs/rules.md §3.1)", code="co_bank.rules")
            if self._state.house_banks:
                raise IllegalActionError("the house banks this round: it does not co-bank its own bank",
                                         code="co_bank.house_banks")
        if name == HOUSE:
            s = self._state
            held = next((x.stake for x in s.co_bankers if x.party == HOUSE), None)
            if held is not None:
                raise IllegalActionError(
                    f"the house's share is fixed in advance (Art. 3.1): it is {held} for this round and may not"
                    " change", code="co_bank.house_fixed")
            if s.bets or s.co_bankers:
                raise IllegalActionError(
                    "the house's share is fixed in advance (Art. 3.1): it joins the bank before the round's"
                    " first bet or share, not after", code="co_bank.house_fixed")
        else:
            pos = self._state.players.index(name)
            others = sorted({b.bettor for b in self.bets_on(pos) if b.bettor != name})
            if others:
                raise IllegalActionError(
                    f"position {pos} has backline bets from {', '.join(map(repr, others))}: its player"
                    f" {name!r} may not co-bank, since a co-banker takes no backline bets (Art. 3.3)",
                    code="co_bank.backline",
                )
            for p, h in holders(self.banker, self._state.bets).items():
                if h == name and any(b.bettor != name for b in self.bets_on(p)):
                    raise IllegalActionError(
                        f"{name!r} holds position {p}, which has other people's bets on it: a co-banker"
                        " takes no backline bets (Art. 3.3)", code="co_bank.backline",
                    )
        return Share(name, stake)

    def can_co_bank(self, party: "int | str", stake: int) -> bool:
        return can(self.verify_co_bank, party, stake)

    def co_bank(self, party: "int | str", stake: int) -> Share:
        """Share the bank: ``"house"`` or the player of a position puts ``stake`` in it (a second
        call for the same player replaces its stake; the house's share, once down, is fixed)."""
        share = self.verify_co_bank(party, stake)
        cur = self._state.co_bankers
        ev = CoBanked(None if share.party == HOUSE else self._state.players.index(share.party), stake)
        if any(x.party == share.party for x in cur):  # a new stake keeps its place in the order
            self._commit(ev, co_bankers=tuple(share if x.party == share.party else x for x in cur))
        else:
            self._commit(ev, co_bankers=cur + (share,))
        return share
