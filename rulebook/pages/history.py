"""Version history from the database: comparisons between a document's versions.

The ingest computes them (``rulebook.loading.precompute``) and stores them keyed on the
family and its versions; this module reads that payload once per process and key, and keeps
it in memory. Only a family the ingest has not precomputed (a database loaded before this
existed) is computed here, the old way.

A comparison page lists every change written out as HTML; the ingest writes out every range
of every family ahead (``rendered_comparisons``) and a page reads its range's rows alone
(``comparison_listing``), so neither the family's payload nor the writing is paid by a reader.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from django.utils import translation
from django.utils.safestring import mark_safe

from ingest import numbers
from rulebook import kinds
from rulebook.history import CLASSES, History, Version, compare, storage
from rulebook.history.engine import chapter
from rulebook.models import Document, Precomputed, rendered
from rulebook.models.generation import history_key, history_prefix, history_rows
from rulebook.pages.change_html import change_html, class_label

COMPARISONS = "changes"  # the rendered pages' name (rulebook.models.rendered)

_LOCK = threading.Lock()
# A family's history (every version's rows, matched), kept per family state: saves loading
# and unpickling it (or, before precompute, comparing every version) on each history page.
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
    return storage.loads(payload)  # None too when written under another format


def comparison_between(history: History, old: str, new: str):
    """Adjacent versions use the pairwise comparison, any other pair the one precomputed at
    ingest; a pair the ingest did not compare (a database stored before) is compared here."""
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


def comparison_rows(comparison, game_slug: str, kind_slug: str) -> dict:
    """A comparison as its page lists it, in the active language: the counts, and each change
    but the unchanged rules as (class, renumber only, cross-references only, chapter, HTML),
    the filters' inputs beside the written change."""
    old, new = comparison.old_label, comparison.new_label
    rows = []
    for change in comparison.visible(hide_renumber_only=False):
        label = str(class_label(change.cls))
        html = change_html(change, label, game_slug, kind_slug, old, new)
        rows.append((change.cls, change.renumber_only, change.xref_only, chapter(change.number),
                     str(html)))  # fmt: skip
    return {"summary": comparison.summary, "by_section": comparison.by_section, "rows": rows}


def compared_families() -> set[tuple[str, str, str]]:
    """Every (game slug, kind, language) with two versions or more: the families whose
    comparisons the ingest writes out."""
    rows = Document.objects.order_by().values_list("game__slug", "kind", "language")
    counts: dict[tuple, int] = {}
    for family in rows:
        counts[family] = counts.get(family, 0) + 1
    return {family for family, count in counts.items() if count > 1}


def rendered_comparisons(game_slug: str, kind: str, language: str, history=None) -> dict:
    """Every range of a family's versions written out, keyed ``old..new``: what the ingest
    stores so that no range costs its first reader a comparison or a page of writing.

    ``history``: the family's History the ingest has just stored, with its comparisons of
    versions that are not neighbours as ``history.precomputed``."""
    if history is None:
        history, _documents = history_for(game_slug, kind, language)
    out = {}
    with translation.override(language):
        for i, old in enumerate(history.versions):
            for new in history.versions[i + 1 :]:
                comparison = comparison_between(history, old.label, new.label)
                out[f"{old.label}..{new.label}"] = comparison_rows(
                    comparison, game_slug, kinds.slug_of(kind)
                )
    return out


@dataclass
class Section:
    """A chapter's changes as the page shows them, written out as one piece."""

    chapter: str
    count: int
    html: str


@dataclass
class Listing:
    """What a comparison page shows of one range: counts and the changes its filters keep."""

    summary: dict
    by_section: dict
    sections: list[Section]
    shown: int


def comparison_listing(game, kind: str, language: str, old: str, new: str, filters) -> Listing:
    """The range's rows as the ingest wrote them, else written now (a range of a database the
    ingest has not rendered, or of another page format). ``filters``: (hide renumbered, hide
    cross-reference updates, the one class shown or "")."""
    slug = getattr(game, "slug", game)
    found = rendered.read(COMPARISONS, (slug, kind, language), f"{old}..{new}")
    if found is None:
        history, _documents = history_for(game, kind, language)
        found = comparison_rows(comparison_between(history, old, new), slug, kinds.slug_of(kind))
    hide_renumbered, hide_xref, only = filters
    chapters: dict[str, list] = {}
    for cls, renumber_only, xref_only, section, html in found["rows"]:
        if (hide_renumbered and renumber_only) or (hide_xref and xref_only):
            continue
        if not only or cls == only:
            chapters.setdefault(section, []).append(html)
    # Joined here, not looped over in the template: a long range is two thousand changes.
    sections = [
        Section(chapter, len(items), mark_safe("".join(items)))  # written by comparison_rows
        for chapter, items in sorted(chapters.items(), key=lambda item: numbers.sort_key(item[0]))
    ]
    shown = sum(section.count for section in sections)
    return Listing(found["summary"], found["by_section"], sections, shown)


def comparison_context(game, kind_slug: str, documents, old: str, new: str, filters) -> dict:
    """What the comparison page of ``old..new`` shows (both are labels of ``documents``, the
    family in the page's language); ``filters`` as for ``comparison_listing``."""
    by_label = {d.version: d for d in documents}
    language = documents[0].language
    listing = comparison_listing(game, kinds.key_of(kind_slug), language, old, new, filters)
    return {
        "game": game,
        "kind_slug": kind_slug,
        "comparison": listing,
        "sections": listing.sections,
        "old": by_label[old],
        "new": by_label[new],
        "hide_renumbered": filters[0],
        "hide_xref": filters[1],
        "only": filters[2],
        "classes": CLASSES,
        "shown": listing.shown,
    }
