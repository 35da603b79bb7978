"""``paigow train``: drills and the challenge in the terminal, one exercise at a time, keyboard
only (docs/training.md).

Each exercise is shown with its choices numbered from 1; the trainee types a number (or the
choice's text) and Enter, or, for a payout, each entry in turn. ``q`` ends the session. Every
answer is journaled to ``--journal FILE`` (one JSON answer record a line) when given; the session
ends with the trainee's statistics, and a challenge with its score and, when passed and asked, a
certificate."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import time
from typing import Any, Optional, TextIO

def _print(text: str = "", file: Optional[TextIO] = None, end: str = "\n") -> None:
    """Print ``text``; what the stream's encoding cannot show (Chinese on an ASCII terminal) as ``?``."""
    stream = file if file is not None else sys.stdout
    enc = getattr(stream, "encoding", None) or "utf-8"
    stream.write((text + end).encode(enc, "replace").decode(enc))


HELP = "train and certify a dealer: drills and a house way's challenge, one exercise at a time"


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "train", help=HELP,
        description="Drills for dealers in the terminal, one exercise at a time, keyboard only: name tiles and "
        "hands, rank hands, judge a comparison, set a hand by a house way or best, settle a round, pay a "
        "Fish-Prawn-Crab slip. Type a choice's number (or its text) and Enter; q ends. With --challenge WAY: the "
        "way's published challenge, scored and timed, and with --certificate a certificate when passed.")
    p.add_argument("drill", nargs="?", default="houseway:foxwoods",
                   help="the drill's key: tile-name, tile-pips, hand-name, rank:macau, compare:us, houseway:foxwoods, "
                   "houseway:canberra#RULE, best:player:macau, payout:macau, pcc ... (default: houseway:foxwoods)")
    p.add_argument("--lang", choices=("zh-Hant", "zh-Hans", "pt", "en"), default="en", help="the trainee's language")
    p.add_argument("--count", type=int, default=20, metavar="N", help="exercises in the drill (default: 20)")
    p.add_argument("--seed", type=int, default=None, metavar="S",
                   help="exercise i is drawn from seed S+i (default: a random S, printed)")
    p.add_argument("--challenge", default=None, metavar="WAY",
                   help="take the challenge of a house way (foxwoods, canberra, or a house-way file) instead")
    p.add_argument("--pass-mark", default="9/10", metavar="MARK", help="the challenge's pass mark (default: 9/10)")
    p.add_argument("--time-limit", type=float, default=None, metavar="SECONDS", help="the challenge's time limit")
    p.add_argument("--trainee", default="trainee", help="the trainee's name in the records")
    p.add_argument("--journal", default=None, metavar="FILE", help="append every answer to FILE (JSON lines)")
    p.add_argument("--certificate", default=None, metavar="FILE",
                   help="with --challenge: write the certificate of a pass to FILE (JSON)")
    p.add_argument("--key-file", default=None, metavar="FILE",
                   help="the operator's key to sign the certificate with (HMAC-SHA256)")
    p.add_argument("--operator", default="operator", help="the operator named on the certificate")
    p.add_argument("--report", default=None, metavar="FILE",
                   help="no exercise: a supervisor's report of the answers journaled in FILE (per trainee, the rules "
                   "missed most)")
    p.add_argument("--json", action="store_true", help="with --report: the report as JSON")
    p.set_defaults(func=_cmd_train)


