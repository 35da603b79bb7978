"""The shuffle, cuts, dice, the deal and exposed tiles (Art. 1.5, 2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from paigow.advice import Advice, advise
from paigow.errors import IllegalActionError, IllegalHandError
from paigow.table._checks import can
from paigow.table.dealing import (
    Cut,
    Deal,
    DiceRoll,
    Exposure,
    ExposureEffect,
    HandLike,
    Stacks,
    VoidReason,
    check_cut,
    check_dice,
    exposure_effect,
    roll_dice,
    void_reason,
)
from paigow.table.dealing import shuffle as _shuffle
from paigow.table.events import Committed, CutMade, Dealt, DealRecord, Exposed, Shaken, Shuffled
from paigow.table.fairness import check_secret, commit, new_secret
from paigow.table.positions import HOUSE, check_position
from paigow.table.round_betting import BettingMixin
from paigow.table.round_state import Phase, StrategyLike
from paigow.tiles import Tile, TileLike


class DealingMixin(BettingMixin):
    """The shuffle, cuts, dice, the deal and exposed tiles (Art. 1.5, 2)."""

    # -- shuffle and cuts ---------------------------------------------------------------------------
    def verify_shuffle(self, stacks: Stacks | None = None, secret: bytes | None = None) -> Stacks | None:
        """Raise unless the tiles may be shuffled and laid out now: before any cut or shake of
        this deal, once; a ``secret`` is 32 bytes. Returns ``stacks``."""
        self._require(Phase.BETTING, "shuffle")
        cur = self._state.current
        if stacks is not None and not isinstance(stacks, Stacks):
            raise TypeError(f"stacks must be Stacks, not {stacks!r}")
        if secret is not None:
            check_secret(secret)
        if cur.stacks is not None:
            raise IllegalActionError("the stacks are laid out already for this deal", code="shuffle.twice")
        if cur.cuts or cur.shakes:
            raise IllegalActionError("cannot shuffle after a cut or a shake of this deal", code="shuffle.late")
        return stacks

    def can_shuffle(self, stacks: Stacks | None = None, secret: bytes | None = None) -> bool:
        return can(self.verify_shuffle, stacks, secret)

    def shuffle(self, stacks: Stacks | None = None, secret: bytes | None = None) -> Stacks:
        """Shuffle the 32 tiles and lay them out in 8 stacks (or lay out the ``stacks`` given).

        A live table that shuffles (``stacks`` not given) commits to the stacks: it draws a
        secret of 32 random bytes and publishes their SHA-256 with the stacks
        (:mod:`paigow.table.fairness`), before any cut or shake, so before the bets close; the
        stacks and the secret are revealed once the round is settled. A ``secret`` given
        (a journal's, a record's) commits with it, at any table; stacks given without one
        (a dealer's, a record written before commitments) commit to nothing."""
        self.verify_shuffle(stacks, secret)
        laid = stacks if stacks is not None else _shuffle(rng=self._rng)
        if secret is None and stacks is None and self._state.live:
            secret = new_secret()
        if secret is None:
            self._commit(Shuffled(laid), current=replace(self._state.current, stacks=laid))
            return laid
        c = Committed(commit(laid, secret), secret)
        self._commit(Shuffled(laid), c, current=replace(self._state.current, stacks=laid, commitment=c))
        return laid

    def verify_cut(self, position: int, k: int) -> Cut:
        """Raise unless ``position`` may cut ``k`` stacks now (Art. 2.1): before the shake, at most
        two player positions in the round and one cut each (a void deal is the same round: its cuts
        count), the banker last and nobody after in the deal. Returns the cut."""
        check_position(position)
        cur = self._state.current
        if cur.shakes or self._state.phase is not Phase.BETTING:
            raise IllegalActionError(f"position {position} may not cut: the dice have been shaken (Art. 2.1)",
                                     code="cut.after_shake", params={"position": position})
        earlier = tuple(c for d in self._state.void_deals for c in d.cuts)
        check_cut(cur.cuts, position, k, self.banker, self._state.rules.max_cuts, earlier)
        return Cut(position, k)

    def can_cut(self, position: int, k: int) -> bool:
        return can(self.verify_cut, position, k)

    def cut(self, position: int, k: int) -> Cut:
        """Record a cut (moving ``k`` whole stacks from the front of the row to its end)."""
        c = self.verify_cut(position, k)
        cur = self._state.current
        # the stacks as laid out are kept; the cuts are applied when dealing
        self._commit(CutMade(c), current=replace(cur, cuts=cur.cuts + (c,)))
        return c

    # -- dice ---------------------------------------------------------------------------------------
    def verify_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) \
            -> tuple[tuple[int, ...] | None, VoidReason | None]:
        """Raise unless the banker may shake now: the stake on the table and, at a live table
        banked in rotation, the dealing method declared (4.4), before the deal, and ``dice`` as many as the rule set shakes (4). Returns the dice (None: to be rolled)
        and the void reason."""
        self._require(Phase.BETTING, "shake")
        values = check_dice(dice, self._state.rules.dice) if dice is not None else None
        reason = void_reason(void)
        if self._state.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before shaking (Art. 4.4)",
                                     code="shake.no_stake")
        if self._state.declare_first and self._state.rules.bank == "rotation" and self._state.declared is None:
            raise IllegalActionError("the banker declares the dealing method before shaking (Art. 4.4): record "
                                     "the declaration first", code="shake.undeclared")
        self._check_halves()
        return values, reason

    def _check_halves(self) -> None:
        """Under rules where the house banks, a player who co-banks with the house covers half:
        the two shares are equal (docs/rules.md §3.1)."""
        s = self._state
        if s.rules.bank != "house" or s.house_banks or s.stake is None:
            return
        house = next((x.stake for x in s.co_bankers if x.party == HOUSE), None)
        if house is not None and house != s.stake:
            raise IllegalActionError(
                f"a player who co-banks with the house covers half the bank: the house's {house} and the"
                f" banker's {s.stake} are to be equal (docs/rules.md §3.1)", code="co_bank.half", params={"house": house, "stake": s.stake})

    def can_shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> bool:
        return can(self.verify_shake, dice, void)

    def shake(self, dice: Sequence[int] | None = None, void: "VoidReason | str | None" = None) -> DiceRoll:
        """Shake the 4 dice (``dice`` as seen at the table, or a simulated roll; a rule set may
        shake another number). A ``void``
        shake ("tilted" or "fallen") is recorded and the banker shakes again (Art. 1.5). From the
        first shake on, bets and stakes are frozen (4.7)."""
        values, reason = self.verify_shake(dice, void)
        count = self._state.rules.dice
        roll = DiceRoll(values if values is not None else roll_dice(self._rng, count), reason, count=count)
        cur = self._state.current
        self._commit(Shaken(roll), current=replace(cur, shakes=cur.shakes + (roll,)), frozen=True,
                     phase=Phase.BETTING if roll.void else Phase.SHAKEN)
        return roll

    # -- the deal -----------------------------------------------------------------------------------
    def verify_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> Deal:
        """Raise unless the tiles may be dealt now (after the shake), or ``hands`` (the tiles
        actually dealt, by position) are a legal deal that fits what is known; a void shake must
        be followed by a valid one before any deal (Art. 1.5). Returns the deal."""
        s = self._state
        cur = s.current
        if cur.shakes and cur.shakes[-1].void is not None and s.phase is Phase.BETTING:
            raise IllegalActionError(
                f"cannot deal now: the shake {str(cur.shakes[-1])} was void; shake the dice first, again (Art."
                " 1.5)", code="deal.void_shake")
        simulated: Deal | None = None
        if cur.stacks is not None and s.phase is Phase.SHAKEN:
            row = cur.stacks
            for c in cur.cuts:
                row = row.cut(c.stacks)
            first = self.first_position
            assert first is not None
            simulated = Deal.from_stacks(row, first)
        if hands is None:
            if s.phase is not Phase.SHAKEN:
                raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}; shake the dice first",
                                         code="deal.not_shaken")
            if simulated is None:
                raise IllegalActionError("no stacks are laid out: shuffle, or give the tiles that were dealt",
                                         code="deal.no_stacks")
            return simulated
        if s.phase not in (Phase.BETTING, Phase.SHAKEN):
            raise IllegalActionError(f"cannot deal now: the round is {s.phase.value}", code=f"phase.{s.phase.value}")
        if s.phase is Phase.BETTING and s.stake is None:
            raise IllegalActionError("the banker puts the stake on the table before the deal (Art. 4.4)",
                                     code="deal.no_stake")
        if s.phase is Phase.BETTING:
            self._check_halves()
        if cur.stacks is not None and simulated is None:
            raise IllegalActionError("the stacks are laid out: shake the dice and deal them", code="deal.not_shaken")
        entered = Deal.from_hands(hands, self.first_position)   # the one check of the tiles entered
        if simulated is not None:
            for p in entered.seen:
                if entered.hands[p] != simulated.hands[p]:
                    # the stacks stay face down: the refusal names what was entered, never what they hold
                    raise IllegalActionError(
                        f"position {p} was not dealt {' '.join(map(str, entered.hands[p] or ()))} from the stacks"
                        " laid out: enter the tiles as dealt", code="deal.not_the_stacks", params={"position": p, "tiles": " ".join(map(str, entered.hands[p] or ()))}
                    )
        missing = [p for p in (s.banker,) + self.playing if entered.hands[p] is None]
        if missing:
            raise IllegalHandError(
                f"the tiles of position{'s' if len(missing) > 1 else ''} {', '.join(map(str, missing))}"
                " are needed: the banker's and every position with bets", code="deal.missing", params={"positions": ", ".join(map(str, missing))}
            )
        return entered

    def can_deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> bool:
        return can(self.verify_deal, hands)

    def deal(self, hands: "Mapping[int, HandLike | None] | Sequence[HandLike | None] | None" = None) -> Deal:
        """Deal the stacks in dealing order from the first position (Art. 1.2-1.4), or record
        the tiles a dealer saw dealt: the banker's and every betting position's are needed, the
        others may be left out. Entering a deal before any shake freezes the bets too."""
        d = self.verify_deal(hands)
        self._commit(Dealt(d), current=replace(self._state.current, deal=d), phase=Phase.DEALT, frozen=True)
        return d

    # -- exposed tiles ------------------------------------------------------------------------------
    def verify_expose(self, position: int, tile: TileLike | None = None) -> Exposure:
        """Raise unless a tile of ``position`` can have been exposed while dealing: after the
        deal, before any setting, a tile the position holds. Returns the exposure."""
        pos = check_position(position)
        self._require(Phase.DEALT, "expose a tile")
        s = self._state
        t = Tile.parse(tile) if tile is not None else None
        if any(x is not None for x in s.settings):
            raise IllegalActionError("tiles are exposed while dealing, before any hand is set", code="expose.late")
        if t is not None:
            hand = s.current.deal.hands[pos] if s.current.deal is not None else None
            if hand is not None:
                shown = sum(1 for e in s.current.exposures if e.position == pos and e.tile == t)
                if hand.count(t) <= shown:
                    have = " ".join(map(str, hand))
                    raise IllegalActionError(
                        f"position {pos} holds {have}: no {'other ' if shown else ''}{t} ({t.name_zh}) to expose",
                        code="expose.not_held", params={"position": pos, "tile": str(t)},
                    )
        if s.current.exposed(pos) >= 4:
            raise IllegalActionError(f"all 4 tiles of position {pos} are exposed already", code="expose.all", params={"position": pos})
        count = s.current.exposed(pos) + 1
        return Exposure(pos, t, count, exposure_effect(pos, count, s.banker))

    def can_expose(self, position: int, tile: TileLike | None = None) -> bool:
        return can(self.verify_expose, position, tile)

    def seen_tiles(self, position: int | None = None) -> tuple[Tile, ...]:
        """The tiles face up for everyone in the current deal: those exposed while dealing and
        named (Art. 2.2), in the order exposed; with ``position``, only the other positions' (its
        own are in its hand)."""
        return tuple(e.tile for e in self._state.current.exposures
                     if e.tile is not None and e.position != position)

    def advice(self, position: int, against: "StrategyLike | None" = None) -> "Advice":
        """:func:`paigow.advise` for the four tiles dealt to ``position`` (the banker's seat for
        the banker's position) with the deal's exposed tiles of the other positions as ``seen``
        (:meth:`seen_tiles`): the other side's hands are those of the tiles neither held nor
        face up. Against the equilibrium by default: with seen tiles, the equilibrium of the
        game left, both seats knowing them. Advice is asked for; it sets nothing."""
        pos = check_position(position)
        self._require(Phase.DEALT, "advise")
        deal = self._state.current.deal
        hand = deal.hands[pos] if deal is not None else None
        if hand is None:
            raise IllegalActionError(f"position {pos} was dealt no tiles the table knows: nothing to advise",
                                     code="advice.no_tiles", params={"position": pos})
        seen = self.seen_tiles(pos)
        return advise(hand, "banker" if pos == self._state.banker else "player", against, rules=self.rules,
                      seen=seen or None)

    def expose(self, position: int, tile: TileLike | None = None) -> Exposure:
        """Record a tile turned face up by accident while dealing (Art. 2.2-2.3), counted per
        position: one, play on; two of a player position, its players take no part in the round
        and all their bets, on any position, stand off; two of the banker's, the deal is void and
        is made again with the bets as they are."""
        e = self.verify_expose(position, tile)
        s = self._state
        ev = Exposed(e.position, e.tile)
        cur = replace(s.current, exposures=s.current.exposures + (e,))
        if e.effect is ExposureEffect.VOID_DEAL and e.count == 2:
            self._commit(ev, void_deals=s.void_deals + (replace(cur, void=True),), current=DealRecord(),
                         phase=Phase.BETTING)
        else:
            self._commit(ev, current=cur)
        return e
