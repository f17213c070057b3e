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


KNOWLEDGE_PREFIXES = ("keyword", "faq", "card")


def update_after_ingest(families, games, stdout=None) -> int | None:
    """Re-index only what an ingest changed: the document families (game, kind, language)
    whose rules changed, and the keyword, FAQ and card entries of the games it touched.

    Falls back to a full rebuild when there is no index yet; a failure is reported, not
    raised, as for the rebuild (``manage.py rebuild_index`` repairs it).
    """
    from rulebook.search.entries import family_entries
    from rulebook.search.knowledge_entries import knowledge_entries

    try:
        backend = get_backend()
        if not backend.is_available():
            return rebuild_after_ingest(stdout)
        prefixes = [f"rule:{game}:{kind}:{language}:" for game, kind, language in families]
        prefixes += [f"{prefix}:{game}:" for game in games for prefix in KNOWLEDGE_PREFIXES]
        entries = [e for family in sorted(families) for e in family_entries(*family)]
        entries += [e for e in knowledge_entries() if e.game in games]
        count = backend.replace(prefixes, entries)
    except Exception as exc:  # the ingest already committed; report and carry on
        logger.exception("search index update failed")
        if stdout is not None:
            stdout.write(f"Search index NOT updated: {exc}. Run `manage.py rebuild_index`.")
        return None
    if stdout is not None:
        stdout.write(f"Search index updated: {count} entries re-indexed.")
    return count


def run_search(query: SearchQuery, *, also: bool = True) -> SearchResults:
    """Number jump, backend search, or a degraded database search when the index is unusable.

    ``also=False`` skips the other-language hits, for callers that show them only when the
    main results are few (see ``other_language_hits``).
    """
    from rulebook.search.service import run_search as run

    return run(query, also=also)
