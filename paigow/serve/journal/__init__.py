"""The service's durable store: a journal of every accepted table action, in SQLite or PostgreSQL
(:func:`paigow.serve.stores.open_journal` opens either by what ``--db`` names).

- :mod:`.engine`: the one journal (append, read, snapshot, replay, quarantine) over
- :mod:`.dialect`: the small interface a store gives it (a consistent read, a guarded atomic
  write, a wait for a table's change), which
- :mod:`.sqlite` (one file, one process, group commit) and :mod:`.postgres` (many processes)
  implement; and
- :mod:`.chain`: what is stored and how it is checked: the hash chain (one check), the replayer,
  the regulator's export.

SQLite in WAL mode with ``synchronous=FULL``: a commit is on disk when it returns. An action is
performed in memory first (the engine refuses it or accepts it, changing nothing when it
refuses), then appended to the journal and committed, and only then answered. On start the
service rebuilds every open table from its latest snapshot and the journal's tail after it,
through the public Round/Session API, so a process killed at any point comes back with every
acknowledged action and nothing half-applied. One SQLite file is served by one process at a time
(an exclusive lock beside it); PostgreSQL serves many.

- **Tamper evidence**: every row carries ``prev``, the hash of the row before it (the first row,
  the table's ``genesis``: a hash of how it was opened), and ``hash``, the SHA-256 of itself with
  ``prev``; ``tables.head`` is the last row's hash. Start and the audit check every chain and
  name the first row that breaks it; a table whose journal does not check or replay is
  quarantined (named, refused with 503) and the others serve.
- **Live randomness**: a live table's draws (the stacks, the dice, any other draw) are journaled
  with the action (``drawn``) and replayed from there; a simulation keeps its seed.
- **History**: each finished round's record is stored when the round ends (``rounds``), so
  reading it touches neither the table nor its lock; every ``snapshot_every`` rounds the table is
  snapshot between rounds (``snapshots``) and start replays only the journal after the latest;
  a closed table is archived (its last state kept) and not replayed.

A table's bearer token is never stored: only its SHA-256.

>>> import tempfile, os
>>> from paigow.serve.stores import audit, open_journal
>>> path = os.path.join(tempfile.mkdtemp(), "t.db")
>>> j = open_journal(path)
>>> tid, token = j.create({"banker": 0}, public=False, seed=9)
>>> _ = j.act(j.entry(tid), {"action": "start_round", "stake": 500})
>>> j.close()
>>> j2 = open_journal(path)
>>> j2.table(tid).view()["round"]["bank"], j2.check_token(tid, token), j2.check_token(tid, "x")
(500, True, False)
>>> j2.close()
>>> [r["status"] for r in audit(path)]
['ok']
"""

from paigow.serve.journal.chain import (
    EXPORT_FORMAT,
    ROW_COLUMNS,
    SCHEMA_VERSION,
    SNAPSHOT_EVERY,
    TABLE_COLUMNS,
    ReplayError,
    TableEntry,
    TableRow,
    check_stored,
    genesis_hash,
    hash_token,
    row_hash,
)
from paigow.serve.journal.engine import Journal

__all__ = ["Journal", "TableEntry", "TableRow", "ReplayError", "SCHEMA_VERSION", "SNAPSHOT_EVERY", "EXPORT_FORMAT",
           "TABLE_COLUMNS", "ROW_COLUMNS", "hash_token", "row_hash", "genesis_hash", "check_stored"]
