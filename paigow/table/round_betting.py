"""Bets and the declaration of the dealing method (Art. 4.4-4.7, 7)."""

from __future__ import annotations



from paigow.errors import BetSyntaxError, IllegalActionError, IllegalBetError
from paigow.table._checks import can
from paigow.table.events import BetPlaced, BetWithdrawn, Declared
from paigow.table.positions import check_amount, check_name, check_position, holders
from paigow.table.round_bank import BankMixin
from paigow.table.round_state import MAX_DECLARATION, Phase
from paigow.table.settlement import Bet


class BettingMixin(BankMixin):
    """Bets and the declaration of the dealing method (Art. 4.4-4.7, 7)."""

    # -- bets ---------------------------------------------------------------------------------------
    def verify_bet(self, position: int, amount: int, bettor: str | None = None) -> Bet:
        """Raise unless ``bettor`` (the position's player by default) may bet ``amount`` on
        ``position``: before the shake (4.6-4.7), a positive whole amount, not on the banker's
        position, not by the banker or the house, not on a co-banker's position by anyone else and
        not making a co-banker hold a position with others' bets (3.3), and leaving every position
        with bets someone to hold it (7.5). Returns the bet."""
        self._before_shake("bet", "bet")
        pos = check_position(position, "bet position", IllegalBetError, code="bet.position")
        s = self._state
        if pos == s.banker:
            raise IllegalBetError(f"position {pos} is the banker's: nobody bets on the banker's own position",
                                  code="bet.banker_position", params={"position": pos})
        name = s.players[pos] if bettor is None else check_name(bettor, "bettor")
        check_amount(amount, "bet", f" on position {pos} by {name!r}")
        if name == self.banker_party:
            raise IllegalBetError(f"{name!r} is the banker and does not bet against the bank", code="bet.banker", params={"name": name})
        co = {x.party for x in s.co_bankers}
        if s.players[pos] in co and name != s.players[pos]:
            raise IllegalBetError(
                f"position {pos}'s player {s.players[pos]!r} co-banks and may take no backline bets (Art. 3.3)",
                code="bet.co_banker_position", params={"position": pos, "player": s.players[pos]},
            )
        bet = Bet(pos, name, amount)
        bets = s.bets + (bet,)
        if self._covers_all:
            bank = (s.stake or 0) + sum(x.stake for x in s.co_bankers)
            total = sum(b.amount for b in bets)
            if total > bank:
                raise IllegalBetError(
                    f"the bank of {bank} does not cover {total} in bets: the bank covers every bet (docs/rules.md"
                    " §3.1)", code="bet.uncovered", params={"bank": bank, "bets": total})
        self._check_holders(bets, co)
        return bet

    def _check_holders(self, bets: tuple[Bet, ...], co: set[str]) -> None:
        """Raise unless every position with ``bets`` has someone to hold it (7.5) and no co-banker
        would hold a position with others' bets on it (3.3)."""
        held = holders(self._state.banker, bets)
        for p, h in held.items():
            if h is None:
                names = sorted({b.bettor for b in bets if b.position == p})
                raise IllegalBetError(
                    f"nobody could set position {p}: its bettor{'s' if len(names) > 1 else ''}"
                    f" {', '.join(map(repr, names))} hold{'' if len(names) > 1 else 's'} another position,"
                    " and nobody sets two (Art. 7.5)", code="bet.no_holder", params={"position": p},
                )
            if h in co and any(b.bettor != h for b in bets if b.position == p):
                raise IllegalBetError(
                    f"{h!r} co-banks and would hold position {p} with other people's bets on it: a co-banker"
                    " takes no backline bets (Art. 3.3)", code="bet.co_banker_holds", params={"name": h, "position": p},
                )

    def can_bet(self, position: int, amount: int, bettor: str | None = None) -> bool:
        return can(self.verify_bet, position, amount, bettor)

    def bet(self, position: int, amount: int, bettor: str | None = None) -> Bet:
        """Place a bet; several bettors may back one position (搭注), and a bettor's bets on one
        position add up."""
        b = self.verify_bet(position, amount, bettor)
        self._commit(BetPlaced(b.position, b.bettor, b.amount), bets=self._state.bets + (b,))
        return b

    # -- withdrawing a bet --------------------------------------------------------------------------
    def verify_withdraw(self, position: int, amount: int | None = None, bettor: str | None = None,
                        ) -> tuple[Bet, tuple[Bet, ...]]:
        """Raise unless ``bettor`` (the position's player by default) may take back ``amount``
        (None: all) of their bets on ``position``: before the shake, as a bet may be placed or
        changed then and not after (Art. 4.6-4.7), no more than they bet there, and leaving every
        position with bets someone to hold it (7.5). Returns the bet taken back and the bets left
        (the latest placed taken first)."""
        self._before_shake("withdraw a bet", "bet")
        pos = check_position(position, "bet position", IllegalBetError, code="bet.position")
        s = self._state
        name = s.players[pos] if bettor is None else check_name(bettor, "bettor")
        placed = sum(b.amount for b in s.bets if b.position == pos and b.bettor == name)
        if placed == 0:
            raise IllegalBetError(f"{name!r} has no bet on position {pos} to withdraw", code="bet.none",
                                  params={"name": name, "position": pos})
        take = placed if amount is None else check_amount(amount, "withdrawal", f" from position {pos} by {name!r}")
        if take > placed:
            raise IllegalBetError(f"{name!r} has {placed} on position {pos}, not {take} to withdraw",
                                  code="bet.withdraw_more", params={"name": name, "position": pos, "placed": placed})
        left, bets = take, list(s.bets)
        for i in reversed(range(len(bets))):
            b = bets[i]
            if left and b.position == pos and b.bettor == name:
                part = min(left, b.amount)
                left -= part
                if part == b.amount:
                    del bets[i]
                else:
                    bets[i] = Bet(pos, name, b.amount - part)
        self._check_holders(tuple(bets), {x.party for x in s.co_bankers})
        return Bet(pos, name, take), tuple(bets)

    def can_withdraw(self, position: int, amount: int | None = None, bettor: str | None = None) -> bool:
        return can(self.verify_withdraw, position, amount, bettor)

    def withdraw(self, position: int, amount: int | None = None, bettor: str | None = None) -> Bet:
        """Take back (part of) a bet before the shake; returns what was taken back."""
        b, bets = self.verify_withdraw(position, amount, bettor)
        self._commit(BetWithdrawn(b.position, b.bettor, b.amount), bets=bets)
        return b

    # -- the declaration ----------------------------------------------------------------------------
    def verify_declare(self, method: str) -> str:
        """Raise unless the banker may declare the dealing method now: before the round's first
        shake (Art. 4.4); from then on it is frozen, through void shakes and void deals (4.7).
        Returns the declaration."""
        if not isinstance(method, str):
            raise TypeError(f"a dealing method is declared as text, not {method!r}")
        self._require(Phase.BETTING, "declare the dealing method")
        if self._state.frozen:
            raise IllegalActionError(
                "the dealing method is declared before shaking (Art. 4.4) and stays as declared from the first"
                " shake, a void deal included (Art. 4.7)", code="declare.after_shake")
        text = method.strip()
        if not text or len(text) > MAX_DECLARATION:
            raise BetSyntaxError(f"a declaration is 1 to {MAX_DECLARATION} characters, not {method[:40]!r}",
                                 code="declare.syntax", params={"max": MAX_DECLARATION})
        return text

    def can_declare(self, method: str) -> bool:
        return can(self.verify_declare, method)

    def declare(self, method: str) -> str:
        """Record the dealing method the banker declares before shaking (Art. 4.4)."""
        text = self.verify_declare(method)
        self._commit(Declared(text), declared=text)
        return text
