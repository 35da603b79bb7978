"""Provably fair, at a live table (docs/serve.md "Provably fair", docs/dealer.md): the commitment
to a shuffle and its verification.

When a live table shuffles, the round draws a secret of 32 random bytes (:func:`new_secret`,
from :mod:`secrets`) with the stacks and publishes, before the bets close, the commitment
:func:`commit`: the SHA-256, in hex, of the bytes

    b"paigow-commit/1\\n" + str(stacks).encode("ascii") + b"\\n" + secret

where ``str(stacks)`` is the row of 8 stacks, front of the row first, each tile written ``a-b``
(the smaller pip count first), tiles separated by one space and stacks by `` | ``: the text a
record's ``shuffle`` event holds. After the settlement the table reveals the stacks and the
secret; anyone can check that they hash to the commitment (:func:`verify`) and that the deal is
what the stacks, the cuts and the dice give (:func:`verify_round`, ``paigow verify``).

>>> from paigow.table.dealing import shuffle
>>> stacks, secret = shuffle(seed=1), bytes(range(32))
>>> c = commit(stacks, secret)
>>> len(c), verify(c, stacks, secret), verify(c, shuffle(seed=2), secret), verify(c, stacks, bytes(32))
(64, True, False, False)

This module reads a record's JSON (checked against its schema, :mod:`paigow.table.records`) and
never replays it: what it checks is the hashing and the dealing alone.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from paigow.errors import IllegalActionError, PaigowError
from paigow.table.dealing import Deal, Stacks, first_position

__all__ = ["DOMAIN", "SECRET_BYTES", "new_secret", "check_secret", "commit_bytes", "commit", "verify",
           "DealCheck", "RoundCheck", "verify_round", "verify_record", "verify_view"]

DOMAIN = b"paigow-commit/1\n"
"""The first bytes hashed: the scheme's name and version."""

SECRET_BYTES = 32
"""The length of a secret, in bytes."""


def new_secret() -> bytes:
    """A fresh secret: 32 bytes from the operating system's secure generator."""
    return secrets.token_bytes(SECRET_BYTES)


def check_secret(secret: object) -> bytes:
    """``secret`` as the 32 bytes of a commitment's secret.

    >>> check_secret(b"short")
    Traceback (most recent call last):
    ...
    paigow.errors.IllegalActionError: a commitment's secret is 32 bytes, not 5
    """
    if not isinstance(secret, bytes):
        raise TypeError(f"a commitment's secret is bytes, not {secret!r}")
    if len(secret) != SECRET_BYTES:
        raise IllegalActionError(f"a commitment's secret is {SECRET_BYTES} bytes, not {len(secret)}",
                                 code="shuffle.secret")
    return secret


def _order_text(order: "Stacks | str") -> str:
    return str(order if isinstance(order, Stacks) else Stacks.parse(order))


def commit_bytes(order: "Stacks | str", secret: bytes) -> bytes:
    """The bytes hashed for a commitment: :data:`DOMAIN`, the stacks' text (``str(stacks)``,
    ASCII; a text given is read and written back canonically), a newline and the secret.

    >>> from paigow.tiles import DECK
    >>> commit_bytes(Stacks.from_tiles(DECK), b"S" * 32)[:34]
    b'paigow-commit/1\\n6-6 6-6 1-1 1-1 | '
    """
    return DOMAIN + _order_text(order).encode("ascii") + b"\n" + check_secret(secret)


def commit(order: "Stacks | str", secret: bytes) -> str:
    """The commitment to ``order`` (the stacks as laid out) with ``secret``: a SHA-256 in hex."""
    return hashlib.sha256(commit_bytes(order, secret)).hexdigest()


def verify(commitment: str, order: "Stacks | str", secret: bytes) -> bool:
    """Whether ``order`` and ``secret`` hash to ``commitment``; False for anything malformed."""
    if not isinstance(commitment, str):
        return False
    try:
        return hmac.compare_digest(commit(order, secret), commitment.lower())
    except (PaigowError, TypeError):
        return False


