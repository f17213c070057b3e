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
    "encode_rules",
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
    """Rebuild the index once ingested data is committed; a failure must not fail the ingest."""

    def write():
        entries = list(entries_from_database())
        encode_rules(entries, stdout)
        return get_backend().rebuild(entries)

    return _after_ingest(write, "rebuilt", "Search index rebuilt: {count} entries.", stdout)


def encode_rules(entries, stdout=None) -> dict[str, int] | None:
    """Store the sentence vectors of ``entries``' rules that have none (``nearest``), before
    the index is written, so that its new generation finds them; a progress bar on a
    terminal. A failure is reported and the index written anyway: questions are then ranked
    by the engine alone, as before the encoder."""
    from tqdm import tqdm

    from rulebook.search import nearest

    if not nearest.enabled():
        return None
    try:
        with tqdm(total=0, unit="rule", desc="Encoding rules", leave=False, disable=None) as bar:
            counts = nearest.encode(entries, bar)
    except Exception as exc:  # derived data: the index must not wait on it
        logger.exception("encoding rules failed")
        if stdout is not None:
            stdout.write(f"Rules NOT encoded: {exc}. Run `manage.py rebuild_index`.")
        return None
    if stdout is not None and counts["created"]:
        stdout.write("Rules encoded: {created} new, {unchanged} unchanged.".format(**counts))
    return counts


def update_after_ingest(documents, games, knowledge=(), stdout=None, created=None) -> int | None:
    """Re-index only what an ingest changed, in one index write.

    ``documents``: (game, kind, language, version) of the rules documents it created or
    updated (``created``: those it created, when known); their entries are replaced, and
    those of the version before a new newest one (it takes the "default" mark from that
    version). ``games``: games whose rules
    changed (their keyword entries follow the rules). ``knowledge``: games whose FAQ, errata
    or cards changed (their FAQ, card and keyword entries). Falls back to a full rebuild when
    there is no index yet, or when it was already behind before this ingest (``freshness``:
    its changes alone would not make it current); a failure is reported, not raised, as
    for the rebuild. The index is stamped with the new data generation once written.
    """
    from rulebook.search import freshness

    try:
        backend = get_backend()
        available = backend.is_available()
        built, data = backend.built_generation(), freshness.database_stamp()
    except Exception:  # a broken index is rebuilt, and a failure there is reported
        available = False
    if not available:
        return rebuild_after_ingest(stdout)
    if not freshness.incremental_ok(built, data):
        if stdout is not None:
            stdout.write(f"Search index was behind ({freshness.describe(built, data)}).")
        return rebuild_after_ingest(stdout)

    def write():
        prefixes, entries = _changed_entries(documents, games, knowledge, created)
        encode_rules(entries, stdout)
        return freshness.update(backend, built, data, prefixes, entries)

    return _after_ingest(
        write,
        "updated",
        "Search index updated: {count} entries re-indexed.",
        stdout,
    )


def _changed_entries(
    documents, games, knowledge, created=None
) -> tuple[list[str], list[IndexEntry]]:
    """The key prefixes an ingest's changes make stale, and the entries that replace them."""
    from rulebook.search.entries import family_entries
    from rulebook.search.knowledge_entries import keyword_entries, knowledge_entries

    prefixes, entries = [], []
    for family in sorted({d[:3] for d in documents}):
        changed = {d[3] for d in documents if d[:3] == family}
        new = None if created is None else {d[3] for d in created if d[:3] == family}
        for version, family_entry_list in family_entries(*family, changed, new):
            prefixes.append("rule:{}:{}:{}:{}:".format(*family, version))
            entries += family_entry_list
    prefixes += [f"keyword:{game}:" for game in set(games) | set(knowledge)]
    prefixes += [f"{kind}:{game}:" for game in knowledge for kind in ("faq", "card")]
    source = knowledge_entries() if knowledge else keyword_entries()
    entries += [
        e for e in source if e.game in knowledge or (e.kind == "keyword" and e.game in games)
    ]
    return prefixes, entries


def _after_ingest(write, verb: str, done: str, stdout) -> int | None:
    """Run an index write after an ingest committed; a failure is reported, not raised.

    The database is the source of truth and the site falls back to a database search, so an
    index problem must not turn a committed ingest into a failed command.
    """
    try:
        count = write()
    except Exception as exc:  # the ingest already committed; report and carry on
        logger.exception("search index %s failed", verb)
        if stdout is not None:
            stdout.write(f"Search index NOT {verb}: {exc}. Run `manage.py rebuild_index`.")
        return None
    if stdout is not None:
        stdout.write(done.format(count=count))
    return count


def run_search(query: SearchQuery, *, also: bool = True, debug: bool = False) -> SearchResults:
    """Number jump, backend search, or a degraded database search when the index is unusable.

    ``also=False`` skips the other-language hits, for callers that show them only when the
    main results are few (see ``other_language_hits``); ``debug`` fills ``results.debug``.
    """
    from rulebook.search.service import run_search as run

    return run(query, also=also, debug=debug)
