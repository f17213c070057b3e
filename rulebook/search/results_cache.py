"""Answers kept in this process, keyed on everything an answer depends on.

A popular query ("mulligan", « réaction ») is asked by many readers, and its answer changes
only when the data or the index does. So the key holds both generations: the data's token,
which an ingest bumps when it commits (the number jumps, the names a query is read against),
and the index's, which every index write changes, in any process (each backend's
``generation``); then the interface language (notices are translated) and every field of the
query. No purge is ever needed: a change makes new keys, and the oldest answers fall out.

An answer drawn from the database because the index is unusable (``degraded``) is not kept:
the next request should try the index again. Off when ``RULEBOOK_SEARCH_CACHE_ENTRIES`` is 0,
as in every speed benchmark.
"""

from __future__ import annotations

import copy
import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable

from django.conf import settings
from django.utils import translation

from rulebook.models import DataGeneration
from rulebook.search.base import SearchQuery, SearchResults


class ResultsCache:
    """Least recently used first out. Answers go in and come out as copies, because the
    service and the views add notices to the answer they are handed."""

    def __init__(self):
        self._entries: OrderedDict[tuple, SearchResults] = OrderedDict()
        self._lock = threading.Lock()

    def answer(self, key: tuple, compute: Callable[[], SearchResults], size: int):
        with self._lock:
            kept = self._entries.get(key)
            if kept is not None:
                self._entries.move_to_end(key)
        if kept is not None:
            return copy.deepcopy(kept)
        results = compute()
        if not results.degraded:
            with self._lock:
                self._entries[key] = copy.deepcopy(results)
                while len(self._entries) > size:
                    self._entries.popitem(last=False)
        return results

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


CACHE = ResultsCache()


def cached(sq: SearchQuery, also: bool, backend, compute: Callable[[], SearchResults]):
    """``compute()``, or the copy kept for the same query under the same generations."""
    size = getattr(settings, "RULEBOOK_SEARCH_CACHE_ENTRIES", 0)
    if not size:
        return compute()
    key = (
        DataGeneration.current()[0],
        backend.generation(),
        translation.get_language(),
        dataclasses.astuple(sq),
        also,
    )
    return CACHE.answer(key, compute, size)
