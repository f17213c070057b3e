"""The stored form of a family's precomputed history: a pickle behind a format version.

The payload holds the engine's own objects (``History``, ``Comparison``), so its bytes are only
as good as the classes that read them back. A payload written by another version of this code
is treated as missing: the ingest computes it again and a page computes the family the slow
way meanwhile. It is never unpickled, so a changed class can neither fail a page nor come back
half-read. Bump ``FORMAT`` whenever an engine class that a payload holds changes shape.
"""

from __future__ import annotations

import pickle

FORMAT = 1
MAGIC = b"rulebook-history:"


def header(version: int = FORMAT) -> bytes:
    return MAGIC + str(version).encode() + b"\n"


def dumps(payload: dict) -> bytes:
    return header() + pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL)


def loads(data) -> dict | None:
    """The payload, or None when there is none or it was written under another format (an
    unversioned pickle from before the header existed included)."""
    if data is None:
        return None
    data = bytes(data)
    expected = header()
    if not data.startswith(expected):
        return None
    # Written by ``dumps`` under this format, read back only from our own database.
    return pickle.loads(data[len(expected) :])
