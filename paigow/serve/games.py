"""The games a table of the service plays: Pai Gow (:class:`paigow.serve.tables.Table`),
Fish-Prawn-Crab (:class:`paigow.serve.pcc_tables.PccTable`) and the home game 推牌九
(:class:`paigow.serve.home_tables.HomeTable`), told apart by the table's configuration
(``"game": "pcc"``, ``"game": "home"``; a configuration without ``game`` is Pai Gow's). All
implement one interface, :class:`GameTable`, which is all the service asks of a table; the
journal opens, restores and closes a table through these functions, so both stores keep every game.

>>> t = new_table({"game": "pcc"}, None)
>>> game_of(t), round_open(t), rounds_finished(t)
('pcc', False, 0)
>>> game_of(new_table({"banker": 0}, None)), game_of(new_table({"game": "home"}, 3))
('paigow', 'home')
>>> isinstance(t, GameTable) and isinstance(new_table({"banker": 0}, 5), GameTable)
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

from paigow.serve.errors import ServiceError
from paigow.errors import RuleError
from paigow.serve.home_tables import HomeTable, is_home_config
from paigow.serve.pcc_tables import PccTable, is_pcc_config
from paigow.serve.tables import Table

__all__ = ["GameTable", "AnyTable", "GAMES", "TABLES", "WrongGameError", "game_of", "config_game", "new_table",
           "restore_table", "round_open", "rounds_finished", "require_game"]


@runtime_checkable
class GameTable(Protocol):
    """What the service asks of a table of any game (:class:`~paigow.serve.tables.Table`,
    :class:`~paigow.serve.pcc_tables.PccTable`, :class:`~paigow.serve.home_tables.HomeTable`):
    its game, configuration and mode, the actions accepted (``seq``), one action at a time from
    its JSON (what it drew and the round it finished, for the journal), its views, and its
    snapshot between rounds."""

    game: ClassVar[str]
    config: dict[str, Any]
    seed: int | None
    live: bool
    seq: int
    last_drawn: dict[str, Any] | None
    last_round: dict[str, Any] | None

    @property
    def mode(self) -> str:
        """``"live"`` or ``"simulation"``."""

    @property
    def round_open(self) -> bool:
        """Whether a round is in play (a table closes only between rounds)."""

    @property
    def rounds_finished(self) -> int:
        """The table's finished rounds."""

    def apply(self, action: Mapping[str, Any], drawn: Mapping[str, Any] | None = None) -> Any:
        """Perform one action given as JSON; return its result as JSON."""

    def view(self, public: bool = False) -> dict[str, Any]:
        """The table's state as JSON: the dealer's, or what anyone may see."""

    def snapshot(self) -> dict[str, Any]:
        """The table as JSON, for :func:`restore_table`."""


AnyTable = GameTable
GAMES = ("paigow", "pcc", "home")
TABLES: dict[str, type[Table] | type[PccTable] | type[HomeTable]] = {"paigow": Table, "pcc": PccTable, "home": HomeTable}
"""Each game's table class (its ``game``): built by ``cls(config, seed)``, rebuilt by ``cls.restore``."""


class WrongGameError(ServiceError, RuleError):
    """A table read or acted on through the endpoints of another game."""

    code = "table.game"
    status = 404


def _game(config: Mapping[str, Any]) -> str:
    return "pcc" if is_pcc_config(config) else "home" if is_home_config(config) else "paigow"


def new_table(config: Mapping[str, Any], seed: int | None) -> GameTable:
    """The table ``config`` describes (the engine checks it)."""
    t: GameTable = TABLES[_game(config)](config, seed)
    return t


def restore_table(config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> GameTable:
    """The table a snapshot holds."""
    t: GameTable = TABLES[_game(config)].restore(config, seed, snap)
    return t


def game_of(t: GameTable) -> str:
    """``"pcc"``, ``"home"`` or ``"paigow"``."""
    return t.game


def round_open(t: GameTable) -> bool:
    """Whether a round is in play (a table closes only between rounds)."""
    return t.round_open


def rounds_finished(t: GameTable) -> int:
    """The table's finished rounds."""
    return t.rounds_finished


def config_game(config: str) -> str:
    """The game of a table's configuration (its JSON text): ``"pcc"``, ``"home"`` or ``"paigow"``."""
    return _game(json.loads(config))


def require_game(config: str, game: str, tid: str) -> None:
    """Refuse (``table.game``) a table whose configuration (its JSON text) is not of ``game``."""
    have = config_game(config)
    if have != game:
        where = {"pcc": f"/v1/pcc/tables/{tid}", "home": f"/v1/home/tables/{tid}"}.get(have, f"/v1/tables/{tid}")
        name = {"pcc": "Fish-Prawn-Crab", "paigow": "Pai Gow", "home": "home game (推牌九)"}
        raise WrongGameError(f"table {tid!r} is a {name[have]} table, not a {name[game]} one: it is served at {where}")
