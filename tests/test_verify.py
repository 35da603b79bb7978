"""Provably fair, at a live table (issue 33, item 8): the commitment to the shuffle
(paigow.table.fairness), published before the bets close, revealed after the settlement, checked
by ``paigow verify``."""

from __future__ import annotations

import copy
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from paigow.cli import main
from paigow.errors import IllegalActionError, InvalidRecordError
from paigow.table import Round, Session
from paigow.table.dealing import Stacks, shuffle
from paigow.table.fairness import commit, commit_bytes, new_secret, verify, verify_record, verify_round, verify_view
from paigow.table.records import replay_round, replay_session, round_record, session_record, validate
from paigow.table.views import VIEWERS, public_view, round_view

SECRET = bytes(range(32))


def live_round(settle: bool = True, cut: bool = True) -> Round:
    r = Round(0, live=True)
    r.set_stake(1000)
    r.bet(1, 100, "ann")
    r.bet(4, 200, "bob")
    r.shuffle()
    if cut:
        r.cut(4, 3)
        r.cut(0, 1)
    r.declare("from the first stack")   # a live shake waits for it (Art. 4.4)
    r.shake()
    r.deal()
    if settle:
        for p in (1, 4, 0):
            r.set_hand(p, 0)
        r.settle()
    return r


def record() -> dict[str, Any]:
    return json.loads(json.dumps(round_record(live_round())))


# -- commit and verify --------------------------------------------------------------------------------
def test_the_commitment_is_the_sha256_of_the_documented_bytes() -> None:
    stacks = shuffle(seed=4)
    data = b"paigow-commit/1\n" + str(stacks).encode("ascii") + b"\n" + SECRET
    assert commit_bytes(stacks, SECRET) == data
    assert commit(stacks, SECRET) == hashlib.sha256(data).hexdigest()
    assert commit(str(stacks), SECRET) == commit(stacks, SECRET)   # the text a record holds
    assert verify(commit(stacks, SECRET), str(stacks), SECRET)
    assert len(new_secret()) == 32 and new_secret() != new_secret()


def test_a_tampered_order_or_secret_fails() -> None:
    stacks = shuffle(seed=4)
    c = commit(stacks, SECRET)
    assert not verify(c, stacks.cut(1), SECRET)
    assert not verify(c, stacks, bytes(32))
    assert not verify(c, "not stacks", SECRET)
    assert not verify(c, stacks, b"short")
    assert not verify("0" * 64, stacks, SECRET)
    with pytest.raises(IllegalActionError) as e:
        commit(stacks, b"short")
    assert e.value.code == "shuffle.secret"


# -- the round ----------------------------------------------------------------------------------------
def test_a_live_shuffle_commits_before_the_bets_close() -> None:
    r = Round(0, live=True)
    r.set_stake(1000)
    r.bet(1, 100)
    stacks = r.shuffle()
    c = r.deal_record.commitment
    assert c is not None and verify(c.commitment, stacks, c.secret)
    assert [e.kind for e in r.state.log][-2:] == ["shuffle", "commit"]
    r.bet(2, 100)                       # bets stay open after the commitment ...
    assert not r.frozen
    r.declare("from the first stack")   # a live shake waits for it (Art. 4.4)
    r.shake()                           # ... and close at the shake, the commitment fixed before
    assert r.frozen and r.deal_record.commitment == c
    kinds = [e.kind for e in r.state.log]
    assert kinds.index("commit") < kinds.index("shake")


def test_a_simulation_or_stacks_given_commit_to_nothing_unless_a_secret_is_given() -> None:
    r = Round(0, seed=3)
    r.set_stake(1000)
    r.shuffle()
    assert r.deal_record.commitment is None and "commit" not in [e.kind for e in r.state.log]
    r = Round(0, live=True)
    r.set_stake(1000)
    r.shuffle(shuffle(seed=1))          # the dealer's stacks, as recorded before commitments
    assert r.deal_record.commitment is None
    r = Round(0, seed=3)
    r.set_stake(1000)
    stacks = r.shuffle(shuffle(seed=1), secret=SECRET)
    assert r.deal_record.commitment is not None
    assert r.deal_record.commitment.commitment == commit(stacks, SECRET)


