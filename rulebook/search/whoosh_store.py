"""Index generations on disk: build beside the live index, switch a symlink, clean up later.

Layout under PATH: ``gen-<ns>-<pid>/`` (one complete Whoosh index each), ``current`` (a symlink
to the live generation, replaced atomically with os.replace) and ``.lock`` (fcntl, so only one
process writes at a time). Readers compare ``readlink(current)`` with the generation they have
open on every request, which is one cheap system call, and reopen when it changed. Old
generations stay for a grace period because readers in other processes may still have them
open; the previous one is always kept for a quick manual rollback. Each generation holds a
``FORMAT`` file: the index format (``base.INDEX_FORMAT``) of the code that built it; and a
``DATA`` file: the data generation it reflects (``freshness``), written as the build starts
and replaced, whole, when an ingest's update lands in the live generation.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import time
from pathlib import Path

from rulebook.search.base import INDEX_FORMAT, DataStamp

GRACE_SECONDS = 10 * 60
PREFIX = "gen-"
FORMAT_FILE = "FORMAT"  # the index format the generation was built with
DATA_FILE = "DATA"  # the data generation it reflects: "<number> <token>"


class IndexStore:
    def __init__(self, root, grace_seconds: int = GRACE_SECONDS):
        self.root = Path(root)
        self.grace_seconds = grace_seconds
        # (live generation, the DATA file's identity) -> its stamp: read once per write.
        self._data: tuple[tuple, DataStamp | None] | None = None

    @property
    def pointer(self) -> Path:
        return self.root / "current"

    def current(self) -> str | None:
        """The live generation's directory name, or None before the first build."""
        try:
            return os.readlink(self.pointer)
        except (FileNotFoundError, OSError):
            return None

    def path_of(self, generation: str) -> Path:
        return self.root / generation

    def new_generation(self, data: DataStamp | None = None) -> Path:
        """A directory for a build, stamped with ``data``: the data generation read before
        the build read its entries (None: unknown, read as stale)."""
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{PREFIX}{time.time_ns()}-{os.getpid()}"
        path.mkdir()
        if data is not None:
            _write_atomically(path / DATA_FILE, f"{data}\n")
        return path

    def publish(self, generation: Path) -> None:
        """Stamp ``generation`` with this code's index format, then point ``current`` at it
        in one atomic rename."""
        (generation / FORMAT_FILE).write_text(f"{INDEX_FORMAT}\n", encoding="ascii")
        tmp = self.root / f".current-{os.getpid()}-{time.time_ns()}"
        os.symlink(generation.name, tmp)
        os.replace(tmp, self.pointer)

    def generations(self) -> list[Path]:
        if not self.root.is_dir():
            return []
        return sorted(p for p in self.root.iterdir() if p.name.startswith(PREFIX) and p.is_dir())

    def cleanup(self) -> list[str]:
        """Delete generations other than the live and previous ones once past the grace period."""
        live = self.current()
        gens = [g for g in self.generations() if g.name != live]
        older = [g for g in gens if live and g.name < live]
        keep = {older[-1].name} if older else set()
        removed = []
        now = time.time()
        for gen in gens:
            if gen.name in keep or now - gen.stat().st_mtime < self.grace_seconds:
                continue
            shutil.rmtree(gen, ignore_errors=True)
            removed.append(gen.name)
        return removed

    def format(self) -> int | None:
        """The live generation's format: its stamp, 1 without one, None without a generation."""
        live = self.current()
        if live is None:
            return None
        try:
            return int((self.root / live / FORMAT_FILE).read_text(encoding="ascii"))
        except (FileNotFoundError, ValueError):
            return 1

    def data(self) -> DataStamp | None:
        """The live generation's data stamp; None without a generation or a stamp. One
        ``stat`` per call: the file is read again only when a write replaced it."""
        live = self.current()
        if live is None:
            return None
        path = self.root / live / DATA_FILE
        try:
            info = path.stat()
        except OSError:
            return None
        identity = (live, info.st_ino, info.st_mtime_ns, info.st_size)
        kept = self._data
        if kept is None or kept[0] != identity:
            try:
                stamp = DataStamp.parse(path.read_text(encoding="ascii"))
            except (OSError, UnicodeDecodeError):
                stamp = None
            kept = self._data = (identity, stamp)
        return kept[1]

    def stamp(self, data: DataStamp, expected: DataStamp | None) -> bool:
        """Stamp the live generation with ``data`` if it bears ``expected``: under the
        writer lock, so a rebuild cannot swap in between the check and the write."""
        with self.writer_lock():
            live = self.current()
            if live is None or self.data() != expected:
                return False
            _write_atomically(self.root / live / DATA_FILE, f"{data}\n")
        return True

    @contextlib.contextmanager
    def writer_lock(self):
        """Hold an exclusive fcntl lock so that only one process builds or writes at a time."""
        self.root.mkdir(parents=True, exist_ok=True)
        with open(self.root / ".lock", "a+") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


class StoreStamps:
    """A backend's stamps, read from and written to its ``store`` (``SearchBackend``'s
    ``built_format``, ``built_generation`` and ``stamp_generation``)."""

    store: IndexStore

    def built_format(self) -> int | None:
        return self.store.format()

    def built_generation(self) -> DataStamp | None:
        return self.store.data()

    def stamp_generation(self, stamp: DataStamp, expected: DataStamp | None) -> bool:
        return self.store.stamp(stamp, expected)


def _write_atomically(path: Path, text: str) -> None:
    """Readers in other processes see the old file or the new one, never half of one."""
    tmp = path.with_name(f".{path.name}-{os.getpid()}-{time.time_ns()}")
    tmp.write_text(text, encoding="ascii")
    os.replace(tmp, path)
