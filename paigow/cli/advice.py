"""``paigow advise``.

``advise`` reads the tiles before it loads any strategy and imports nothing of the table,
settlement, dealing or simulation layers (``paigow solve``: :mod:`paigow.cli.solve`).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from paigow.cli._common import (
    STRATEGY_HELP,
    add_commission,
    commission,
    four_tiles,
    percent,
    strategy_arg,
    write_json,
)

def register(sub: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    p = sub.add_parser(
        "advise",
        help="exact values of the three settings of four tiles, and the best one",
        description="Value each setting of four tiles exactly against the 20,475 hands the other "
        "side can hold, that side setting by a strategy (docs/rules.md §1.9).",
    )
    p.add_argument("tiles", nargs="+", help="four tiles: pips (6-6), Chinese (天) or English (Teen) names")
    p.add_argument("--seat", choices=("player", "banker"), default="player", help="whose hand it is (default: player)")
    p.add_argument("--against", default=None, metavar="STRATEGY",
                   help="how the other side sets its hand (default: the equilibrium of the game as played, "
                   "'equilibrium' without commission, 'equilibrium-paid' with it): " + STRATEGY_HELP
                   + "; with --rules us also a house way: foxwoods, canberra or a house-way file (.csv)")
    add_commission(p)
    add_rules(p)
    p.add_argument("--seen", nargs="+", default=None, metavar="TILE",
                   help="tiles both seats saw (an exposed tile, a settled hand): the other side's hands are those "
                   "of the tiles neither held nor seen; against the equilibrium, the equilibrium of the game left")
    p.add_argument("--exact", action="store_true",
                   help="with --seen, against an equilibrium (by name or none): prove the equilibrium of the game "
                   "left it plays exactly, in fractions (as paid with a paid name or --commission: both sides' "
                   "best-response gains exactly 0)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=_cmd_advise)


def add_rules(parser: argparse.ArgumentParser) -> None:
    """Add ``--rules NAME``: the rule set whose game is asked about (default: macau)."""
    parser.add_argument("--rules", default="macau", metavar="NAME",
                        help="the rule set (paigow.rules.RULE_SETS) whose game it is (default: macau)")


def rules_arg(args: argparse.Namespace) -> Any:
    """The rule set ``--rules`` named, cleaned (an unknown name is InvalidOptionError, code
    ``rules.unknown``)."""
    from paigow.rules import clean_rules

    return clean_rules(args.rules)


def _cmd_advise(args: argparse.Namespace) -> int:
    tiles = four_tiles(args.tiles)  # before any strategy is loaded
    rate = commission(args)
    rules = rules_arg(args)
    other = "banker" if args.seat == "player" else "player"
    from paigow.houseway import is_house_way

    # a house way (US game) by name or file goes to advise as given; else a strategy's name or file
    against = None if args.against is None else args.against if is_house_way(args.against) else \
        strategy_arg(args.against, other)

    from paigow._text import shows_chinese, table
    from paigow.advice import advise

    seen = " ".join(args.seen) if args.seen else None
    if args.exact:
        from paigow.game.values import SHIPPED_NAMES

        if not seen or not (args.against is None or args.against in SHIPPED_NAMES):
            from paigow.errors import InvalidOptionError

            raise InvalidOptionError("--exact proves the equilibrium of the game left: give --seen, against an "
                                     "equilibrium by name (or none)", code="seen.exact")
    a = advise(tiles, seat=args.seat, against=against, commission=rate or False, rules=rules, seen=seen)
    proof = _proof(seen, rules, args.against, rate or 0) if args.exact and seen else None
    if args.json:
        write_json({**a.to_json(), **({"proof": proof} if proof else {})})
        return 0
    zh = shows_chinese()

    def named(x: Any) -> str:
        return f"{x} {x.name_zh if zh else x.name_en}"

    print(f"tiles: {'  '.join(named(t) for t in a.tiles)}   seat: {a.seat}   "
          f"against: {a.against}{f'   commission {percent(a.rate)}' if a.commission else ''}"
          f"{f'   rules: {a.rules}' if a.rules != 'macau' else ''}"
          f"{f'   seen: {chr(32).join(named(t) for t in a.seen)} ({a.opponent_hands} opposing hands)' if a.seen else ''}")
    rows = []
    for k, o in enumerate(a.options):
        mark = "best" if k == a.best else ""
        pct = [f"{100 * x / a.opponent_hands:.2f}%" for x in (o.wins, o.pushes, o.losses)]
        mix = "" if o.probability is None else f"{o.probability:.4f}".rstrip("0").rstrip(".")
        rows.append([k + 1, named(o.setting.front), named(o.setting.back), *pct, f"{o.value:+.5f}", mix, mark])
    shown = any(o.probability is not None for o in a.options)  # against a shipped equilibrium
    header = ["#", "front", "back", "win", "push", "lose", "value", "eq. mix" if shown else "", ""]
    print(table(header, rows, right=[3, 4, 5, 6]))
    if a.mixed:
        print(f"the {a.seat}'s equilibrium mixes this hand: play the settings with the probabilities shown")
    if proof and "rate" in proof:  # the game left as paid: general-sum, a value for each side
        untaxed = " (the bank's wins untaxed)" if proof["bank_rate"] == "0" else ""
        print(f"the equilibrium of the game left as paid at {percent(Fraction(proof['rate']))}{untaxed}, "
              f"{'proven exactly' if proof['exact'] else 'NOT proven'}: the player's value {proof['player_value']}, "
              f"the banker's {proof['banker_value']} a pairing; the best responses gain {proof['player_gain']} "
              f"(player) and {proof['banker_gain']} (banker)")
    elif proof:
        print(f"the equilibrium of the game left, {'proven exactly' if proof['exact'] else 'NOT proven'}: "
              f"the player's value {proof['value']} a pairing; the player's best response "
              f"{proof['player_best']}, the banker's holds it to {proof['banker_best']}")
    return 0 if proof is None or proof["exact"] else 1


def _proof(seen: str, rules: Any, against: Any, rate: Any) -> dict[str, Any]:
    """The exact proof of the kept equilibrium of the game left the other side plays when
    ``seen`` are face up (the game of ``against``'s name, else at ``rate``), as JSON: fractions
    as text. Without commission :func:`paigow.game.seensupport.prove` (one value, both best
    responses equal to it); as paid :func:`paigow.game.seenpaid.prove` (each side's value and
    best-response gain, each at its own rate, both gains 0 when proven; ``rate`` the player's,
    ``bank_rate`` the banker's: 0 where the bank's wins pay none, as in the home game)."""
    from paigow.game import seen as left, seenpaid

    played = Fraction(rate) if against is None else seenpaid.name_rate(against, rules=rules)
    game = seenpaid.game_at(left.rank_counts(left.clean_seen(seen)), rules, played)
    if not played:
        from paigow.game.seensupport import prove

        p = prove(game)
        return {"exact": p.exact, "value": str(p.value), "player_best": str(p.player_best),
                "banker_best": str(p.banker_best)}
    q = seenpaid.prove(game)  # type: ignore[arg-type]
    return {"exact": q.exact, "rate": str(played), "bank_rate": str(game.bank_rate),  # type: ignore[attr-defined]
            "player_value": str(q.player_value),
            "banker_value": str(q.banker_value), "player_gain": str(q.player_gain), "banker_gain": str(q.banker_gain)}
