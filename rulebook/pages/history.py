"""Version history from the database: comparisons between a document's versions, cached.

The engine in :mod:`rulebook.history` is pure; this module feeds it rule rows and keeps one
:class:`History` per (game, kind, language) in process memory, keyed on the content hashes of
the versions, so a re-ingest invalidates it and each pair of versions is compared once.
"""

from __future__ import annotations

import threading

from rulebook.history import History, Version
from rulebook.models import Document, Rule

_LOCK = threading.Lock()
_CACHE: dict[tuple, History] = {}


def versions_of(game, kind: str, language: str) -> list[Document]:
    """Oldest first, the order in which history is told."""
    return list(Document.objects.of(game, kind, language).order_by("version"))


def history_for(game, kind: str, language: str) -> tuple[History, list[Document]]:
    documents = versions_of(game, kind, language)
    key = (
        getattr(game, "slug", game),
        kind,
        language,
        tuple((d.pk, d.content_hash) for d in documents),
    )
    with _LOCK:
        history = _CACHE.get(key)
        if history is None:
            for stale in [k for k in _CACHE if k[:3] == key[:3]]:
                del _CACHE[stale]
            history = History([Version(d.version, _rules(d)) for d in documents])
            _CACHE[key] = history
    return history, documents


def _rules(document: Document) -> list[dict]:
    rows = Rule.objects.in_document(document).in_order().values("number", "text", "is_heading")
    return [{"number": r["number"], "text": r["text"], "heading": r["is_heading"]} for r in rows]


def comparison_between(history: History, old: str, new: str):
    """Adjacent versions use the cached pairwise comparison; others are compared directly."""
    from rulebook.history import compare

    i, j = history.index(old), history.index(new)
    if j == i + 1:
        return history.comparison(i)
    return compare(history.versions[i].rules, history.versions[j].rules, old, new)


def successor_notice(document: Document, number: str) -> dict | None:
    """Where a rule of an older version lives in the newest one, when it moved or went away."""
    history, documents = history_for(document.game, document.kind, document.language)
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