def test_nothing_of_the_order_is_visible_in_a_players_view_before_settlement() -> None:
    r = live_round(settle=False)
    c = r.deal_record.commitment
    assert c is not None
    order, secret = str(r.deal_record.stacks), c.secret.hex()
    for viewer in ("public", "dealer"):
        view = round_view(r, viewer)
        text = json.dumps(view, ensure_ascii=False)
        assert view["commitment"] == c.commitment and view["reveal"] is None
        assert order not in text and secret not in text and view["deal"]["stacks"] is None
    assert secret not in json.dumps(round_view(r, "operator"))   # the operator sees the stacks, not the secret
    for p in (1, 4, 0):
        r.set_hand(p, 0)
    r.settle()
    for viewer in VIEWERS:
        reveal = round_view(r, viewer)["reveal"]
        assert reveal == {"commitment": c.commitment, "stacks": order, "secret": secret, "void_deals": []}
        assert verify(reveal["commitment"], reveal["stacks"], bytes.fromhex(reveal["secret"]))


def test_a_simulations_view_has_no_commitment_keys() -> None:
    r = Round(0, seed=3)
    r.set_stake(1000)
    r.shuffle()
    assert "commitment" not in round_view(r, "public") and "reveal" not in round_view(r, "public")


def test_a_void_deal_commits_again_and_reveals_both() -> None:
    r = Round(0, live=True)
    r.set_stake(1000)
    r.bet(1, 100)
    r.shuffle()
    r.declare("from the first stack")   # a live shake waits for it (Art. 4.4)
    r.shake()
    hand = r.deal().hands[0]
    assert hand is not None
    first = r.deal_record.commitment
    r.expose(0, hand[0])
    r.expose(0, hand[1])                 # the banker's two tiles: the deal is void
    assert round_view(r, "public")["commitment"] is None
    r.shuffle()
    second = r.deal_record.commitment
    assert first is not None and second is not None and second.commitment != first.commitment
    r.shake()
    r.deal()
    r.set_hand(1, 0)
    r.set_hand(0, 0)
    r.settle()
    reveal = round_view(r, "public")["reveal"]
    assert reveal["commitment"] == second.commitment
    assert [v["commitment"] for v in reveal["void_deals"]] == [first.commitment]
    checks = verify_record(json.loads(json.dumps(round_record(r))))
    assert checks[0].ok and len(checks[0].deals) == 2


# -- records ------------------------------------------------------------------------------------------
def test_a_record_round_trips_and_verifies() -> None:
    rec = record()
    validate(rec)
    assert [e["event"] for e in rec["events"]].count("commit") == 1
    again = replay_round(rec)
    assert round_record(again) == rec
    check = verify_round(rec)
    assert check.ok and check.status == "verified"


def test_a_record_with_a_wrong_commitment_is_refused_by_the_replay() -> None:
    rec = record()
    i = next(i for i, e in enumerate(rec["events"]) if e["event"] == "commit")
    rec["events"][i]["secret"] = "00" * 32
    with pytest.raises(InvalidRecordError) as e:
        replay_round(rec)
    assert e.value.code == "record.commit"
    moved = record()
    ev = moved["events"].pop(i)
    moved["events"].insert(0, ev)
    with pytest.raises(InvalidRecordError) as e:
        replay_round(moved)
    assert e.value.code == "record.commit"


