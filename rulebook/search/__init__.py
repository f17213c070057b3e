"""Search: one entry point (``run_search``) over pluggable backends.

The backend is chosen by ``settings.SEARCH_BACKEND["BACKEND"]`` and built once per process (per
settings value, so tests that override settings get their own instance).
"""

from __future__ import annotations

import logging
import threading

from django.conf import settings
from django.utils.module_loading import import_string

from rulebook.search.base import IndexEntry, SearchBackend, SearchHit, SearchQuery, SearchResults

__all__ = [
    "IndexEntry",
    "SearchBackend",
    "SearchHit",
    "SearchQuery",
    "SearchResults",
    "entries_from_database",
    "get_backend",
    "rebuild_after_ingest",
    "run_search",
]

logger = logging.getLogger(__name__)
_backends: dict[tuple, SearchBackend] = {}
_backends_lock = threading.Lock()


def get_backend() -> SearchBackend:
    """The configured backend, cached per process."""
    options = dict(settings.SEARCH_BACKEND)
    key = (options["BACKEND"], str(options.get("PATH", "")))
    with _backends_lock:
        if key not in _backends:
            _backends[key] = import_string(options["BACKEND"])(options)
        return _backends[key]


def entries_from_database():
    """Index entries for every rule of every document."""
    from rulebook.search.entries import entries_from_database as build

    return build()


def rebuild_after_ingest(stdout=None) -> int | None:
    """Rebuild the index once ingested data is committed; a failure must not fail the ingest.

    The database is the source of truth and the site falls back to a database search, so an
    index problem is reported rather than raised.
    """
    try:
        count = get_backend().rebuild(entries_from_database())
    except Exception as exc:  # the ingest already committed; report and carry on
        logger.exception("search index rebuild failed")
        if stdout is not None:
            stdout.write(f"Search index NOT rebuilt: {exc}. Run `manage.py rebuild_index`.")
        return None
    if stdout is not None:
        stdout.write(f"Search index rebuilt: {count} entries.")
    return count


def run_search(query: SearchQuery, *, also: bool = True) -> SearchResults:
    """Number jump, backend search, or a degraded database search when the index is unusable.

    ``also=False`` skips the other-language hits, for callers that show them only when the
    main results are few (see ``other_language_hits``).
    """
    from rulebook.search.service import run_search as run

    return run(query, also=also)
