"""Which of a game's documents a page belongs to, and the way to the others.

A game may have several documents (the Core Rules and the Tournament Rules); their pages look
alike, so each says which one the reader is in and links the other's contents, in the page's
language when the other exists in it, else in the language it has.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook import kinds
from rulebook.models import DataGeneration, Document


@dataclass
class DocumentLink:
    kind: kinds.DocumentKind
    url: str
    language: str
    current: bool


def _kinds_by_language(game_slug: str) -> dict[str, set[str]]:
    """Kind -> the languages it has, for every game: read once per data generation."""

    def compute():
        out: dict[str, dict[str, set[str]]] = {}
        rows = Document.objects.values_list("game__slug", "kind", "language").distinct()
        for game, kind, language in rows:
            out.setdefault(game, {}).setdefault(kind, set()).add(language)
        return out

    return DataGeneration.kept("document-kinds", compute).get(game_slug, {})


def document_nav(document, language: str) -> list[DocumentLink]:
    """Every document kind of the document's game, the document's own marked current; empty
    when the game has one kind only (there is nothing to tell apart)."""
    present = _kinds_by_language(document.game.slug)
    if len(present) < 2:
        return []
    out = []
    for kind in kinds.TABLE:
        languages = present.get(kind.key)
        if not languages:
            continue
        shown = language if language in languages else sorted(languages)[0]
        url = Document(game=document.game, kind=kind.key, language=shown).get_absolute_url()
        out.append(DocumentLink(kind, url, shown, kind.key == document.kind))
    return out
