"""Answer records, statistics over them, and certificates.

Every answer is an :class:`AnswerRecord` (a service journals its JSON). Statistics are pure
functions of a list of records: a trainee's accuracy and time per answer, per drill and rule, the
rules missed most; a supervisor's view of a group is the same per trainee.

A certificate is a JSON value for a passed challenge: who, which way and challenge, the score, the
time, when; ``sha256`` is the digest of its canonical form (keys sorted, no spaces, UTF-8), which a
journal can record, and ``hmac`` the operator's HMAC-SHA256 of the same bytes with the operator's
key. :func:`verify_certificate` checks both.

>>> rs = [AnswerRecord("ann", "houseway:foxwoods", 1, "pairs: keep the pair", False, 4000),
...       AnswerRecord("ann", "houseway:foxwoods", 2, "pairs: keep the pair", True, 2000),
...       AnswerRecord("ann", "rank:macau", 3, "higher", True, 1000)]
>>> s = summary(rs)
>>> s.answered, s.correct, s.accuracy, s.mean_ms
(3, 2, Fraction(2, 3), 2333.3333333333335)
>>> missed_most(rs)
[('houseway:foxwoods', 'pairs: keep the pair', 1, 2)]
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import statistics
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Optional

from paigow.errors import IllegalActionError, InvalidRecordError

__all__ = ["AnswerRecord", "Stats", "summary", "by_rule", "by_drill", "missed_most", "by_trainee", "group_view",
           "issue_certificate", "verify_certificate", "canonical", "CERTIFICATE_KIND"]


@dataclasses.dataclass(frozen=True)
class AnswerRecord:
    """One answer: who, to which exercise (drill key and seed), the rule it trained, right or
    wrong, in how many milliseconds; when (ISO 8601, given by the journal), the answer as given,
    the challenge it belonged to, if any."""

    trainee: str
    drill: str
    seed: int
    rule: str
    correct: bool
    ms: int
    at: str = ""
    given: Any = None
    challenge: Optional[str] = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: object) -> "AnswerRecord":
        """Read :meth:`to_json`'s form (code ``training.record`` when it is not one)."""
        names = {f.name for f in dataclasses.fields(cls)}
        if not isinstance(data, Mapping) or not {"trainee", "drill", "seed", "rule", "correct", "ms"} <= set(data) \
                or set(data) - names:
            raise InvalidRecordError(f"not an answer record: {str(data)[:80]!r}", code="training.record")
        ok = (isinstance(data["trainee"], str) and isinstance(data["drill"], str) and isinstance(data["rule"], str)
              and isinstance(data["correct"], bool) and all(isinstance(data[k], int) and not isinstance(data[k], bool)
                                                            and data[k] >= 0 for k in ("seed", "ms")))
        if not ok:
            raise InvalidRecordError(f"an answer record's fields have the wrong types: {str(data)[:80]!r}",
                                     code="training.record")
        return cls(**dict(data))


@dataclasses.dataclass(frozen=True)
class Stats:
    """Answers, right answers, accuracy (None with no answers), mean and median milliseconds."""

    answered: int
    correct: int
    accuracy: Optional[Fraction]
    mean_ms: Optional[float]
    median_ms: Optional[float]

    def to_json(self) -> dict[str, Any]:
        return {"answered": self.answered, "correct": self.correct,
                "accuracy": None if self.accuracy is None else round(float(self.accuracy), 4),
                "mean_ms": self.mean_ms, "median_ms": self.median_ms}


def summary(records: Iterable[AnswerRecord]) -> Stats:
    """Accuracy and time per answer over ``records``."""
    rs = list(records)
    if not rs:
        return Stats(0, 0, None, None, None)
    right = sum(r.correct for r in rs)
    ms = [r.ms for r in rs]
    return Stats(len(rs), right, Fraction(right, len(rs)), statistics.fmean(ms), float(statistics.median(ms)))


def _grouped(records: Iterable[AnswerRecord], key: Any) -> dict[Any, Stats]:
    groups: dict[Any, list[AnswerRecord]] = {}
    for r in records:
        groups.setdefault(key(r), []).append(r)
    return {k: summary(v) for k, v in sorted(groups.items())}