def _cmd_train(args: argparse.Namespace) -> int:
    from paigow.errors import InvalidOptionError
    from paigow.training import Drill, challenge, drill
    from paigow.training.core import check_seed

    if args.report is not None:
        return _supervise(args)
    if args.count < 1 or args.count > 10_000:
        raise InvalidOptionError(f"--count is 1 to 10000 exercises, not {args.count}", code="training.count")
    if args.challenge is not None:
        c = challenge(args.challenge, args.pass_mark, args.time_limit)
        d: Drill = c.drill()
        seeds: list[int] = list(range(len(c.hands)))
        _print(f"challenge {c.way} ({c.id}): {len(c.hands)} hands, pass mark {c.pass_mark}")
    else:
        d = drill(args.drill)
        start = check_seed(args.seed if args.seed is not None else secrets.randbelow(2**40))
        seeds = [check_seed(start + i) for i in range(args.count)]
        _print(f"drill {d.key}, seed {start}, {len(seeds)} exercises (q ends)")
    session = _Session(args, sys.stdin, sys.stdout)
    began = time.monotonic()
    for n, seed in enumerate(seeds, 1):
        if not session.ask(d, d.draw(seed, args.lang), n, len(seeds)):
            break
    elapsed = time.monotonic() - began
    session.close()
    _report(session.records)
    if args.challenge is not None:
        return _challenge_end(args, c, session.checks, elapsed)
    return 0


class _Session:
    """The exchange with the trainee: shows, reads, checks, journals."""

    def __init__(self, args: argparse.Namespace, inp: TextIO, out: TextIO) -> None:
        self.args, self.inp, self.out = args, inp, out
        self.records: list[Any] = []
        self.checks: list[Any] = []
        self.journal = _open(args.journal, "a", "--journal") if args.journal else None

    def close(self) -> None:
        if self.journal is not None:
            self.journal.close()

    def _line(self, prompt: str) -> Optional[str]:
        _print(prompt, self.out, end="")
        self.out.flush()
        try:
            text = self.inp.readline()
        except UnicodeDecodeError:  # input that is not text ends the session
            return None
        if not text or text.strip().lower() in ("q", "quit"):
            return None
        return text.strip()

    def ask(self, d: Any, ex: Any, n: int, total: int) -> bool:
        """One exercise: False when the trainee quits (or input ends)."""
        from paigow.errors import PaigowError

        _print(f"\n[{n}/{total}] {ex.prompt}", file=self.out)
        for line in _shown(ex):
            _print("  " + line, file=self.out)
        for i, c in enumerate(ex.choices, 1):
            _print(f"  {i}) {c}", file=self.out)
        began = time.monotonic()
        while True:
            answer = self._read(ex)
            if answer is None:
                return False
            try:
                check = d.check(ex, answer)
                break
            except PaigowError as e:
                hint = f"type 1-{len(ex.choices)} or a choice's text" if ex.choices else "type whole numbers"
                _print(f"  ? {e.code}: {hint}", file=self.out)
        ms = int((time.monotonic() - began) * 1000)
        _print("  " + check.explanation, file=self.out)
        self._keep(ex, check, ms)
        return True

    def _read(self, ex: Any) -> Any:
        if not ex.fields:
            text = self._line("> ")
            if text is None:
                return None
            return int(text) - 1 if text.isascii() and text.isdigit() and len(text) < 4 and 0 < int(text) <= len(ex.choices) else text
        entries = {}
        for f in ex.fields:
            text = self._line(f"  {f}: ")
            if text is None:
                return None
            entries[f] = text
        return entries

    def _keep(self, ex: Any, check: Any, ms: int) -> None:
        from paigow.training import AnswerRecord

        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        r = AnswerRecord(self.args.trainee, ex.drill, ex.seed, ex.rule, check.correct, ms, at, check.given,
                         ex.drill if ex.drill.startswith("challenge:") else None)
        self.records.append(r)
        self.checks.append(check)
        if self.journal is not None:
            self.journal.write(json.dumps(r.to_json(), ensure_ascii=False, sort_keys=True) + "\n")
            self.journal.flush()