def _tamper(rec: dict[str, Any], kind: str, key: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(rec)
    for e in out["events"]:
        if e["event"] == kind:
            e[key] = value(e[key]) if callable(value) else value
    return out


def test_verify_names_what_failed() -> None:
    rec = record()
    stacks = Stacks.parse(next(e["stacks"] for e in rec["events"] if e["event"] == "shuffle"))
    bad_order = _tamper(rec, "shuffle", "stacks", str(stacks.cut(1)))
    assert "commitment mismatch" in verify_round(bad_order).status
    bad_secret = _tamper(rec, "commit", "secret", "11" * 32)
    assert "commitment mismatch" in verify_round(bad_secret).status
    bad_commitment = _tamper(rec, "commit", "commitment", "ab" * 32)
    assert "commitment mismatch" in verify_round(bad_commitment).status

    def swap(hands: dict[str, str]) -> dict[str, str]:
        return {**hands, "1": hands["4"], "4": hands["1"]}

    bad_deal = _tamper(rec, "deal", "hands", swap)
    check = verify_round(bad_deal)
    assert not check.ok and "deal mismatch" in check.status and "commitment" not in check.status
    bad_cut = _tamper(rec, "cut", "stacks", lambda k: k % 7 + 1)
    assert "deal mismatch" in verify_round(bad_cut).status
    bad_dice = copy.deepcopy(rec)
    for e in bad_dice["events"]:
        if e["event"] == "shake":
            d = e["dice"][0]
            e["dice"][0] = d + 1 if d < 6 else 5    # the total off by one: another first stack
    assert "deal mismatch" in verify_round(bad_dice).status
    uncommitted = {**rec, "events": [e for e in rec["events"] if e["event"] != "commit"]}
    assert "no commitment" in verify_round(uncommitted).status


def test_a_session_record_verifies_round_by_round() -> None:
    s = Session(0, live=True)
    for _ in range(2):
        r = s.start_round(1000)
        r.bet(3, 100)
        r.shuffle()
        r.declare("from the first stack")   # a live shake waits for it (Art. 4.4)
        r.shake()
        r.deal()
        r.set_hand(3, 0)
        r.set_hand(r.banker, 0)
        r.settle()
        s.end_round()
        s.pass_bank()
        s.accept()
    rec = json.loads(json.dumps(session_record(s)))
    assert session_record(replay_session(rec)) == rec
    checks = verify_record(rec, [0, 1])
    assert [c.number for c in checks] == [1, 2] and all(c.ok for c in checks)
    assert all(c.ok for c in verify_record(rec))   # without the bankers: the deal's own first stack


# -- paigow verify ------------------------------------------------------------------------------------
def test_paigow_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(record()), encoding="utf-8")
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out == "round 1: verified\n"
    assert main(["verify", "--json", str(good)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verified"] is True and out["rounds"][0]["verified"] is True
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(_tamper(record(), "commit", "secret", "22" * 32)), encoding="utf-8")
    assert main(["verify", str(bad)]) == 1
    assert capsys.readouterr().out.startswith("round 1: commitment mismatch")
    assert main(["verify", "--json", str(bad)]) == 1
    assert json.loads(capsys.readouterr().out)["verified"] is False
    assert main(["verify", str(tmp_path / "missing.json")]) == 2
    assert "[record.unreadable]" in capsys.readouterr().err


def test_paigow_verify_a_session_and_a_simulation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    s = Session(0, live=True)
    r = s.start_round(1000)
    r.bet(3, 100)
    r.shuffle()
    r.declare("from the first stack")   # a live shake waits for it (Art. 4.4)
    r.shake()
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session_record(s)), encoding="utf-8")   # an open round: nothing dealt yet
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out == "round 1: verified\n"
    sim = tmp_path / "sim.json"
    from paigow.table.round import simulated_round

    sim.write_text(json.dumps(round_record(simulated_round(3))), encoding="utf-8")
    assert main(["verify", str(sim)]) == 1
    assert "no commitment" in capsys.readouterr().out


def test_a_players_view_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    r = live_round()
    view = json.loads(json.dumps(public_view(r)))
    assert verify_view(view).ok and verify_view({"round": view}).ok
    bad = copy.deepcopy(view)
    p = next(iter(bad["deal"]["hands"]))
    bad["deal"]["hands"][p] = list(reversed(bad["deal"]["hands"][p]))
    assert "deal mismatch" in verify_view(bad).status
    bad = copy.deepcopy(view)
    bad["reveal"]["secret"] = "33" * 32
    assert "commitment mismatch" in verify_view(bad).status
    assert "not settled" in verify_view(json.loads(json.dumps(public_view(live_round(settle=False))))).status
    path = tmp_path / "view.json"
    path.write_text(json.dumps({"round": view}), encoding="utf-8")
    assert main(["verify", str(path)]) == 0
    assert capsys.readouterr().out == "round 1: verified\n"
    path.write_text(json.dumps({"round": {"commitment": "x", "reveal": {}, "deal": {"cuts": [{}]}}}), encoding="utf-8")
    assert main(["verify", str(path)]) == 2
    assert "[record.invalid]" in capsys.readouterr().err
