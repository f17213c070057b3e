"""Index entries for keyword pages, FAQ entries and cards, so ``kind`` filters find them.

Keywords are indexed once per language from the default Core Rules of that language (their
pages are localised); FAQ entries and cards are English content and are indexed in English.
URLs are written out rather than reversed because the search package may not import the web
layer that owns the URL patterns; the paths mirror ``rulebook/web/urls_knowledge.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from ingest.knowledge.cards import ability_plain_text
from rulebook import kinds
from rulebook.search import weights
from rulebook.search.base import IndexEntry


def _path(language: str, game: str, *parts: str) -> str:
    return "/" + "/".join([language, game, *parts]) + "/"


def knowledge_entries() -> Iterator[IndexEntry]:
    yield from keyword_entries()
    yield from faq_entries()
    yield from card_entries()


def keyword_entries() -> Iterator[IndexEntry]:
    from rulebook.models import Document, Keyword

    defaults = {}
    for doc in Document.objects.filter(kind=kinds.CORE_RULES).defer("report").order_by("-version"):
        defaults.setdefault((doc.game_id, doc.language), doc.pk)
    keywords = (
        Keyword.objects.filter(document_id__in=defaults.values())
        .select_related("document__game")
        .defer("document__report")
    )
    for keyword in keywords:
        doc = keyword.document
        text = " ".join([keyword.summary, *keyword.types, *keyword.written_forms])
        yield IndexEntry(
            key=f"keyword:{doc.game.slug}:{doc.language}:{keyword.slug}",
            kind="keyword",
            game=doc.game.slug,
            language=doc.language,
            version=doc.version,
            number=None,  # the API contract: a number only for rule hits
            title=keyword.name,
            path=keyword.name,
            text=text,
            url=_path(doc.language, doc.game.slug, "keywords", keyword.slug),
            is_default_version=True,
            boost=weights.KEYWORD_PAGE_BOOST,
            extra={"name": keyword.name, "keyword": keyword.name},
        )


def faq_entries() -> Iterator[IndexEntry]:
    from rulebook.models import FaqEntry

    entries = FaqEntry.objects.select_related("page__game").only(
        "anchor",
        "question",
        "answer_text",
        "page__slug",
        "page__source",
        "page__title",
        "page__updated_at",
        "page__published_at",
        "page__created_at",
        "page__game__slug",
    )
    for entry in entries:
        page, game = entry.page, entry.page.game.slug
        parts = ("faq", "official", page.slug) if page.is_official else ("faq", page.slug)
        yield IndexEntry(
            key=f"faq:{game}:{page.source}:{page.slug}#{entry.anchor}",
            kind="faq",
            game=game,
            language="en",
            version=page.date or "current",
            number=None,
            title=entry.question,
            path=page.title,
            text=entry.answer_text,
            url=_path("en", game, *parts) + f"#{entry.anchor}",
            is_default_version=True,
            boost=weights.FAQ_BOOST,
            extra={"source": page.source, "anchor": entry.anchor},
        )


def card_entries() -> Iterator[IndexEntry]:
    from rulebook.models import Card

    for card in Card.objects.select_related("game"):
        game = card.game.slug
        text = " ".join(
            [
                ability_plain_text(card.ability_text),
                *card.card_types,
                *card.super_types,
                *card.domains,
                *card.tags,
            ]
        )
        yield IndexEntry(
            key=f"card:{game}:{card.slug}",
            kind="card",
            game=game,
            language="en",
            version="current",
            number=None,
            title=card.name,
            path=" · ".join(card.card_types),
            text=text,
            url=_path("en", game, "cards", card.slug),
            is_default_version=True,
            boost=weights.CARD_BOOST,
            extra={"name": card.name},
        )