# -- a record's rounds ------------------------------------------------------------------------------
@dataclass(frozen=True)
class DealCheck:
    """One deal of a round (a void one too): its commitment (None: none made) and what failed."""

    commitment: str | None
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.commitment is not None and not self.problems


@dataclass(frozen=True)
class RoundCheck:
    """A round of a record (``number`` from 1) checked: each deal and the round's problems."""

    number: int
    deals: tuple[DealCheck, ...] = ()
    problems: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """Verified: every deal committed, hashing to its commitment and dealt as its stacks give."""
        return bool(self.deals) and not self.problems and all(d.ok for d in self.deals)

    @property
    def status(self) -> str:
        """``verified``, or what failed (the problems joined by semicolons)."""
        if self.ok:
            return "verified"
        out = list(self.problems)
        for i, d in enumerate(self.deals):
            where = f"deal {i + 1}: " if len(self.deals) > 1 else ""
            if d.commitment is None:
                out.append(f"{where}no commitment (the hands were entered by the dealer, the stacks given, or the"
                           " round recorded before commitments)")
            out += [where + p for p in d.problems]
        return "; ".join(out) or "no shuffle: nothing to verify"

    def to_json(self) -> dict[str, Any]:
        return {"round": self.number, "verified": self.ok, "status": self.status,
                "deals": [{"commitment": d.commitment, "verified": d.ok, "problems": list(d.problems)}
                          for d in self.deals]}


class _Deal:
    """A deal read from a record's events: its stacks, commitment and secret, cuts, dice, hands."""

    def __init__(self, stacks: str, complete: bool = True) -> None:
        self.stacks = stacks
        self.complete = complete   # a record's deal gives every hand; a public view the turned ones
        self.commitment: str | None = None
        self.secret: str | None = None
        self.cuts: list[int] = []
        self.dice: list[int] | None = None
        self.hands: dict[str, str] | None = None

    def check(self, banker: int | None) -> DealCheck:
        if self.commitment is None:
            return DealCheck(None)
        problems = []
        try:
            secret = bytes.fromhex(self.secret or "")
        except ValueError:
            secret = b""
        if not verify(self.commitment, self.stacks, secret):
            problems.append("commitment mismatch: the stacks and the secret revealed do not hash to the commitment")
        problems += self._deal_problems(banker)
        return DealCheck(self.commitment, tuple(problems))

    def _deal_problems(self, banker: int | None) -> list[str]:
        if self.hands is None:
            return []
        if self.dice is None:
            return ["deal mismatch: the tiles were dealt without a valid shake"]
        try:
            row = Stacks.parse(self.stacks)
            for k in self.cuts:
                row = row.cut(k)
            got = Deal.from_hands({int(p): h for p, h in self.hands.items()})
            if banker is not None:
                first = first_position(banker, sum(self.dice), len(self.dice))
            else:   # the banker unknown: the position holding the row's first stack
                first = next((p for p in got.seen if got.hands[p] == row.stacks[0]), 0)
            want = Deal.from_stacks(row, first)
        except PaigowError as e:
            return [f"deal mismatch: {e.message}"]
        wrong = [p for p in got.seen if got.hands[p] != want.hands[p]]
        if wrong or (self.complete and len(got.seen) != 8):
            where = ", ".join(map(str, wrong)) if wrong else "the positions not recorded"
            return [f"deal mismatch: the tiles dealt at {where} are not what the stacks, the cuts and the dice give"]
        return []


