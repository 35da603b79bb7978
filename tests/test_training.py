"""paigow.training: drills reproducible from their seeds, answers checked against the engine,
the challenge of every way covering every rule, statistics and certificates."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import paigow
import pcc
from paigow.errors import IllegalActionError, InvalidOptionError, InvalidRecordError
from paigow.houseway import (CANBERRA, CANBERRA_RULE_IDS, FOXWOODS, RULE_IDS, canberra_without, distinct_hands,
                             foxwoods_without, hand_class, read_house_way)
from paigow.names import hand_name, tile_name
from paigow.table import settlement
from paigow.tiles import FACES, parse_tiles
from paigow.training import (DRILLS, AnswerRecord, Check, HouseWayDrill, PayoutDrill, by_rule, by_trainee, challenge,
                             drill, group_view, issue_certificate, missed_most, summary, verify_certificate)
from paigow.training.challenge import build_challenge
from paigow.training.published import PUBLISHED

KEYS = ["tile-name", "tile-pips", "hand-name", "rank:macau", "rank:us", "compare:macau", "compare:us",
        "houseway:foxwoods", "houseway:canberra", "best:player:macau", "best:banker:us:paid", "payout:macau",
        "payout:us", "pcc", "challenge:foxwoods"]


def _classes(s: paigow.Setting) -> tuple[tuple[int, ...], ...]:
    """A setting as a split of classes (the dealer arranges which hand is low)."""
    return tuple(sorted((tuple(sorted(hand_class(t) for t in s.front.tiles)),
                         tuple(sorted(hand_class(t) for t in s.back.tiles)))))


# -- every drill ------------------------------------------------------------------------------------

@pytest.mark.parametrize("key", KEYS)
def test_an_exercise_is_a_function_of_drill_seed_and_language(key: str) -> None:
    d = drill(key)
    assert d.key == key and drill(d.key) == d
    seeds = range(8) if key.startswith("challenge") else (0, 1, 2**40, 2**63 - 1)
    exs = [d.draw(s, "zh-Hant") for s in seeds]
    assert exs == [drill(key).draw(s, "zh-Hant") for s in seeds]
    assert len({repr(e.shown) for e in exs}) > 1  # seeds draw different exercises
    for s in seeds:
        en, pt = d.draw(s, "en"), d.draw(s, "pt")
        assert en.expected == pt.expected and en.fields == pt.fields and en.prompt != pt.prompt


@pytest.mark.parametrize("key", KEYS)
def test_the_expected_answer_is_right_and_another_is_wrong(key: str) -> None:
    d = drill(key)
    for seed in range(20 if not key.startswith("challenge") else 8):
        ex = d.draw(seed, "en")
        right = d.check(ex, ex.expected)
        assert isinstance(right, Check) and right.correct and right.explanation.startswith("Correct")
        if ex.fields:
            wrong = dict(ex.expected, commission=ex.expected.get("commission", 0) + 1) if "commission" in ex.fields \
                else {f: v + 1 for f, v in ex.expected.items()}
        else:
            if len(ex.choices) < 2:
                continue
            wrong = (ex.expected + 1) % len(ex.choices)
            if ex.drill.startswith("best:"):  # a setting of the best value is right too: another one
                assert "values" not in ex.shown  # the values are the answer: never shown before it
                vals = [d.check(ex, i).cost for i in range(len(ex.choices))]
                worse = [i for i, v in enumerate(vals) if v > 1e-12]
                if not worse:
                    continue
                wrong = worse[0]
            assert d.check(ex, ex.choices[ex.expected]).correct  # the choice's text is an answer too
        c = d.check(ex, wrong)
        assert not c.correct and c.explanation.startswith("Wrong")


@pytest.mark.parametrize("key", ["rank:us", "payout:macau", "pcc"])
@pytest.mark.parametrize("answer", [None, -1, 7, "x", 2.5, "²", "9" * 5000, {"nope": 1}, {"commission": "many"}])
def test_an_invalid_answer_is_refused_not_marked_wrong(key: str, answer: object) -> None:
    d = drill(key)
    ex = d.draw(3)
    if not ex.fields and isinstance(answer, int) and 0 <= answer < len(ex.choices):
        return
    with pytest.raises(InvalidOptionError) as e:
        d.check(ex, answer)
    assert e.value.code == "training.answer"


@pytest.mark.parametrize("bad, code", [("texas", "training.drill"), ("rank:us:x", "training.drill"),
                                        ("best:player:macau:free", "training.drill"), (7, "training.drill"),
                                        ("rank:texas", "rules.unknown"), ("houseway:texas", "houseway.unknown"),
                                        ("houseway:foxwoods#no such rule", "training.rule"),
                                        ("best:dealer", "training.seat")])
def test_an_unknown_drill_is_a_clear_error(bad: object, code: str) -> None:
    with pytest.raises(ValueError) as e:
        drill(bad)  # type: ignore[arg-type]
    assert getattr(e.value, "code", None) == code, e.value


def test_seeds_and_languages_are_checked() -> None:
    d = drill("rank:macau")
    for seed in (-1, 2**63, True, 1.0, "1"):
        with pytest.raises(InvalidOptionError) as e:
            d.draw(seed)  # type: ignore[arg-type]
        assert e.value.code == "training.seed"
    with pytest.raises(InvalidOptionError) as e:
        d.draw(1, "fr")
    assert e.value.code == "training.lang"
    with pytest.raises(InvalidOptionError) as e:
        drill("challenge:foxwoods").draw(60)
    assert e.value.code == "training.seed"
    assert set(DRILLS) == {k.split(":")[0] for k in KEYS}


# -- names, ranks, comparisons --------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "pt", "en"])
def test_tiles_and_hands_are_named_in_the_language(lang: str) -> None:
    for seed in range(60):
        ex = drill("tile-name").draw(seed, lang)
        face = paigow.Tile(*map(int, ex.shown["tiles"][0].split("-")))
        assert ex.choices[ex.expected] == tile_name(face.name_zh, face.name_en, lang)
        assert len(set(ex.choices)) == 4
        ex = drill("tile-pips").draw(seed, lang)
        named = [f for f in FACES if tile_name(f.name_zh, f.name_en, lang) == ex.shown["name"]]
        assert [c for c in ex.choices if c in {str(f) for f in named}] == [ex.choices[ex.expected]]
        ex = drill("hand-name").draw(seed, lang)
        h = paigow.Hand.parse(" ".join(ex.shown["tiles"]))
        assert ex.choices[ex.expected] == hand_name(h.name_zh, h.name_en, lang) and len(set(ex.choices)) == 4
    assert drill("tile-name").draw(0, "zh-Hant").prompt == "這張牌叫甚麼？"


@pytest.mark.parametrize("rules", ["macau", "us"])
def test_rank_and_compare_answer_as_the_engine(rules: str) -> None:
    order = paigow.rules.clean_rules(rules).hand_order
    tags: Counter[str] = Counter()
    for seed in range(400):
        ex = drill(f"rank:{rules}").draw(seed)
        a, b = (paigow.Hand.parse(" ".join(h)).rank_in(order) for h in ex.shown["hands"])
        assert ex.expected == (0 if a > b else 1 if b > a else 2)
        tags[ex.rule] += 1
        ex = drill(f"compare:{rules}").draw(seed)
        p, k = paigow.Setting.from_json(ex.shown["player"]), paigow.Setting.from_json(ex.shown["banker"])
        outcome = paigow.compare(p, k, rules)
        assert ex.expected == {paigow.Outcome.WIN: 0, paigow.Outcome.LOSE: 1, paigow.Outcome.PUSH: 2}[outcome]
        # the explanation's winners of the two hands give the outcome the engine gave
        text = drill(f"compare:{rules}").explain(ex)
        players = text.count("(the player wins)")
        assert outcome == (paigow.Outcome.WIN if players == 2 else paigow.Outcome.LOSE if players == 0
                           else paigow.Outcome.PUSH), text
        tags[ex.rule] += 1
    assert {"equal", "higher", "copy", "zero", "ranks"} <= set(tags), tags


# -- house ways -----------------------------------------------------------------------------------

@pytest.mark.parametrize("way", [FOXWOODS, CANBERRA])
def test_a_hand_set_by_the_way_is_checked_explained_and_practised(way: paigow.houseway.HouseWay) -> None:
    d = HouseWayDrill(way)
    for seed in range(150):
        ex = d.draw(seed, "zh-Hant")
        tiles = parse_tiles(" ".join(ex.shown["tiles"]))
        dec = way.set(tiles)
        assert _classes(paigow.Setting.parse(ex.choices[ex.expected])) == _classes(dec.setting)
        assert ex.rule == dec.rule
        assert d.check(ex, str(dec.setting)).correct  # the setting written out
        if len(ex.choices) > 1:
            c = d.check(ex, (ex.expected + 1) % len(ex.choices))
            assert not c.correct and f"「{dec.rule}」" in c.explanation and "規則" in c.explanation
            assert len(c.practice) == 3 and all(way.set(h).rule == dec.rule for h in c.practice)
    rule = "pair C: split 2s/12s" if way is FOXWOODS else "exception D: a 9"
    narrow = HouseWayDrill(way, rule)
    assert narrow.key.endswith("#" + rule) and drill(narrow.key) == narrow
    assert {narrow.draw(s).rule for s in range(30)} == {rule}


def test_a_hand_set_best_costs_what_advice_says() -> None:
    d = drill("best:player:macau")
    for seed in range(30):
        ex = d.draw(seed)
        a = paigow.advise(" ".join(ex.shown["tiles"]), seat="player")
        best = max(o.value for o in a.options)
        for i, text in enumerate(ex.choices):
            s = paigow.Setting.parse(text)
            value = next(o.value for o in a.options if o.setting == s)
            c = d.check(ex, i)
            assert c.cost == pytest.approx(best - value, abs=1e-12)
            assert c.correct == (value == best)
        assert d.check(ex, ex.expected).cost == 0


# -- the croupier's payouts ---------------------------------------------------------------------

def _payments(ledger: settlement.Ledger, ex: paigow.training.Exercise) -> dict[str, int]:
    """What the croupier pays (+) or collects (-) per bettor and position before commission, read
    off the table's ledger through its own accessors."""
    out = {}
    for p in ex.shown["positions"]:
        for bettor, _ in p["bets"]:
            fee = sum(line.amount for line in ledger.lines if line.kind is settlement.LineKind.COMMISSION
                      and line.position == p["position"] and line.payer == bettor)
            out[f"{p['position']}:{bettor}"] = ledger.result_at(p["position"], bettor) + fee
    out["commission"] = ledger.commission
    return out


