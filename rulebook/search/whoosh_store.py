"""Index generations on disk: build beside the live index, switch a symlink, clean up later.

Layout under PATH: ``gen-<ns>-<pid>/`` (one complete Whoosh index each), ``current`` (a symlink
to the live generation, replaced atomically with os.replace) and ``.lock`` (fcntl, so only one
process writes at a time). Readers compare ``readlink(current)`` with the generation they have
open on every request, which is one cheap system call, and reopen when it changed. Old
generations stay for a grace period because readers in other processes may still have them
open; the previous one is always kept for a quick manual rollback. Each generation holds a
``FORMAT`` file: the index format (``base.INDEX_FORMAT``) of the code that built it.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import shutil
import time
from pathlib import Path

from rulebook.search.base import INDEX_FORMAT

GRACE_SECONDS = 10 * 60
PREFIX = "gen-"
FORMAT_FILE = "FORMAT"  # the index format the generation was built with


class IndexStore:
    def __init__(self, root, grace_seconds: int = GRACE_SECONDS):
        self.root = Path(root)
        self.grace_seconds = grace_seconds

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

    def new_generation(self) -> Path:
        self.root.mkdir(parents=True, exist_ok=True)
        path = self.root / f"{PREFIX}{time.time_ns()}-{os.getpid()}"
        path.mkdir()
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