def _deals(events: Sequence[Mapping[str, Any]]) -> tuple[list[_Deal], list[str]]:
    """The deals of a round's events, in order (a shuffle starts one), and the problems of
    their order: a commitment comes right after its shuffle, so before any cut or shake of it."""
    deals: list[_Deal] = []
    problems: list[str] = []
    cur: _Deal | None = None
    for i, e in enumerate(events):
        kind = e.get("event")
        if kind == "shuffle":
            cur = _Deal(str(e.get("stacks", "")))
            deals.append(cur)
        elif kind == "commit":
            if cur is None or cur.commitment is not None or events[i - 1].get("event") != "shuffle":
                problems.append(f"events[{i}]: a commitment that does not follow its shuffle")
                continue
            cur.commitment, cur.secret = str(e.get("commitment")), e.get("secret")
        elif cur is None:
            continue
        elif kind == "cut":
            cur.cuts.append(int(e["stacks"]))
        elif kind == "shake":
            cur.dice = None if e.get("void") else list(e["dice"])
        elif kind == "deal":
            cur.hands = dict(e["hands"])
    return deals, problems


def verify_round(record: Mapping[str, Any], number: int = 1) -> RoundCheck:
    """Check a round record (``paigow-round/1``, valid under its schema): for each deal, the
    stacks and the secret revealed hash to the commitment made right after the shuffle (before
    any cut or shake), and the tiles dealt are what the stacks, the cuts and the dice give (the
    deal of :mod:`paigow.table.dealing`). A round with no commitment is not verified."""
    return _check(record["events"], record["banker"], number)


def _check(events: Sequence[Mapping[str, Any]], banker: int | None, number: int) -> RoundCheck:
    deals, problems = _deals(events)
    return RoundCheck(number, tuple(d.check(banker) for d in deals), tuple(problems))


def verify_record(record: Mapping[str, Any], bankers: Sequence[int] | None = None) -> list[RoundCheck]:
    """Check every round of a round record or a session record (valid under its schema).
    ``bankers`` gives the banker of each round of a session (a session's replay knows them);
    without it the first stack's position is read from the deal (its dealing order is still
    checked)."""
    if not str(record.get("format", "")).startswith("paigow-session"):
        return [verify_round(record)]
    rounds = [e["events"] for e in record["events"] if e.get("event") == "round"]
    return [_check(ev, bankers[i] if bankers is not None and i < len(bankers) else None, i + 1)
            for i, ev in enumerate(rounds)]


def verify_view(view: Mapping[str, Any]) -> RoundCheck:
    """Check a settled round as a player sees it: its public view (:mod:`paigow.table.views`;
    a table's state ``{"round": ...}``, or a finished round as the table showed it). The
    ``reveal`` hashes to the ``commitment``, and every hand turned is what the revealed stacks,
    the cuts and the dice shown give; the void deals' reveals are checked against their
    commitments (their cuts and dice are in the round's record, :func:`verify_round`)."""
    r = view["round"] if "round" in view else view
    if r is None or "commitment" not in r:
        return RoundCheck(1, (), ("no commitment: not a live table's round",))
    reveal = r.get("reveal")
    if reveal is None:
        return RoundCheck(1, (), ("not revealed: the round is not settled",))
    deals = []
    for v in reveal.get("void_deals", []):
        d = _Deal(str(v.get("stacks")), complete=False)
        d.commitment, d.secret = str(v.get("commitment")), v.get("secret")
        deals.append(d)
    d = _Deal(str(reveal.get("stacks")), complete=False)
    d.commitment, d.secret = str(reveal.get("commitment")), reveal.get("secret")
    deal = r.get("deal") or {}
    d.cuts = [int(c["stacks"]) for c in deal.get("cuts", [])]
    shakes = [x for x in deal.get("shakes", []) if not x.get("void")]
    d.dice = list(shakes[-1]["dice"]) if shakes else None
    d.hands = {p: " ".join(h) for p, h in (deal.get("hands") or {}).items()}
    deals.append(d)
    problems = () if r.get("commitment") == reveal.get("commitment") else (
        "commitment mismatch: the reveal is not of the commitment shown",)
    return RoundCheck(1, tuple(x.check(r.get("banker")) for x in deals), problems)
