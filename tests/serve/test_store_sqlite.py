"""Issue 33, the SQLite journal: created for its owner only, a full disk said as such, a clean stop
leaves the whole journal in its file, and an online backup checked by the audit."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from paigow.serve.errors import JournalOpenError
from paigow.serve.stores import audit, open_journal

ROUND = [
    {"action": "start_round", "stake": 1000},
    {"action": "bet", "position": 1, "amount": 100},
    {"action": "shuffle"},
    {"action": "shake"},
    {"action": "deal"},
    {"action": "settle", "strategy": "equilibrium"},
    {"action": "end_round"},
]


def _mode(p: str) -> int:
    return stat.S_IMODE(os.stat(p).st_mode)


def test_the_journal_is_its_owners_only(tmp_path: Path) -> None:
    """Under umask 022 the journal, its WAL and lock files are created 0600 (before: 0644, readable
    by every local user, with the open round's stacks); one others may read is refused."""
    path = str(tmp_path / "paigow.db")
    old = os.umask(0o022)
    try:
        j = open_journal(path)
        try:
            tid, _ = j.create({"banker": 0}, seed=1)
            j.act(j.entry(tid), ROUND[0])  # type: ignore[arg-type]
            for f in (path, path + "-wal", path + "-shm", path + ".lock"):
                assert _mode(f) == 0o600, f
        finally:
            j.close()
        os.chmod(path, 0o644)
        with pytest.raises(JournalOpenError, match=r"may be read by others \(mode 0644\)"):
            open_journal(path)
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    j = open_journal(path)  # its owner's again: served
    j.close()


_FULL = """
import sys
from paigow.serve.stores import open_journal
try:
    open_journal(sys.argv[1])
except Exception as e:
    print(e)
"""


@pytest.mark.parametrize("free_kib", [4, 16])
def test_a_full_disk_at_start_is_said(tmp_path: Path, free_kib: int) -> None:
    """The journal made on a file system with a few KiB free (a 64 KiB tmpfs, filled, in a mount
    namespace of its own). Before, with 4 KiB free: "cannot rollback - no transaction is active"
    (the ROLLBACK's error replaced the cause); with 16: "disk I/O error"."""
    import shutil

    unshare = shutil.which("unshare")
    if unshare is None or subprocess.run([unshare, "-rm", "true"], capture_output=True).returncode != 0:
        pytest.skip("needs unshare -rm (a mount namespace) for a small file system")
    mnt = tmp_path / "mnt"
    mnt.mkdir()
    script = (f"mount -t tmpfs -o size=64k tmpfs {mnt} && dd if=/dev/zero of={mnt}/fill bs=1k"
              f" count={64 - free_kib} 2>/dev/null; exec {sys.executable} -c \"$0\" {mnt}/paigow.db")
    out = subprocess.run([unshare, "-rm", "sh", "-c", script, _FULL], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert "the disk is full" in out.stdout and "rollback" not in out.stdout, out.stdout + out.stderr


def test_a_clean_stop_leaves_the_journal_in_its_file(tmp_path: Path) -> None:
    """A reader left open (as a display stream's) kept SQLite from checkpointing when the journal
    closed: paigow.db stayed 4 KB and everything was in paigow.db-wal."""
    path = str(tmp_path / "paigow.db")
    j = open_journal(path)
    tid, _ = j.create({"banker": 0}, seed=2)
    for a in ROUND:
        j.act(j.entry(tid), a)  # type: ignore[arg-type]
    display = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert display.execute("SELECT seq FROM tables").fetchone() == (7,)
        j.close()
        assert os.path.getsize(path + "-wal") == 0
        copy = tmp_path / "copy.db"  # the file alone holds the journal
        copy.write_bytes(Path(path).read_bytes())
        c = sqlite3.connect(copy)
        assert c.execute("SELECT count(*) FROM journal").fetchone() == (7,)
        c.close()
    finally:
        display.close()


def test_an_online_backup_is_checked_by_the_audit(tmp_path: Path) -> None:
    """``paigow serve --backup FILE`` copies the journal while it is served and audits the copy."""
    path = str(tmp_path / "paigow.db")
    j = open_journal(path)
    try:
        tid, _ = j.create({"banker": 0}, seed=4)
        for a in ROUND:
            j.act(j.entry(tid), a)  # type: ignore[arg-type]
        dest = str(tmp_path / "backup.db")
        out = subprocess.run([sys.executable, "-m", "paigow", "serve", "--db", path, "--backup", dest],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stdout + out.stderr
        assert f"table {tid}: 7 rows, chain ok" in out.stdout and "1 tables, 0 broken" in out.stdout
        assert _mode(dest) == 0o600 and [r["status"] for r in audit(dest)] == ["ok"]
        again = subprocess.run([sys.executable, "-m", "paigow", "serve", "--db", path, "--backup", dest],
                               capture_output=True, text=True, timeout=120)
        assert again.returncode == 2 and "exists" in again.stderr  # never over another file
        view = j.table(tid).view()
    finally:
        j.close()
    b = open_journal(dest)
    try:
        assert b.table(tid).view() == view
    finally:
        b.close()
