"""What every drill shares: the exercise and the check as frozen values, seeds, answers.

A drill is a frozen value with a :attr:`Drill.key` (the text that names it again:
``"houseway:foxwoods"``) and three methods: :meth:`Drill.draw` an exercise from a seed,
:meth:`Drill.check` an answer, :meth:`Drill.explain` an exercise. An exercise is a function of
(drill, seed, language) alone, so a service keeps nothing between drawing and checking: it draws
the exercise again from its seed (:func:`paigow.training.drill`).

An answer is the index of a choice (or the choice's text) for a multiple-choice exercise, or a
mapping from each field to a whole number for an entry exercise (payouts).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from typing import Any, Optional

from paigow.errors import InvalidOptionError
from paigow.training.texts import check_lang, say

__all__ = ["Exercise", "Check", "Drill", "MAX_SEED", "check_seed", "rng_for", "read_choice", "read_entries"]

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers in [0, MAX_SEED]."""


def check_seed(seed: object) -> int:
    """``seed`` if it is a whole number in [0, :data:`MAX_SEED`] (code ``training.seed``)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidOptionError(f"a seed is a whole number from 0 to 2**63-1, not {str(seed)[:40]!r}",
                                 code="training.seed")
    return seed


def rng_for(key: str, seed: int) -> random.Random:
    """The random source of exercise ``seed`` of drill ``key`` (the same on every platform)."""
    return random.Random(f"{key}|{check_seed(seed)}")


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One exercise of a drill: what the trainee is shown and what is expected.

    - ``drill``, ``seed``, ``lang``: the drill's key, the seed, the language: these three draw it again
    - ``prompt``: the question in ``lang``
    - ``shown``: what the page draws (tiles as ``"6-6"``, hands, bets), as JSON
    - ``choices``: the texts to choose from (empty for an entry exercise)
    - ``fields``: the names of the numbers to enter (empty for a multiple-choice exercise)
    - ``expected``: the index of the right choice, or each field's number
    - ``rule``: what the exercise trains (a house way's rule label, ``"copy"``, ``"cap"`` ...), for statistics
    """

    drill: str
    seed: int
    lang: str
    prompt: str
    shown: Mapping[str, Any]
    choices: tuple[str, ...]
    fields: tuple[str, ...]
    expected: Any
    rule: str

    def to_json(self, reveal: bool = False) -> dict[str, Any]:
        """The exercise for a page; the expected answer only when ``reveal``."""
        out: dict[str, Any] = {"drill": self.drill, "seed": self.seed, "lang": self.lang, "prompt": self.prompt,
                               "shown": dict(self.shown), "choices": list(self.choices),
                               "fields": list(self.fields), "rule": self.rule}
        if reveal:
            out["expected"] = dict(self.expected) if isinstance(self.expected, Mapping) else self.expected
        return out


@dataclasses.dataclass(frozen=True)
class Check:
    """The verdict on an answer: ``correct``, the answer as read (``given``) and the
    ``expected`` one, an ``explanation`` in the exercise's language, the ``rule`` trained, the
    ``cost`` of the answer where a setting has a value (per unit bet, against the best), and, when
    the trainee erred on a house-way rule, ``practice``: hands of that rule to set again."""

    drill: str
    seed: int
    correct: bool
    given: Any
    expected: Any
    explanation: str
    rule: str
    cost: Optional[float] = None
    practice: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"drill": self.drill, "seed": self.seed, "correct": self.correct, "given": self.given,
                "expected": self.expected, "explanation": self.explanation, "rule": self.rule,
                "cost": self.cost, "practice": list(self.practice)}


def read_choice(ex: Exercise, answer: object) -> int:
    """A choice answer as the index of the choice: an index, or a choice's text (code
    ``training.answer`` when it is neither)."""
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(ex.choices):
        return answer
    if isinstance(answer, str):
        text = answer.strip()
        if text.isascii() and text.isdigit() and len(text) < 6 and int(text) < len(ex.choices):
            return int(text)
        for i, c in enumerate(ex.choices):
            if c == text:
                return i
    raise InvalidOptionError(f"the answer {str(answer)[:60]!r} is none of the {len(ex.choices)} choices: "
                             f"give an index 0-{len(ex.choices) - 1} or a choice's text", code="training.answer")


def read_entries(ex: Exercise, answer: object) -> dict[str, int]:
    """An entry answer as ``{field: whole number}`` with every field of the exercise (code
    ``training.answer`` for a missing, unknown or non-whole entry)."""
    if not isinstance(answer, Mapping):
        raise InvalidOptionError(f"the answer to a {ex.drill} exercise maps each of {', '.join(ex.fields)} to a "
                                 f"whole number, not {str(answer)[:60]!r}", code="training.answer")
    unknown = sorted(str(k) for k in answer if k not in ex.fields)
    missing = [f for f in ex.fields if f not in answer]
    if unknown or missing:
        raise InvalidOptionError(f"the answer's entries are {', '.join(ex.fields)}: "
                                 + (f"unknown {unknown[0][:40]!r}" if unknown else f"missing {missing[0]!r}"),
                                 code="training.answer")
    out = {}
    for f in ex.fields:
        v = answer[f]
        if isinstance(v, str) and v.strip().lstrip("+-").isascii() and v.strip().lstrip("+-").isdigit() \
                and len(v.strip()) < 19:
            v = int(v.strip())
        if isinstance(v, bool) or not isinstance(v, int) or abs(v) >= 10**15:
            raise InvalidOptionError(f"the entry {f!r} is a whole number, not {str(v)[:40]!r}", code="training.answer")
        out[f] = v
    return out


class Drill:
    """A drill: draws exercises from seeds, checks answers, explains. Subclasses are frozen
    dataclasses stating :attr:`key`, :meth:`_make` and :meth:`_explain`; entry drills and
    house-way drills add to :meth:`check`."""

    name: str = ""

    @property
    def key(self) -> str:
        """The text that names this drill again (:func:`paigow.training.drill` reads it)."""
        return self.name

    def draw(self, seed: int, lang: str = "en") -> Exercise:
        """Exercise ``seed`` in ``lang``: the same for the same drill, seed and language."""
        return self._make(rng_for(self.key, seed), seed, check_lang(lang))

    def _make(self, rng: random.Random, seed: int, lang: str) -> Exercise:  # pragma: no cover
        raise NotImplementedError

    def explain(self, ex: Exercise) -> str:
        """Why the expected answer is right, in the exercise's language."""
        return self._explain(ex)

    def _explain(self, ex: Exercise) -> str:  # pragma: no cover
        raise NotImplementedError

    def check(self, ex: Exercise, answer: object) -> Check:
        """The verdict on ``answer`` to ``ex``: an invalid answer is InvalidOptionError (code
        ``training.answer``), never a wrong one."""
        if ex.fields:
            given: Any = read_entries(ex, answer)
            correct = given == dict(ex.expected)
            expected: Any = dict(ex.expected)
        else:
            given = read_choice(ex, answer)
            correct = given == ex.expected
            expected = ex.expected
        verdict = say("correct", ex.lang) if correct else say("wrong", ex.lang, expected=self._shown_answer(ex))
        return Check(ex.drill, ex.seed, correct, given, expected, f"{verdict}. {self.explain(ex)}", ex.rule)

    def _shown_answer(self, ex: Exercise) -> str:
        if ex.fields:
            return ", ".join(f"{f} {v:+d}" if f != "commission" else f"{f} {v}" for f, v in dict(ex.expected).items())
        return str(ex.choices[ex.expected])
