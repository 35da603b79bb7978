"""The dealer's subcommands: ``paigow round`` (a whole simulated round) and ``paigow settle``
(a round's record in, the record with its result out). The record format is
:mod:`paigow.table.records` (docs/dealer.md); ``paigow round --json | paigow settle -`` prints the same
round back."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from paigow.table.round import RoundResult

from paigow.cli._common import add_commission, percent, seed
from paigow.errors import BetSyntaxError, IllegalBetError, InvalidRecordError
from paigow.rules import MACAU, RULE_SETS, clean_rules
from paigow.table.positions import betting_order, check_position
from paigow.setting import Outcome
from paigow.table.settlement import Options, Rounding

_OUTCOME = {Outcome.WIN: "win", Outcome.PUSH: "push", Outcome.LOSE: "lose"}


def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "round",
        help="simulate a whole round: dice, stacks, hands, settings, outcomes and the ledger",
        description="Simulate one round of Pai Gow at a table of 8 positions: the shuffle, the dice "
        "and the first stack, the deal, each hand set by a strategy and arranged by the dealer, "
        "each position against the banker, and the ledger (who pays whom, in order, with the "
        "commission). Secure shuffle by default; --seed replays a round exactly.",
    )
    p.add_argument("--seed", type=seed, help="seed (0 to 2**64-1) for a reproducible round (default: operating-system entropy)")
    p.add_argument("--banker", type=int, default=0, help="the banker's position, 0-7 (default 0)")
    p.add_argument("--stake", type=int, default=1000, help="the banker's stake in minor units (default 1000)")
    p.add_argument("--bet", type=int, default=100, help="the bet on every player position (default 100)")
    p.add_argument("--bets", metavar="P=N[,P=N...]",
                   help="bets by position instead of --bet on every position, e.g. '1=100,4=250'")
    p.add_argument("--house", type=int, metavar="N", help="the house's share of the bank (co-banking)")
    p.add_argument("--strategy", help="how the hands are set: max-back or equilibrium (default: equilibrium)")
    p.add_argument("--banker-strategy", help="the banker's strategy (default: --strategy)")
    p.add_argument("--rules", default=MACAU.name, metavar="NAME",
                   help="the rule set the table plays by: " + ", ".join(sorted(RULE_SETS))
                   + " (default macau: Portaria 96/85/M)")
    _option_args(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_round)

    s = sub.add_parser(
        "settle",
        help="settle a round from its record (JSON in, the record with its result out)",
        description="Read a round's record (format paigow-round/1: what happened at the table in "
        "order: stake, co-banks, bets, dice, the deal, exposed tiles, every hand's setting) from FILE "
        "or standard input (UTF-8, or UTF-16 with a byte-order mark), replay it by the rules, settle "
        "it and print the record with its result (the ledger) as JSON. Every hand must be set in "
        "the record: the engine sets none (Art. 7.1). The format is in docs/dealer.md; its JSON "
        "Schema ships as paigow/schemas/round.json.",
    )
    s.add_argument("file", nargs="?", default="-", help="the record (default: standard input)")
    _option_args(s)
    s.set_defaults(func=_cmd_settle)


def _option_args(p: argparse.ArgumentParser) -> None:
    add_commission(p, absent="5%%")
    p.add_argument("--rounding", choices=[r.value for r in Rounding], help="rounding of commission (default half-up)")


def _options(args: argparse.Namespace, base: Options) -> Options:
    return Options(args.commission if args.commission is not None else base.commission,
                   args.rounding if args.rounding is not None else base.rounding)


def _parse_bets(text: str) -> dict[int, int]:
    out: dict[int, int] = {}
    for part in text.split(","):
        pos, eq, amount = part.partition("=")
        from paigow.table.positions import parse_amount

        if not eq or not pos.strip().isdigit() or len(pos.strip()) > 2 or not amount.strip().lstrip("-").isdigit():
            raise BetSyntaxError(f"--bets takes 'position=amount' pairs like '1=100,4=250', not {part[:40]!r}",
                                 code="cli.bets_syntax")
        p, a = int(pos), parse_amount(amount.strip(), "--bets", text)
        check_position(p, "bet position", IllegalBetError, code="bet.position")
        if p in out:
            raise BetSyntaxError(f"--bets gives position {p} twice", code="cli.bets_twice")
        out[p] = a
    return out


def _cmd_round(args: argparse.Namespace) -> int:
    from paigow.table.records import round_record
    from paigow.table.round import simulated_round

    check_position(args.banker, "banker")
    bets = _parse_bets(args.bets) if args.bets else {p: args.bet for p in betting_order(args.banker)}
    rules = clean_rules(args.rules)
    r = simulated_round(
        args.seed, banker=args.banker, stake=args.stake, bets=bets, house_stake=args.house,
        strategy=args.strategy, banker_strategy=args.banker_strategy, rules=rules,
        options=_options(args, Options(rules.commission, rules.rounding)),
    )
    if args.json:
        print(json.dumps(round_record(r, seed=args.seed), ensure_ascii=False, indent=2))
    else:
        assert r.result is not None
        print(render(r.result, args.seed, capped=rules.bank == "rotation"))
    return 0


def _cmd_settle(args: argparse.Namespace) -> int:
    from paigow.table.records import read_record, record_options, replay_round, round_record

    data: "bytes | str"
    try:
        if args.file == "-":
            buffer = getattr(sys.stdin, "buffer", None)
            data = buffer.read() if buffer is not None else sys.stdin.read()
        else:
            with open(args.file, "rb") as f:
                data = f.read()
    except OSError as e:
        raise InvalidRecordError(f"cannot read the record {args.file!r}: {e.strerror}", code="record.unreadable") from None
    record = read_record(data)
    if args.commission is not None or args.rounding is not None:
        record = dict(record)
        record["options"] = _options(args, record_options(record)).to_json()
        record.pop("result", None)   # settled afresh under the options given
    r = replay_round(record)
    if r.result is None:
        r.settle()
    print(json.dumps(round_record(r, seed=record.get("seed")), ensure_ascii=False, indent=2))
    return 0


def render(result: "RoundResult", seed: int | None = None, capped: bool = True) -> str:
    """A settled round as text a person can follow: the bank, the dice, the deal, each
    position, the ledger lines in order, the changes and any claims. ``capped``: the bank cap
    binds (a rotating bank, Art. 4.5; a US bank covers every bet, and no cap is shown)."""
    from paigow._text import name, table

    led = result.ledger
    banker = result.banker
    who = "the house" if result.house_banks else result.players[banker]
    out = [f"Pai Gow round: banker at position {banker} ({who})"
           + (f", seed {seed}" if seed is not None else ", secure shuffle")]
    out.append("bank: " + ", ".join(str(s) for s in result.shares) + f" = {led.bank}"
               + f"; commission {percent(led.options.commission)} ({led.options.rounding.value})")
    for d in result.deals:
        for roll in d.shakes:
            if roll.void is not None:
                out.append(f"dice: {roll}: void, shaken again")
        if d.cuts:
            out.append("cuts: " + ", ".join(str(c) for c in d.cuts))
        if d.stacks is not None:
            out.append(f"stacks: {d.stacks}")
        counted = d.dice
        if counted is not None:
            out.append(f"dice: {counted} -> counting the banker as 1, the first stack goes to position"
                       f" {counted.first_position(banker)}")
        for e in d.exposures:
            out.append(f"exposed: {e}")
        if d.void:
            out.append("the deal is void (two of the banker's tiles exposed) and is made again")
    out.append("")
    rows: list[list[object]] = []
    plays = {p.position: p for p in result.plays}
    for pos in (banker,) + betting_order(banker):
        hand = result.deal.hands[pos]
        s = result.settings[pos]
        play = plays.get(pos)
        bets = ", ".join(f"{b} {a}" for b, a in play.stakes) if play else ""
        if pos == banker:
            verdict = "banker"
        elif play is None:
            verdict = ""
        elif play.outcome is None:
            verdict = "sits out"
        else:
            verdict = _OUTCOME[play.outcome]
        rows.append([
            pos, bets, " ".join(map(str, hand)) if hand else "",
            str(s) if s else "", name(s.front) if s else "", name(s.back) if s else "", verdict,
        ])
    out.append(table(["pos", "bets", "tiles", "setting (front | back)", "front", "back", "outcome"], rows))
    for pos, way in enumerate(result.ways):
        if way is not None:
            why = {"house": "the house's hand", "asked": f"asked by {way.by or 'the holder'}",
                   "foul": f"re-set after a foul ({way.placed[0]} | {way.placed[1]})" if way.placed else "foul"}[way.why]
            out.append(f"house way ({way.way}) at {pos}, {why}: {way.setting} by {way.rule}")
    out.append("")
    out.append("ledger, in order:")
    lines = [[x.step, "" if x.position is None else x.position, x.kind.value,
              "(returned)" if x.payer == x.payee else x.payer, x.payee, x.amount] for x in led.lines]
    out.append(table(["step", "pos", "kind", "from", "to", "amount"], lines, right=[0, 5]))
    out.append("")
    changes = [[p, f"{v:+d}"] for p, v in led.changes.items()]
    changes.append(["commission (house)", f"{led.commission:+d}"])
    out.append(table(["party", "change"], changes, right=[1]))
    cap = f" (cap +/-{led.bank})" if capped else ""
    out.append(f"bank result {led.bank_result:+d}{cap}; changes + commission = "
               f"{sum(led.changes.values()) + led.commission}")
    if led.stood_off:
        out.append("stood off (returned): " + ", ".join(f"{p} {v}" for p, v in led.stood_off.items()))
    for c in led.claims:
        out.append(f"backline claim (Art. 7.2, between players): {c}")
    return "\n".join(out)