def by_rule(records: Iterable[AnswerRecord]) -> dict[tuple[str, str], Stats]:
    """:func:`summary` per (drill, rule)."""
    return _grouped(records, lambda r: (r.drill, r.rule))


def by_drill(records: Iterable[AnswerRecord]) -> dict[str, Stats]:
    """:func:`summary` per drill."""
    return _grouped(records, lambda r: r.drill)


def by_trainee(records: Iterable[AnswerRecord]) -> dict[str, Stats]:
    """:func:`summary` per trainee."""
    return _grouped(records, lambda r: r.trainee)


def missed_most(records: Iterable[AnswerRecord], n: int = 5) -> list[tuple[str, str, int, int]]:
    """The ``n`` rules missed most: (drill, rule, missed, answered), most missed first, then the
    highest share missed, then by name."""
    rows = [(d, r, s.answered - s.correct, s.answered) for (d, r), s in by_rule(records).items()
            if s.answered > s.correct]
    rows.sort(key=lambda x: (-x[2], -x[2] / x[3], x[0], x[1]))
    return rows[:n]


def group_view(records: Iterable[AnswerRecord], members: Iterable[str] = ()) -> dict[str, Any]:
    """A supervisor's view of a group: the group's summary, each member's summary and rules
    missed most (members with no answer included), the group's rules missed most."""
    rs = list(records)
    names = sorted(set(members) | {r.trainee for r in rs})
    per = {name: [r for r in rs if r.trainee == name] for name in names}
    return {"summary": summary(rs).to_json(),
            "trainees": {name: {"summary": summary(v).to_json(),
                                "missed_most": [list(x) for x in missed_most(v, 3)]} for name, v in per.items()},
            "missed_most": [list(x) for x in missed_most(rs)]}


# -- certificates ---------------------------------------------------------------------------------

CERTIFICATE_KIND = "paigow-training-certificate/1"


def canonical(value: Mapping[str, Any]) -> bytes:
    """The canonical bytes of a JSON object: keys sorted, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def issue_certificate(result: Any, trainee: str, operator: str, issued: str,
                      key: Optional[bytes] = None) -> dict[str, Any]:
    """The certificate of a passed :class:`~paigow.training.challenge.ChallengeResult`, with its
    ``sha256`` and, given the operator's ``key``, its ``hmac``. A failed result is refused (code
    ``training.not_passed``)."""
    if not result.passed:
        raise IllegalActionError(f"{trainee!r} scored {result.correct}/{result.total} on the {result.way} challenge: "
                                 f"a certificate is for a pass ({result.pass_mark})", code="training.not_passed")
    body = {"kind": CERTIFICATE_KIND, "trainee": trainee, "operator": operator, "issued": issued,
            **result.to_json()}
    cert = dict(body)
    cert["sha256"] = hashlib.sha256(canonical(body)).hexdigest()
    if key is not None:
        cert["hmac"] = hmac.new(key, canonical(body), hashlib.sha256).hexdigest()
    return cert


def verify_certificate(cert: object, key: Optional[bytes] = None) -> dict[str, Any]:
    """The certificate's body if its ``sha256`` matches (and its ``hmac``, given the operator's
    ``key``); else InvalidRecordError: ``certificate.syntax``, ``certificate.digest``,
    ``certificate.signature``."""
    if not isinstance(cert, Mapping) or cert.get("kind") != CERTIFICATE_KIND or not isinstance(cert.get("sha256"), str):
        raise InvalidRecordError(f"not a training certificate ({CERTIFICATE_KIND})", code="certificate.syntax")
    body = {k: v for k, v in cert.items() if k not in ("sha256", "hmac")}
    if not hmac.compare_digest(hashlib.sha256(canonical(body)).hexdigest(), cert["sha256"]):
        raise InvalidRecordError("the certificate's sha256 does not match its content: it was changed",
                                 code="certificate.digest")
    if key is not None:
        mac = cert.get("hmac")
        want = hmac.new(key, canonical(body), hashlib.sha256).hexdigest()
        if not isinstance(mac, str) or not hmac.compare_digest(mac, want):
            raise InvalidRecordError("the certificate's hmac is not the operator's: not signed with this key",
                                     code="certificate.signature")
    return body
