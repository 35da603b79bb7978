"""``paigow serve`` that cannot start says why in one line and exits 2, like every command (issue
23: before, 20-60 line tracebacks): a bad or busy port, a journal that cannot be opened (a missing
directory, a directory, not SQLite, read-only, corrupt, in use), a key file others may read.
The audit and the export run without serving."""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from serve_support import OPERATOR_KEY, ThreadServer, free_port


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    argv = [sys.executable, "-m", "paigow", "serve", "--port", str(free_port()), *args]
    return subprocess.run(argv, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PAIGOW_OPERATOR_KEY": OPERATOR_KEY, **(env or {})})


def one_line(out: subprocess.CompletedProcess[str], code: str, *words: str) -> str:
    assert out.returncode == 2, (out.returncode, out.stdout, out.stderr)
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert lines[0].startswith("paigow serve: error: ") and lines[0].endswith(f"[{code}]"), lines[0]
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def test_a_bad_port(tmp_path: Path) -> None:
    for port in ("99999", "0", "http"):
        out = subprocess.run([sys.executable, "-m", "paigow", "serve", "--port", port, "--db", str(tmp_path / "p.db")],
                             capture_output=True, text=True, timeout=60)
        one_line(out, "usage", "--port")
    with socket.socket() as s:  # a port in use
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out = subprocess.run([sys.executable, "-m", "paigow", "serve", "--port", str(port), "--db", str(tmp_path / "p.db")],
                             capture_output=True, text=True, timeout=60)
        one_line(out, "serve.start", f"127.0.0.1:{port}")


@pytest.mark.slow  # a long run: CI's full run has it, the quick loop (-m 'not slow') does not
def test_journals_that_cannot_be_opened(tmp_path: Path) -> None:
    one_line(serve("--db", str(tmp_path / "no" / "such" / "dir.db")), "journal.open", "cannot open")
    one_line(serve("--db", str(tmp_path)), "journal.open", "directory")
    text = tmp_path / "notes.txt"
    text.write_text("not a database, " * 100)
    one_line(serve("--db", str(text)), "journal.open", "not a usable SQLite database")
    # a real journal, then its pages overwritten
    good = tmp_path / "corrupt.db"
    s = ThreadServer(str(good))
    s.journal.create({"banker": 0})
    s.stop()
    data = bytearray(good.read_bytes())
    data[100:4096 * 2] = b"\x5a" * (4096 * 2 - 100)
    good.write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        Path(str(good) + extra).unlink(missing_ok=True)
    one_line(serve("--db", str(good)), "journal.open", "not a usable SQLite database")


def test_a_read_only_journal(tmp_path: Path) -> None:
    db = tmp_path / "ro.db"
    s = ThreadServer(str(db))
    s.stop()
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    if os.geteuid() == 0:  # root writes a file whatever its mode: make it immutable
        made = subprocess.run(["chattr", "+i", str(db)], capture_output=True)
        if made.returncode != 0:
            pytest.skip(f"running as root and chattr +i does not work here: {made.stderr.decode().strip()}")
    else:
        os.chmod(db, 0o444)
    try:
        one_line(serve("--db", str(db)), "journal.open", "readonly")
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(db)], capture_output=True)
        os.chmod(db, 0o644)


def test_a_journal_in_use(tmp_path: Path) -> None:
    db = str(tmp_path / "busy.db")
    s = ThreadServer(db)
    try:
        one_line(serve("--db", db), "journal.open", "in use by another process")
    finally:
        s.stop()


def test_a_key_file_others_may_read(tmp_path: Path) -> None:
    keys = tmp_path / "keys"
    keys.write_text("pit-1 " + "a" * 24 + "\n")
    os.chmod(keys, 0o644)
    one_line(serve("--db", str(tmp_path / "k.db"), "--operator-keys", str(keys)), "serve.start", "chmod 600")
    one_line(serve("--db", str(tmp_path / "k.db"), env={"PAIGOW_OPERATOR_KEY": "short"}), "serve.start", "16")


def test_audit_and_export_without_serving(tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    s = ThreadServer(db)
    tid, _ = s.journal.create({"banker": 0}, seed=4)
    for a in ({"action": "start_round", "stake": 100}, {"action": "bet", "position": 1, "amount": 10}):
        s.journal.act(s.journal.entry(tid), a)
    s.stop()
    out = subprocess.run([sys.executable, "-m", "paigow", "serve", "--db", db, "--export", tid],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    x = json.loads(out.stdout)
    assert x["format"] == "paigow-journal/2" and x["verified"] and len(x["rows"]) == 0 and x["withheld"] == 2
    out = subprocess.run([sys.executable, "-m", "paigow", "serve", "--db", db, "--export", "nosuch"],
                         capture_output=True, text=True, timeout=60)
    one_line(out, "table.unknown")
    one_line(subprocess.run([sys.executable, "-m", "paigow", "serve", "--audit", "--db", str(tmp_path / "none.db")],
                            capture_output=True, text=True, timeout=60), "journal.open", "no journal")
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM journal").fetchone()[0] == 2
    conn.close()
