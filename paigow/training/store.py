"""Where a service keeps its trainees, groups, answers, challenge attempts and certificates: the
small interface :class:`TrainingStore`; :class:`SqliteTrainingStore` over the standard library's
sqlite3 (a file, or ``":memory:"``) and :class:`PostgresTrainingStore` over PostgreSQL, one
schema and one set of statements.

Trainees are known by their token's SHA-256, never the token itself. Everything belongs to an
operator: one operator never reads another's trainees, groups or answers.

>>> s = SqliteTrainingStore(":memory:")
>>> s.add_group("pit-1", "night shift", "9/10", None)
>>> token = s.add_trainee("pit-1", "ann", "night shift")
>>> s.trainee(token)
Trainee(operator='pit-1', name='ann', group='night shift')
>>> s.trainee("wrong") is None
True
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import sqlite3
import threading
import time
from typing import Any, Optional, Protocol

from paigow.errors import IllegalActionError, InvalidOptionError
from paigow.training.records import AnswerRecord

__all__ = ["Trainee", "Group", "Attempt", "TrainingStore", "SqliteTrainingStore", "PostgresTrainingStore", "token_hash"]


@dataclasses.dataclass(frozen=True)
class Trainee:
    operator: str
    name: str
    group: str


@dataclasses.dataclass(frozen=True)
class Group:
    operator: str
    name: str
    pass_mark: str
    time_limit: Optional[float]


@dataclasses.dataclass(frozen=True)
class Attempt:
    """A trainee's attempt at a way's challenge: started and finished (epoch seconds), the result
    once finished."""

    id: str
    operator: str
    trainee: str
    way: str
    started: float
    finished: Optional[float] = None
    result: Optional[dict[str, Any]] = None


def token_hash(token: str) -> str:
    """What a store keeps of a trainee's token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class TrainingStore(Protocol):
    """What the training API needs of a store."""

    def add_group(self, operator: str, name: str, pass_mark: str, time_limit: Optional[float]) -> None: ...
    def groups(self, operator: str) -> list[Group]: ...
    def group(self, operator: str, name: str) -> Optional[Group]: ...
    def add_trainee(self, operator: str, name: str, group: str) -> str: ...
    def trainee(self, token: str) -> Optional[Trainee]: ...
    def trainees(self, operator: str, group: Optional[str] = None) -> list[Trainee]: ...
    def append_answer(self, operator: str, record: AnswerRecord) -> None: ...
    def answers(self, operator: str, trainees: Optional[list[str]] = None) -> list[AnswerRecord]: ...
    def start_attempt(self, operator: str, trainee: str, way: str) -> Attempt: ...
    def attempt(self, operator: str, attempt_id: str) -> Optional[Attempt]: ...
    def finish_attempt(self, operator: str, attempt_id: str, result: dict[str, Any]) -> Attempt: ...
    def add_certificate(self, operator: str, cert: dict[str, Any]) -> None: ...
    def certificate(self, sha256: str) -> Optional[tuple[str, dict[str, Any]]]: ...


# the schema in both dialects: {ID} an auto-numbered key, {FLOAT} an 8-byte float
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS training_groups (operator TEXT, name TEXT, pass_mark TEXT, time_limit {FLOAT}, "
    "PRIMARY KEY (operator, name))",
    "CREATE TABLE IF NOT EXISTS training_trainees (token_hash TEXT PRIMARY KEY, operator TEXT, name TEXT, grp TEXT, "
    "UNIQUE (operator, name))",
    "CREATE TABLE IF NOT EXISTS training_answers (id {ID}, operator TEXT, trainee TEXT, record TEXT)",
    "CREATE INDEX IF NOT EXISTS training_answers_by ON training_answers (operator, trainee)",
    "CREATE TABLE IF NOT EXISTS training_attempts (id TEXT PRIMARY KEY, operator TEXT, trainee TEXT, way TEXT, "
    "started {FLOAT}, finished {FLOAT}, result TEXT)",
    "CREATE TABLE IF NOT EXISTS training_certificates (sha256 TEXT PRIMARY KEY, operator TEXT, cert TEXT)",
)