def test_the_payout_drill_answers_as_the_table_settles_10000_positions() -> None:
    kinds: Counter[str] = Counter()
    for seed in range(10_000):
        rules = ("macau", "us")[seed % 2]
        ex = drill(f"payout:{rules}").draw(seed)
        g = paigow.rules.clean_rules(rules)
        shares = [paigow.Share(p, s) for p, s in ex.shown["shares"]]
        plays = [paigow.Play(p["position"], {"win": paigow.Outcome.WIN, "lose": paigow.Outcome.LOSE,
                                             "push": paigow.Outcome.PUSH}[p["outcome"]],
                             tuple(paigow.Bet(p["position"], b, a) for b, a in p["bets"])) for p in ex.shown["positions"]]
        ledger = paigow.settle(ex.shown["banker"], shares, plays, paigow.Options(g.commission, g.rounding))
        assert ex.expected == _payments(ledger, ex)
        assert sum(ledger.changes.values()) + ledger.commission == 0
        kinds[ex.rule] += 1
    assert min(kinds[k] for k in ("cap", "backline", "commission")) > 1000, kinds


def test_the_payout_drill_calls_the_tables_settlement(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = settlement.settle

    def spy(*args: object, **kwargs: object) -> settlement.Ledger:
        calls.append(args)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(settlement, "settle", spy)
    ex = PayoutDrill("macau").draw(123)
    assert len(calls) == 1 and calls[0][0] == ex.shown["banker"]


def test_commission_is_rounded_as_the_rule_set_says() -> None:
    ex = next(e for e in (drill("payout:macau").draw(s) for s in range(500))
              if any(p["outcome"] == "win" and any(a * 5 % 100 == 50 for _, a in p["bets"]) for p in e.shown["positions"]))
    assert ex.shown["rounding"] == "half-up" and ex.shown["commission"] == "1/20"


def test_the_pcc_drill_pays_as_pcc_settles() -> None:
    for seed in range(2000):
        ex = drill("pcc").draw(seed, "zh-Hans")
        s = pcc.settle(ex.shown["slip"], ex.shown["roll"])
        assert ex.expected == {str(line.ticket): line.paid for line in s.lines}
    assert "开" in drill("pcc").draw(0, "zh-Hans").prompt


# -- the challenge ----------------------------------------------------------------------------------

def _rules_recorded(way: paigow.houseway.HouseWay) -> set[str]:
    return {rule for _, _, rule in way.settings_of_all()}


def _decision(way: paigow.houseway.HouseWay, hand: object) -> tuple[object, str]:
    d = way.set(hand)  # type: ignore[arg-type]
    return _classes(d.setting), d.rule


@pytest.mark.parametrize("way, ids, without", [(FOXWOODS, RULE_IDS, foxwoods_without),
                                               (CANBERRA, CANBERRA_RULE_IDS, canberra_without)])
def test_the_challenge_covers_every_rule_of_each_shipped_way(way: paigow.houseway.HouseWay, ids: tuple[str, ...],
                                                             without: object) -> None:
    c = challenge(way.name)
    assert len(c.hands) == len(set(c.hands)) == 60 and c.hands == PUBLISHED[way.name]
    assert c.rules == tuple(way.set(h).rule for h in c.hands)
    assert _rules_recorded(way) <= set(c.rules)  # every rule the way can record, at least once
    # every rule id of the way: a hand of the challenge it decides (the way without it sets the
    # hand otherwise, or by another rule), unless the rule decides no hand at all
    for rid in ids:
        other = without(rid)  # type: ignore[operator]
        if any(_decision(other, h) != _decision(way, h) for h in c.hands):
            continue
        assert all(_decision(other, t) == _decision(way, t) for t in distinct_hands()), rid


def test_a_loaded_way_has_a_challenge_of_its_rules(tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "canberra-copy.csv"
    CANBERRA.export(path)
    way = read_house_way(path)
    c = challenge(str(path))
    assert c.way == "canberra-copy" and len(c.hands) == 60 and c.hands == challenge(way).hands
    assert _rules_recorded(way) <= set(c.rules) and c.way_digest == CANBERRA.digest()
    ex = c.drill().draw(5, "pt")
    assert ex.drill == "challenge:canberra-copy" and ex.shown["tiles"] == c.hands[5].split()


def test_a_challenge_is_scored_timed_and_certified() -> None:
    c = challenge("foxwoods", pass_mark="95%", time_limit=600)
    d = c.drill()
    exs = c.exercises("en")
    checks = [d.check(ex, ex.expected) for ex in exs]
    wrong = [d.check(ex, (ex.expected + 1) % len(ex.choices)) if len(ex.choices) > 1 else d.check(ex, ex.expected)
             for ex in exs]
    r = c.score(checks, seconds=300.0)
    assert (r.correct, r.total, r.passed, r.missed) == (60, 60, True, ())
    assert not c.score(checks, seconds=601.0).passed  # over time
    three = c.score(wrong[:3] + checks[3:], seconds=10)
    assert three.correct == 60 - sum(not w.correct for w in wrong[:3]) and three.passed is (three.correct >= 57)
    assert not c.score(checks[:50], seconds=10).passed  # a hand not answered is missed
    key = b"operator secret"
    cert = issue_certificate(r, "ann", "Casino Lisboa", "2026-12-04T12:00:00Z", key)
    assert verify_certificate(cert, key)["trainee"] == "ann" and verify_certificate(cert)["correct"] == 60
    for forged, code in [(dict(cert, correct=59), "certificate.digest"), ({"kind": "x"}, "certificate.syntax")]:
        with pytest.raises(InvalidRecordError) as e:
            verify_certificate(forged, key)
        assert e.value.code == code
    with pytest.raises(InvalidRecordError) as e:
        verify_certificate(cert, b"another key")
    assert e.value.code == "certificate.signature"
    failed = c.score(checks[:50], seconds=10)
    with pytest.raises(IllegalActionError) as e2:
        issue_certificate(failed, "ann", "Casino Lisboa", "2026-12-04T12:00:00Z", key)
    assert e2.value.code == "training.not_passed"


@pytest.mark.parametrize("mark", [0, "0%", "1.5", "x", -1, True])
def test_a_bad_pass_mark_is_refused(mark: object) -> None:
    with pytest.raises(InvalidOptionError) as e:
        challenge("foxwoods", pass_mark=mark)
    assert e.value.code == "training.pass_mark"
    assert challenge("foxwoods", pass_mark="90%").pass_mark == challenge("foxwoods", "9/10").pass_mark == Fraction(9, 10)


@pytest.mark.slow
@pytest.mark.parametrize("way", [FOXWOODS, CANBERRA])
def test_the_published_challenges_are_made_again(way: paigow.houseway.HouseWay) -> None:
    assert build_challenge(way) == PUBLISHED[way.name]


# -- records and statistics ---------------------------------------------------------------------------

def _records() -> list[AnswerRecord]:
    rng = random.Random(5)
    out = []
    for trainee, skill in (("ann", 0.9), ("bob", 0.5)):
        for i in range(200):
            rule = ("pairs: keep the pair", "rule 0: best in both hands", "pair C: split 2s/12s")[i % 3]
            miss = skill if rule != "pair C: split 2s/12s" else skill - 0.4
            out.append(AnswerRecord(trainee, "houseway:foxwoods", i, rule, rng.random() < miss, 1000 + i))
    return out


def test_statistics_per_trainee_and_rule() -> None:
    rs = _records()
    s = summary(rs)
    assert s.answered == 400 and s.correct == sum(r.correct for r in rs) and s.accuracy == Fraction(s.correct, 400)
    assert s.mean_ms == pytest.approx(1099.5) and s.median_ms == 1099.5
    per = by_trainee(rs)
    assert per["ann"].accuracy > per["bob"].accuracy  # type: ignore[operator]
    rules = by_rule([r for r in rs if r.trainee == "bob"])
    assert sum(x.answered for x in rules.values()) == 200
    worst = missed_most([r for r in rs if r.trainee == "bob"], 1)
    assert worst[0][1] == "pair C: split 2s/12s"
    view = group_view(rs, members=["ann", "bob", "chen"])
    assert view["trainees"]["chen"]["summary"]["answered"] == 0 and view["summary"]["answered"] == 400
    assert view["missed_most"][0][1] == "pair C: split 2s/12s"
    assert summary([]).accuracy is None


def test_answer_records_round_trip_and_refuse_garbage() -> None:
    r = AnswerRecord("ann", "pcc", 3, "big", True, 1500, "2026-12-04T12:00:00Z", {"1": 100}, None)
    assert AnswerRecord.from_json(r.to_json()) == r
    for bad in ({"trainee": "ann"}, [], dict(r.to_json(), ms=-1), dict(r.to_json(), extra=1),
                dict(r.to_json(), correct="yes")):
        with pytest.raises(InvalidRecordError) as e:
            AnswerRecord.from_json(bad)
        assert e.value.code == "training.record"


@pytest.mark.parametrize("way", [FOXWOODS, CANBERRA])
def test_every_rule_of_the_shipped_ways_is_explained_in_each_language(way: paigow.houseway.HouseWay) -> None:
    from paigow.training.texts import explain_rule, rule_family

    for rule in sorted(_rules_recorded(way)):
        assert rule_family(rule) != "way", rule  # a family of its own, not the bare label
        texts = [explain_rule(rule, lang) for lang in ("zh-Hant", "zh-Hans", "pt", "en")]
        assert len(set(texts)) == 4 and all(rule in t for t in texts)
    never = [r for r in _rules_recorded(way) if r.startswith("pair A: never")]
    assert never and all(rule_family(r) == "pair-never" for r in never)
    assert explain_rule("our own rule 7", "pt") == "regra da casa: “our own rule 7”"


def test_the_ways_setting_is_one_choice_of_every_distinct_hand() -> None:
    from paigow.training.ways import choices_of, class_key

    for t in distinct_hands():
        keys = [class_key(s) for s in choices_of(t, True)]
        assert len(set(keys)) == len(keys)
        assert class_key(FOXWOODS.set(t).setting) in keys and class_key(CANBERRA.set(t).setting) in keys
