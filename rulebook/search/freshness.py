"""Whether the search index reflects the data the database holds now.

An ingest commits its rows, then updates the index. A crash in between, or an ingest run
with ``RULEBOOK_INDEX_AFTER_INGEST=0``, leaves an index that still answers, from older text,
and nothing in the index's own format says so. So each index is stamped with the data
generation it reflects (``DataGeneration``, which every changing ingest bumps): a rebuild
with the one it read before its entries, an ingest's incremental update with the one it
brought, after the write succeeded. A stamp that differs from the database's is a stale
index: ``rebuild_index --if-outdated`` rebuilds it, ``/healthz`` reports it, and search
answers say so.
"""

from __future__ import annotations

import logging

from rulebook.models import DataGeneration
from rulebook.models.generation import INITIAL
from rulebook.search.base import DataStamp, SearchUnavailable

logger = logging.getLogger(__name__)


def database_stamp() -> DataStamp:
    """The data generation the database is at, read now (not the request's copy: a build
    must not stamp what it did not read)."""
    row = DataGeneration.objects.filter(pk=1).values_list("number", "token").first()
    return DataStamp(*row) if row else DataStamp(0, INITIAL)


def build_stamp() -> DataStamp | None:
    """The stamp for a rebuild starting now; None when the database cannot say (a build of
    entries handed over by a benchmark or a test without a database): such an index reads
    as stale, never as current."""
    try:
        return database_stamp()
    except Exception as exc:  # no database, or no table yet: the index claims nothing
        logger.info("index built without a data generation stamp: %s", exc)
        return None


def is_stale(backend) -> bool:
    """Per request: the index's stamp against the data generation the request reads anyway
    (the page cache and validators read its token); the backends keep their stamp per
    index generation, so this costs no query and no file read in the common case."""
    try:
        built = backend.built_generation()
    except SearchUnavailable:  # the answer is degraded, and says so already
        return False
    return built is None or built.token != DataGeneration.current()[0]


def report(backend) -> dict:
    """What ``/healthz`` says of the stamp: the generations, and whether they agree."""
    built, data = backend.built_generation(), database_stamp()
    current = built == data
    return {
        "generation": {
            "built": built.number if built else None,
            "expected": data.number,
            "current": current,
        },
        "stale": not current,
    }


def describe(built: DataStamp | None, data: DataStamp) -> str:
    """Why an index is stale, for people: "index built from data generation 41, the
    database is at 42"."""
    if built is None:
        return f"index bears no data generation stamp, the database is at {data.number}"
    if built.number == data.number:  # the same number from another history (a restore)
        return f"index built from another data generation {built.number} than the database's"
    return f"index built from data generation {built.number}, the database is at {data.number}"


def incremental_ok(built: DataStamp | None, data: DataStamp) -> bool:
    """Whether an ingest's incremental update can leave the index current: it adds only that
    ingest's changes, so the index must have reflected the generation just before it (or
    already this one). An index further behind missed other changes (an earlier crash, a
    run with indexing off, a concurrent ingest): only a rebuild makes it current."""
    return built is not None and (built == data or built.number + 1 == data.number)


def update(backend, built: DataStamp, data: DataStamp, prefixes, entries) -> int:
    """An ingest's incremental write, then its stamp, only once the write succeeded, and
    only if no other process stamped the index meanwhile."""
    count = backend.replace(prefixes, entries)
    if built != data:
        backend.stamp_generation(data, expected=built)
    return count