def _shown(ex: Any) -> list[str]:
    """What the exercise shows, as lines of text."""
    s = ex.shown
    if "positions" in s:
        shares = ", ".join(f"{p} {a}" for p, a in s["shares"])
        lines = [f"banker at {s['banker']}; bank {shares}; commission {s['commission']} rounded {s['rounding']}"]
        for p in s["positions"]:
            bets = ", ".join(f"{b} {a}" for b, a in p["bets"])
            lines.append(f"position {p['position']} {p['outcome']}: {bets}")
        return lines
    if "slip" in s:
        return [f"{i}. {b}" for i, b in enumerate(s["slip"], 1)] + [f"roll: {s['roll']}"]
    if "player" in s:
        return [f"{side}: {' '.join(s[side]['front']['tiles'])} | {' '.join(s[side]['back']['tiles'])}"
                for side in ("player", "banker")]
    if "hands" in s:
        return [f"{i}) {' '.join(h)}" for i, h in enumerate(s["hands"], 1)]
    if "tiles" in s:
        return [" ".join(s["tiles"])]
    return []


def _report(records: list[Any]) -> None:
    from paigow.training import missed_most, summary

    s = summary(records)
    if not s.answered:
        _print("\nno answers")
        return
    _print(f"\n{s.correct}/{s.answered} right ({float(s.accuracy or 0):.0%}), "
          f"{(s.mean_ms or 0) / 1000:.1f} s per answer")
    for drill_key, rule, missed, answered in missed_most(records, 3):
        _print(f"  missed {missed}/{answered}: {rule} ({drill_key})")


def _challenge_end(args: argparse.Namespace, c: Any, checks: list[Any], elapsed: float) -> int:
    from paigow.training import issue_certificate

    r = c.score(checks, elapsed)
    _print(f"challenge {c.way}: {r.correct}/{r.total} in {r.seconds:.0f} s: {'PASSED' if r.passed else 'not passed'}")
    if args.certificate and r.passed:
        key = None
        if args.key_file:
            with _open(args.key_file, "rb", "--key-file") as f:
                key = f.read().strip()
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        cert = issue_certificate(r, args.trainee, args.operator, at, key)
        with _open(args.certificate, "w", "--certificate") as out:
            json.dump(cert, out, ensure_ascii=False, indent=2, sort_keys=True)
        _print(f"certificate: {args.certificate} (sha256 {cert['sha256'][:16]}...)")
    return 0


def _supervise(args: argparse.Namespace) -> int:
    """A supervisor's view of a journal of answers: the group, each trainee, the rules missed most."""
    from paigow.errors import InvalidRecordError
    from paigow.training import AnswerRecord, group_view

    records = []
    with _open(args.report, "r", "--report") as f:
        try:
            lines = list(f)
        except UnicodeDecodeError:
            raise InvalidRecordError(f"{args.report[:80]!r} is not UTF-8 text", code="training.record") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            records.append(AnswerRecord.from_json(json.loads(line)))
        except (ValueError, RecursionError) as e:
            raise InvalidRecordError(f"{args.report[:80]!r} line {n}: {str(e)[:200]}", code="training.record") from None
    view = group_view(records)
    if args.json:
        from paigow.cli._common import write_json

        write_json(view)
        return 0
    from paigow._text import table

    rows = [[name, v["summary"]["answered"], v["summary"]["correct"], f"{(v['summary']['accuracy'] or 0):.0%}",
             f"{(v['summary']['mean_ms'] or 0) / 1000:.1f}", "; ".join(r for _, r, _, _ in v["missed_most"])]
            for name, v in view["trainees"].items()]
    _print(table(["trainee", "answers", "right", "accuracy", "s/answer", "missed most"], rows, right=[1, 2, 3, 4]))
    for drill_key, rule, missed, answered in view["missed_most"]:
        _print(f"missed {missed}/{answered}: {rule} ({drill_key})")
    return 0


def _open(path: str, mode: str, what: str) -> Any:
    """``open``, its failure a one-line error (code ``training.file``)."""
    from paigow.errors import InvalidOptionError

    try:
        return open(path, mode) if "b" in mode else open(path, mode, encoding="utf-8")
    except (OSError, ValueError) as e:
        reason = getattr(e, "strerror", None) or str(e)
        raise InvalidOptionError(f"{what} {path[:80]!r}: {reason}", code="training.file") from None
