"""What "Save for offline" stores for a game, and how a reader finds a rule in it.

A saved copy is what a player needs at a table, in the language of the page it was saved
from: the newest Core Rules of *every* language the game has (a French table reads the
French rules, the English player beside them the English ones), their keyword pages, the
card list and card pages, the FAQ and the glossary. The rules are saved as section pages
(``offline_sections``); the ``books`` below tell the service worker, per language, which saved
page holds which rule number. The stamp changes whenever what would be saved changes, so a
saved copy can tell it is stale and fetch itself again.
"""

from __future__ import annotations

import hashlib
import math

from django.conf import settings
from django.db.models import Max
from django.urls import reverse
from django.utils import translation

from rulebook import languages
from rulebook.models import Card, Document, FaqPage, Game, KnowledgeSource
from rulebook.pages.cards import CARDS_PER_PAGE
from rulebook.pages.knowledge import has_url
from rulebook.pages.offline_sections import SavedPage, section_pages

# Bump when what a saved copy holds changes shape: every saved copy then updates itself.
FORMAT = 2
TOC_ANCHOR_PREFIX = "toc-"

__all__ = ["FORMAT", "SavedPage", "panel", "saved_copy", "section_pages", "stamp"]


def _rules_by_language(game: Game, language: str, document=None) -> dict[str, Document]:
    """The newest Core Rules of each language that has any, the copy's own language first."""
    found = {language: document or Document.objects.newest_rules(game, language)}
    for code in languages.codes():
        if code != language:
            found[code] = Document.objects.newest_rules(game, code)
    return {code: doc for code, doc in found.items() if doc is not None}


def stamp(game: Game, language: str, document=None) -> str | None:
    """A short fingerprint of the data a saved copy holds; None when there is nothing to save.

    It follows the newest rules of every language (a new version, or the same version
    re-ingested), the FAQ and card sources, and the page format a deployment renders with.
    """
    documents = _rules_by_language(game, language, document)
    if language not in documents:
        return None
    knowledge = KnowledgeSource.objects.filter(game=game).aggregate(newest=Max("ingested_at"))
    parts = [FORMAT, settings.RULEBOOK_PAGE_FORMAT, language]
    for code, doc in documents.items():
        parts += [code, doc.pk, doc.version, doc.content_hash, doc.ingested_at.isoformat()]
    parts.append(knowledge["newest"].isoformat() if knowledge["newest"] else "")
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:16]


def panel(game: Game, language: str) -> dict | None:
    """What the "Save for offline" panel of a game's page needs; None when there is nothing to
    save in that language."""
    document = Document.objects.newest_rules(game, language)
    if document is None:
        return None
    with translation.override(language):
        manifest = reverse("offline_copy", kwargs={"game": game.slug})
    return {
        "stamp": stamp(game, language, document),
        "version": document.version,
        "manifest": manifest,
    }


def saved_copy(game: Game, language: str) -> dict | None:
    """The description the save button downloads: the URLs to store, grouped by kind, and
    each language's rule-to-page map. ``urls`` lists every group's URLs once."""
    documents = _rules_by_language(game, language)
    document = documents.get(language)
    if document is None:
        return None
    books = [_book(game, code, doc) for code, doc in documents.items()]
    own = books[0]
    with translation.override(language):
        manifest = reverse("offline_copy", kwargs={"game": game.slug})
        offline = reverse("offline")
        groups = [*own.pop("groups"), *_knowledge_groups(game, len(documents) > 1)]
    for book in books[1:]:
        groups += book.pop("groups")
    urls = list(dict.fromkeys(url for group in groups for url in group["urls"]))
    return {
        "format": FORMAT,
        "game": game.slug,
        "name": game.name,
        "lang": language,
        "kind": document.kind_slug,
        "version": document.version,
        "stamp": stamp(game, language, document),
        "home": own["home"],
        "toc": own["toc"],
        "offline": offline,
        "manifest": manifest,
        "urls": urls,
        "rules": own["rules"],
        "books": books,
        "groups": groups,
        "images": card_images(game),
    }


def _book(game: Game, language: str, document: Document) -> dict:
    """One language's rules: its game page, contents, section pages and keyword pages, and
    which saved page holds each rule number."""
    with translation.override(language):
        toc = reverse("toc", kwargs={"game": game.slug, "kind": document.kind_slug})
        pages, chapters = section_pages(document, prose=game.numbering == Game.Numbering.PROSE)
        for page in pages:
            page.url = f"{toc}{page.number}/"
        slugs = document.keywords.order_by("number").values_list("slug", flat=True)
        keywords = [reverse("keyword", kwargs={"game": game.slug, "slug": s}) for s in slugs]
        if keywords:
            keywords.insert(0, reverse("keywords", kwargs={"game": game.slug}))
        home = reverse("game", kwargs={"game": game.slug})
    rule_pages = [{"url": p.url, "numbers": p.numbers} for p in pages]
    if chapters:
        rule_pages.append({"url": toc, "numbers": chapters, "prefix": TOC_ANCHOR_PREFIX})
    groups = [
        {"kind": "home", "lang": language, "urls": [home]},
        {"kind": "contents", "lang": language, "urls": [toc]},
        {"kind": "keywords", "lang": language, "urls": keywords},
        {"kind": "sections", "lang": language, "urls": [p.url for p in pages]},
    ]
    return {
        "lang": language,
        "kind": document.kind_slug,
        "version": document.version,
        "home": home,
        "toc": toc,
        "rules": {"pages": rule_pages},
        "groups": [group for group in groups if group["urls"]],
    }


def _knowledge_groups(game: Game, glossary: bool) -> list[dict]:
    """The card, FAQ and glossary pages in the active language (their content is English
    whatever the page language, so one language of them is enough)."""
    language = translation.get_language()
    slug = game.slug
    card_slugs = list(Card.objects.of_game(game).order_by("name").values_list("slug", flat=True))
    lists = math.ceil(len(card_slugs) / CARDS_PER_PAGE)
    card_list = reverse("cards", kwargs={"game": slug})
    faq = [
        page.url(language)
        for page in FaqPage.objects.of_game(game).select_related("game").order_by("position")
        if has_url(page)
    ]
    groups = [
        {"kind": "card-lists", "urls": [card_list] * bool(lists)},
        {
            "kind": "cards",
            "urls": [reverse("card", kwargs={"game": slug, "slug": s}) for s in card_slugs],
        },
        {"kind": "faq", "urls": [reverse("faq_index", kwargs={"game": slug}), *faq] if faq else []},
        {"kind": "glossary", "urls": [reverse("glossary", kwargs={"game": slug})] * glossary},
    ]
    groups[0]["urls"] += [f"{card_list}?page={number}" for number in range(2, lists + 1)]
    return [{**group, "lang": language} for group in groups if group["urls"]]


def card_images(game: Game) -> list[str]:
    """Each card's picture, saved only when it loads: a host that refuses must not fail the
    save, so the worker fetches them one by one and skips the failures."""
    cards = Card.objects.of_game(game).with_printings()
    return list(dict.fromkeys(card.image.image_url for card in cards if card.image))
