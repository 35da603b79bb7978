"""The games a table of the service plays: Pai Gow (:class:`paigow.serve.tables.Table`) and
Fish-Prawn-Crab (:class:`paigow.serve.pcc_tables.PccTable`), told apart by the table's
configuration (``"game": "pcc"``; a configuration without ``game`` is Pai Gow's). The journal
opens, restores and closes a table through these functions, so both stores keep both games.

>>> t = new_table({"game": "pcc"}, None)
>>> game_of(t), round_open(t), rounds_finished(t)
('pcc', False, 0)
>>> game_of(new_table({"banker": 0}, None))
'paigow'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Union

from paigow.serve.errors import ServiceError
from paigow.errors import RuleError
from paigow.serve.pcc_tables import PccTable, is_pcc_config
from paigow.serve.tables import Table

__all__ = ["AnyTable", "GAMES", "WrongGameError", "game_of", "config_game", "new_table", "restore_table", "round_open",
           "rounds_finished", "require_game"]

AnyTable = Union[Table, PccTable]
GAMES = ("paigow", "pcc")


class WrongGameError(ServiceError, RuleError):
    """A table read or acted on through the endpoints of another game."""

    code = "table.game"
    status = 404


def new_table(config: Mapping[str, Any], seed: int | None) -> AnyTable:
    """The table ``config`` describes (the engine checks it)."""
    return PccTable(config, seed) if is_pcc_config(config) else Table(config, seed)


def restore_table(config: Mapping[str, Any], seed: int | None, snap: Mapping[str, Any]) -> AnyTable:
    """The table a snapshot holds."""
    if is_pcc_config(config):
        return PccTable.restore(config, seed, snap)
    return Table.restore(config, seed, snap)


def game_of(t: AnyTable) -> str:
    """``"pcc"`` or ``"paigow"``."""
    return "pcc" if isinstance(t, PccTable) else "paigow"


def round_open(t: AnyTable) -> bool:
    """Whether a round is in play (a table closes only between rounds)."""
    return t.round_open if isinstance(t, PccTable) else t.session.round is not None


def rounds_finished(t: AnyTable) -> int:
    """The table's finished rounds."""
    return t.finished if isinstance(t, PccTable) else len(t.session.state.history)


def config_game(config: str) -> str:
    """The game of a table's configuration (its JSON text): ``"pcc"`` or ``"paigow"``."""
    return "pcc" if is_pcc_config(json.loads(config)) else "paigow"


def require_game(config: str, game: str, tid: str) -> None:
    """Refuse (``table.game``) a table whose configuration (its JSON text) is not of ``game``."""
    have = config_game(config)
    if have != game:
        where = f"/v1/pcc/tables/{tid}" if have == "pcc" else f"/v1/tables/{tid}"
        name = {"pcc": "Fish-Prawn-Crab", "paigow": "Pai Gow"}
        raise WrongGameError(f"table {tid!r} is a {name[have]} table, not a {name[game]} one: it is served at {where}")
