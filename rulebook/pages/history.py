"""Version history from the database: comparisons between a document's versions.

The ingest computes them (``rulebook.loading.precompute``) and stores them keyed on the
family and its versions; this module reads that payload once per process and key, and keeps
it in memory. Only a family the ingest has not precomputed (a database loaded before this
existed) is computed here, the old way.
"""

from __future__ import annotations

import pickle
import threading

from rulebook.history import History, Version
from rulebook.models import Document, Precomputed
from rulebook.models.generation import history_key, history_prefix, history_rows

_LOCK = threading.Lock()
_CACHE: dict[str, dict] = {}


def versions_of(game, kind: str, language: str, family=None) -> list[Document]:
    """Oldest first, the order in which history is told. ``family``: the documents of this
    game and kind a page has already read (``Document.known_family``), which spares a query."""
    if family is not None:
        return sorted((d for d in family if d.language == language), key=lambda d: d.version)
    return list(Document.objects.of(game, kind, language).order_by("version"))


def history_for(game, kind: str, language: str, family=None) -> tuple[History, list[Document]]:
    documents = versions_of(game, kind, language, family)
    slug = getattr(game, "slug", game)
    key = history_key(slug, kind, language, documents)
    with _LOCK:
        payload = _CACHE.get(key)
        if payload is None:
            for stale in [k for k in _CACHE if k.startswith(history_prefix(slug, kind, language))]:
                del _CACHE[stale]
            payload = _stored(key) or {
                "history": History([Version(d.version, history_rows(d)) for d in documents]),
                "comparisons": {},
            }
            payload["history"].precomputed = payload["comparisons"]
            _CACHE[key] = payload
    return payload["history"], documents


def history_of(document: Document, language: str | None = None):
    """``history_for`` the document's game and kind, in its own language unless another is
    given, read from the family the document remembers when it does."""
    language = language or document.language
    return history_for(document.game, document.kind, language, document.known_family())


def _stored(key: str) -> dict | None:
    payload = Precomputed.objects.filter(key=key).values_list("payload", flat=True).first()
    return pickle.loads(bytes(payload)) if payload is not None else None


def comparison_between(history: History, old: str, new: str):
    """Adjacent versions use the pairwise comparison, an older one with the newest the one
    precomputed at ingest; any other pair is compared here."""
    from rulebook.history import compare

    i, j = history.index(old), history.index(new)
    if j == i + 1:
        return history.comparison(i)
    found = getattr(history, "precomputed", {}).get((old, new))
    if found is not None:
        return found
    return compare(history.versions[i].rules, history.versions[j].rules, old, new)


def successor_notice(document: Document, number: str) -> dict | None:
    """Where a rule of an older version lives in the newest one, when it moved or went away."""
    history, documents = history_of(document)
    if documents[-1].pk == document.pk:
        return None
    found = history.successor(document.version, number, follow_merges=True, to_parent=False)
    newest = documents[-1]
    if found is None:
        parent = history.successor(document.version, number, to_parent=True)
        return {"removed": True, "document": newest, "number": parent[1] if parent else None}
    if found[1] == number:
        return None
    return {"removed": False, "document": newest, "number": found[1]}
