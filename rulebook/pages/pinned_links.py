"""Links handed out for discussions: short, and pinned to the version they were made from.

A bare ``/r/729`` follows the newest version, so a message written last year that says "see
/r/729" may now point at another rule. Whatever the site gives someone to paste (the
autolinker, the Discord replies, oEmbed, "Copy link") names the version instead:
``/r/2025-10/729``, or ``/r/2025-10/tr/703.9`` for a document other than the Core Rules.
Short links only reach the game ``/r/`` answers for; any other game's link is its pinned page.
"""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from rulebook import kinds
from rulebook.models import DataGeneration, Game


def short_link_game() -> str | None:
    """The slug of the game ``/r/`` points into, kept per data generation: every link the
    autolinker writes asks, and the answer only changes with an ingest or the setting."""
    preferred = settings.RULEBOOK_DEFAULT_GAME

    def find():
        game = Game.objects.short_link_default(preferred)
        # A prose game's entries have names, not numbers: ``/r/`` cannot reach them.
        return game.slug if game and game.numbering == Game.Numbering.NUMBERED else None

    return DataGeneration.kept(f"short-link-game:{preferred}", find)


def short_prefix(game_slug: str, kind: str, version: str) -> str | None:
    """``/r/<version>/`` (``/r/<version>/tr/``): the pinned short link up to the number, or None
    when ``/r/`` cannot reach this game or kind."""
    if game_slug != short_link_game():
        return None
    if kind == kinds.CORE_RULES:
        return reverse("short_version", kwargs={"version": version, "number": "0"})[:-1]
    found = kinds.get(kind)
    if found is None or not found.abbreviation:
        return None
    kwargs = {"version": version, "document": found.abbreviation.lower(), "number": "0"}
    return reverse("short_version_document", kwargs=kwargs)[:-1]


def document_prefix(document) -> str | None:
    """``short_prefix`` of a document."""
    return short_prefix(document.game.slug, document.kind, document.version)


class PinnedLinks:
    """The links to paste for the rules of one document: pinned short links, else pinned
    pages. Made once for a reply or a text that links many numbers (one lookup of the game)."""

    def __init__(self, document):
        self.document = document
        self.prefix = document_prefix(document)

    def path(self, number: str) -> str:
        if self.prefix:
            return f"{self.prefix}{number}"
        doc = self.document
        return pinned_page(doc.game.slug, doc.kind, doc.version, number, doc.language)


def pinned_path(document, number: str) -> str:
    """The link to paste for rule ``number`` of ``document``."""
    return PinnedLinks(document).path(number)


def pinned_page(game_slug: str, kind: str, version: str, number: str, language: str) -> str:
    kwargs = {"game": game_slug, "kind": kinds.slug_of(kind), "version": version, "number": number}
    with translation.override(language):
        return reverse("rule_version", kwargs=kwargs)


def pinned_hit_path(hit) -> str:
    """A search hit's link for a discussion: a rule hit pinned to the version it was found in;
    any other hit (keyword, FAQ, card) as the search gave it."""
    kind = kinds.key_of_path(hit.url) if hit.kind == "rule" and hit.number else None
    if kind is None or not hit.version:
        return hit.url
    prefix = short_prefix(hit.game, kind, hit.version)
    if prefix:
        return f"{prefix}{hit.number}"
    return pinned_page(hit.game, kind, hit.version, hit.number, hit.language)