class SqliteTrainingStore:
    """:class:`TrainingStore` over SQLite: one connection, writes serialised by a lock.
    :class:`PostgresTrainingStore` is the same over PostgreSQL."""

    _ID, _FLOAT = "INTEGER PRIMARY KEY AUTOINCREMENT", "REAL"

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        self._db: Any = self._connect(path)
        with self._lock:
            for sql in _SCHEMA:
                self._db.execute(sql.format(ID=self._ID, FLOAT=self._FLOAT))

    def _connect(self, path: str) -> Any:
        return sqlite3.connect(path, check_same_thread=False, isolation_level=None)

    def _sql(self, sql: str) -> str:
        return sql

    def _unique(self, e: Exception) -> bool:
        return isinstance(e, sqlite3.IntegrityError)

    def close(self) -> None:
        self._db.close()

    def _rows(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            return list(self._db.execute(self._sql(sql), args).fetchall())

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        with self._lock:
            self._db.execute(self._sql(sql), args)

    # -- groups and trainees
    def add_group(self, operator: str, name: str, pass_mark: str, time_limit: Optional[float]) -> None:
        self._write("INSERT INTO training_groups VALUES (?, ?, ?, ?) ON CONFLICT (operator, name) DO UPDATE "
                    "SET pass_mark = excluded.pass_mark, time_limit = excluded.time_limit",
                    (operator, name, pass_mark, time_limit))

    def groups(self, operator: str) -> list[Group]:
        return [Group(*r) for r in self._rows("SELECT * FROM training_groups WHERE operator = ? ORDER BY name",
                                              (operator,))]

    def group(self, operator: str, name: str) -> Optional[Group]:
        rows = self._rows("SELECT * FROM training_groups WHERE operator = ? AND name = ?", (operator, name))
        return Group(*rows[0]) if rows else None

    def add_trainee(self, operator: str, name: str, group: str) -> str:
        """A new trainee of ``group`` (which must exist), and the token he answers with; a name
        the operator already gave is refused (code ``training.trainee``)."""
        if self.group(operator, group) is None:
            raise InvalidOptionError(f"operator {operator!r} has no group {group[:40]!r}", code="training.group")
        token = secrets.token_urlsafe(24)
        try:
            self._write("INSERT INTO training_trainees VALUES (?, ?, ?, ?)", (token_hash(token), operator, name, group))
        except Exception as e:
            if not self._unique(e):
                raise
            raise IllegalActionError(f"operator {operator!r} already has a trainee {name[:40]!r}",
                                     code="training.trainee") from None
        return token

    def trainee(self, token: str) -> Optional[Trainee]:
        rows = self._rows("SELECT operator, name, grp FROM training_trainees WHERE token_hash = ?", (token_hash(token),))
        return Trainee(*rows[0]) if rows else None

    def trainees(self, operator: str, group: Optional[str] = None) -> list[Trainee]:
        if group is None:
            rows = self._rows("SELECT operator, name, grp FROM training_trainees WHERE operator = ? ORDER BY name",
                              (operator,))
        else:
            rows = self._rows("SELECT operator, name, grp FROM training_trainees WHERE operator = ? AND grp = ? "
                              "ORDER BY name", (operator, group))
        return [Trainee(*r) for r in rows]

    # -- answers
    def append_answer(self, operator: str, record: AnswerRecord) -> None:
        text = json.dumps(record.to_json(), ensure_ascii=False, sort_keys=True)
        self._write("INSERT INTO training_answers (operator, trainee, record) VALUES (?, ?, ?)",
                    (operator, record.trainee, text))

    def answers(self, operator: str, trainees: Optional[list[str]] = None) -> list[AnswerRecord]:
        if trainees is None:
            rows = self._rows("SELECT record FROM training_answers WHERE operator = ? ORDER BY id", (operator,))
        else:
            marks = ", ".join("?" * len(trainees)) or "NULL"
            rows = self._rows(f"SELECT record FROM training_answers WHERE operator = ? AND trainee IN ({marks}) "
                              "ORDER BY id", (operator, *trainees))
        return [AnswerRecord.from_json(json.loads(r)) for (r,) in rows]

    # -- challenge attempts and certificates
    def start_attempt(self, operator: str, trainee: str, way: str) -> Attempt:
        a = Attempt(secrets.token_hex(8), operator, trainee, way, time.time())
        self._write("INSERT INTO training_attempts VALUES (?, ?, ?, ?, ?, NULL, NULL)",
                    (a.id, operator, trainee, way, a.started))
        return a

    def attempt(self, operator: str, attempt_id: str) -> Optional[Attempt]:
        rows = self._rows("SELECT * FROM training_attempts WHERE id = ? AND operator = ?", (attempt_id, operator))
        if not rows:
            return None
        i, op, trainee, way, started, finished, result = rows[0]
        return Attempt(i, op, trainee, way, started, finished, None if result is None else json.loads(result))

    def finish_attempt(self, operator: str, attempt_id: str, result: dict[str, Any]) -> Attempt:
        self._write("UPDATE training_attempts SET finished = ?, result = ? WHERE id = ? AND operator = ?",
                    (time.time(), json.dumps(result, sort_keys=True), attempt_id, operator))
        got = self.attempt(operator, attempt_id)
        assert got is not None
        return got

    def add_certificate(self, operator: str, cert: dict[str, Any]) -> None:
        self._write("INSERT INTO training_certificates VALUES (?, ?, ?)",
                    (cert["sha256"], operator, json.dumps(cert, ensure_ascii=False, sort_keys=True)))

    def certificate(self, sha256: str) -> Optional[tuple[str, dict[str, Any]]]:
        rows = self._rows("SELECT operator, cert FROM training_certificates WHERE sha256 = ?", (sha256,))
        return (rows[0][0], json.loads(rows[0][1])) if rows else None


class PostgresTrainingStore(SqliteTrainingStore):
    """:class:`TrainingStore` over PostgreSQL (psycopg, the ``postgres`` extra): ``url`` is a
    connection URL; one autocommitted connection, writes serialised by a lock."""

    _ID, _FLOAT = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY", "DOUBLE PRECISION"

    def _connect(self, url: str) -> Any:
        import psycopg

        return psycopg.connect(url, autocommit=True)

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _unique(self, e: Exception) -> bool:
        import psycopg

        return isinstance(e, psycopg.errors.UniqueViolation)
