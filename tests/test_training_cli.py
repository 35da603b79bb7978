"""``paigow train`` through its process: answers piped on standard input, keyboard only."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import pytest

from paigow.training import challenge, drill, verify_certificate


def _train(args: list[str], stdin: str, tmp: pathlib.Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")  # the installed paigow (the sdist's tests run beside its sources)
    return subprocess.run([sys.executable, "-m", "paigow", "train", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", cwd=tmp, env=env, timeout=300)


def test_a_drill_is_answered_from_the_keyboard_and_journaled(tmp_path: pathlib.Path) -> None:
    d = drill("houseway:foxwoods")
    exs = [d.draw(100 + i, "zh-Hant") for i in range(4)]
    # right, a bad line then right, wrong (when there is another choice), right by the choice's text
    wrong = (exs[2].expected + 1) % len(exs[2].choices)
    lines = [str(exs[0].expected + 1), "9", str(exs[1].expected + 1), str(wrong + 1), exs[3].choices[exs[3].expected]]
    journal = tmp_path / "answers.jsonl"
    r = _train(["houseway:foxwoods", "--lang", "zh-Hant", "--seed", "100", "--count", "4", "--trainee", "ann",
                "--journal", str(journal)], "\n".join(lines) + "\n", tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.count("按 foxwoods 莊家規則擺這手牌") == 4 and "? training.answer" in r.stdout
    records = [json.loads(x) for x in journal.read_text(encoding="utf-8").splitlines()]
    assert [x["seed"] for x in records] == [100, 101, 102, 103]
    right = [True, True, len(exs[2].choices) == 1, True]
    assert [x["correct"] for x in records] == right and {x["trainee"] for x in records} == {"ann"}
    assert f"{sum(right)}/4 right" in r.stdout
    # the supervisor's report of the journal
    r = _train(["--report", str(journal), "--json"], "", tmp_path)
    view = json.loads(r.stdout)
    assert r.returncode == 0 and view["trainees"]["ann"]["summary"]["answered"] == 4
    assert view["summary"]["correct"] == sum(right)
    r = _train(["--report", str(journal)], "", tmp_path)
    assert r.returncode == 0 and "ann" in r.stdout and "accuracy" in r.stdout
    journal.write_text("{not json\n", encoding="utf-8")
    r = _train(["--report", str(journal)], "", tmp_path)
    assert r.returncode == 2 and r.stderr.strip().endswith("[training.record]")


def test_a_payout_is_entered_field_by_field(tmp_path: pathlib.Path) -> None:
    ex = drill("payout:macau").draw(7)
    entries = "\n".join(str(v) for v in ex.expected.values()) + "\n"
    r = _train(["payout:macau", "--seed", "7", "--count", "1"], entries, tmp_path)
    assert r.returncode == 0 and "Correct" in r.stdout and "1/1 right" in r.stdout, r.stdout + r.stderr


def test_an_ascii_terminal_and_input_that_is_not_text(tmp_path: pathlib.Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    r = subprocess.run([sys.executable, "-m", "paigow", "train", "pcc", "--lang", "zh-Hant", "--seed", "3", "--count",
                        "2"], input=b"\xff\xfe\n", capture_output=True, cwd=tmp_path, env=env, timeout=300)
    assert r.returncode == 0 and b"Traceback" not in r.stderr and b"no answers" in r.stdout, r.stderr


def test_q_ends_the_session_and_end_of_input_too(tmp_path: pathlib.Path) -> None:
    r = _train(["rank:us", "--seed", "1", "--count", "5"], "q\n", tmp_path)
    assert r.returncode == 0 and "no answers" in r.stdout
    r = _train(["compare:macau", "--seed", "1", "--count", "5"], "1\n", tmp_path)
    assert r.returncode == 0 and "/1 right" in r.stdout


def test_a_challenge_passed_writes_a_verifiable_certificate(tmp_path: pathlib.Path) -> None:
    c = challenge("canberra")
    answers = "\n".join(str(ex.expected + 1) for ex in c.exercises("en")) + "\n"
    (tmp_path / "key").write_bytes(b"casino key\n")
    r = _train(["--challenge", "canberra", "--pass-mark", "95%", "--trainee", "bob", "--certificate", "cert.json",
                "--key-file", "key"], answers, tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "challenge canberra: 60/60" in r.stdout and "PASSED" in r.stdout
    cert = json.loads((tmp_path / "cert.json").read_text(encoding="utf-8"))
    body = verify_certificate(cert, b"casino key")
    assert body["trainee"] == "bob" and body["challenge"] == c.id and body["pass_mark"] == "19/20"
    # a failed challenge: said, and no certificate
    r = _train(["--challenge", "canberra", "--certificate", "none.json"], "1\n" * 60, tmp_path)
    assert r.returncode == 0 and "not passed" in r.stdout and not (tmp_path / "none.json").exists()


@pytest.mark.parametrize("args, code", [(["texas"], "training.drill"), (["--count", "0"], "training.count"),
                                        (["--seed", "-3"], "training.seed"),
                                        (["--challenge", "foxwoods", "--pass-mark", "2"], "training.pass_mark"),
                                        (["--journal", "no/such/dir/x.jsonl"], "training.file")])
def test_bad_arguments_are_one_line_errors(tmp_path: pathlib.Path, args: list[str], code: str) -> None:
    r = _train(args, "", tmp_path)
    assert r.returncode == 2 and r.stderr.strip().endswith(f"[{code}]") and len(r.stderr.strip().splitlines()) == 1, \
        r.stderr
