"""Writing parsed FAQ, errata and card files into the database, row by natural key.

FAQ entry = source + page slug + anchor, card = game + slug, printing = external id,
erratum = card + article (see ``rulebook.loading.sync``).

Every count of removed rows comes from the natural keys stored before and after the load, not
from what one delete statement touched: deleting a page or a card takes its entries or
printings with it, and those must be counted (and guarded, ``guards.check_knowledge_drop``)
like any other removal. Parents are deleted after their children are synced for the same
reason, and so that a printing moving to another card is updated in place.
"""

from __future__ import annotations

from dataclasses import asdict

from ingest.knowledge.cards import Gallery, card_key, image_origin
from ingest.knowledge.community import CommunityFaq
from ingest.knowledge.errata import ErrataResult
from ingest.knowledge.official import OfficialArticle
from rulebook.loading.sync import (
    CREATED,
    REMOVED,
    UNCHANGED,
    UPDATED,
    delete_rows,
    natural_keys,
    new_tally,
    settle_by_keys,
    sync_rows,
    upsert_rows,
)
from rulebook.models import Card, Erratum, FaqEntry, FaqPage, Game, KnowledgeSource, Printing

BANNED = "banned"  # the knowledge kind whose report keeps the list of names


def load_community(game: Game, faq: CommunityFaq) -> dict:
    before = _entry_keys(game, FaqPage.COMMUNITY)
    pages, page_tally, stale = upsert_rows(
        FaqPage,
        FaqPage.objects.of_game(game).community(),
        lambda p: p.slug,
        [(page.slug, _community_page(page, position)) for position, page in enumerate(faq.pages)],
        {"game": game, "source": FaqPage.COMMUNITY},
    )
    rows = [
        ((page.slug, entry.anchor), {"page": pages[page.slug], **_community_entry(entry)})
        for page in faq.pages
        for entry in page.entries
    ]
    entry_tally = _sync_entries(game, FaqPage.COMMUNITY, rows)
    delete_rows(FaqPage, stale, page_tally)
    settle_by_keys(entry_tally, before, _entry_keys(game, FaqPage.COMMUNITY))
    return {"faq pages": page_tally, "faq entries": entry_tally}


def _community_page(page, position: int) -> dict:
    return {
        "slug": page.slug[:200],
        "title": page.title[:300],
        "kind": page.kind,
        "authors": page.authors,
        "created_at": page.created_at or "",
        "reviewed_version": page.reviewed_version or "",
        "origin_url": (page.gallery_link or "")[:500],
        "intro_markdown": page.intro_markdown,
        "is_index": page.is_index,
        "position": position,
    }


def _community_entry(entry) -> dict:
    return {
        "anchor": entry.anchor,
        "kind": "question",
        "question": entry.question,
        "question_markdown": entry.question_markdown,
        "answer_markdown": entry.answer_markdown,
        "answer_text": entry.answer_text,
        "rule_citations": entry.rule_citations,
        "card_citations": entry.card_citations,
        "keyword_mentions": entry.keyword_mentions,
        "related_pages": entry.related_pages,
        "position": entry.position,
    }


def _entry_keys(game: Game, source: str) -> set[tuple]:
    entries = FaqEntry.objects.of_game(game).from_source(source)
    return natural_keys(entries, "page__slug", "anchor")


def _sync_entries(game: Game, source: str, rows: list[tuple]) -> dict:
    existing = FaqEntry.objects.of_game(game).from_source(source).select_related("page")
    _, entry_tally = sync_rows(FaqEntry, existing, lambda e: (e.page.slug, e.anchor), rows, {})
    return entry_tally


def load_official(game: Game, articles: list[OfficialArticle]) -> dict:
    before = _entry_keys(game, FaqPage.OFFICIAL)
    pages, page_tally, stale = upsert_rows(
        FaqPage,
        FaqPage.objects.of_game(game).from_source(FaqPage.OFFICIAL),
        lambda p: p.slug,
        [(article.id, _article(article, position)) for position, article in enumerate(articles)],
        {"game": game, "source": FaqPage.OFFICIAL},
    )
    rows = [
        ((article.id, entry.anchor), {"page": pages[article.id], **_official_entry(entry)})
        for article in articles
        for entry in article.entries
    ]
    entry_tally = _sync_entries(game, FaqPage.OFFICIAL, rows)
    delete_rows(FaqPage, stale, page_tally)
    settle_by_keys(entry_tally, before, _entry_keys(game, FaqPage.OFFICIAL))
    return {"official articles": page_tally, "official entries": entry_tally}


def _article(article, position: int) -> dict:
    return {
        "slug": article.id[:200],
        "title": article.title[:300],
        "kind": "official",
        "summary": article.summary,
        "published_at": article.published_at or "",
        "updated_at": article.updated_at or "",
        "origin_url": article.origin_url[:500],
        "intro_markdown": article.intro_markdown,
        "authors": [article.source] if article.source else [],
        "position": position,
    }


def _official_entry(entry) -> dict:
    return {
        "anchor": entry.anchor,
        "kind": entry.kind,
        "section": entry.section[:300],
        "question": entry.question,
        "question_markdown": entry.question,
        "answer_markdown": entry.answer_markdown,
        "answer_text": entry.answer_text,
        "rule_citations": entry.rule_mentions,
        "card_citations": entry.card_mentions,
        "keyword_mentions": entry.keyword_mentions,
        "images": entry.images,
        "position": entry.position,
    }


def load_errata(game: Game, result: ErrataResult) -> dict:
    rows = [
        (
            (card_key(e.card_name), e.article_id),
            {
                "card_name": e.card_name[:200],
                "card_key": card_key(e.card_name)[:200],
                "article_id": e.article_id[:200],
                "article_title": e.article_title[:300],
                "set_name": e.set_name or "",
                "old_text": e.old_text,
                "new_text": e.new_text,
                "origin_url": e.origin_url[:500],
                "published_at": e.published_at or "",
                "updated_at": e.updated_at or "",
                "position": e.position,
            },
        )
        for e in result.errata
    ]
    errata = Erratum.objects.filter(game=game)
    before = natural_keys(errata, "card_key", "article_id")
    _, tally = sync_rows(
        Erratum, errata, lambda e: (e.card_key, e.article_id), rows, {"game": game}
    )
    return {"errata": settle_by_keys(tally, before, natural_keys(errata, "card_key", "article_id"))}


def load_gallery(game: Game, gallery: Gallery) -> dict:
    stored_cards, printings = Card.objects.of_game(game), Printing.objects.filter(game=game)
    before = natural_keys(stored_cards, "slug"), natural_keys(printings, "external_id")
    cards, card_tally, stale = upsert_rows(
        Card,
        stored_cards,
        lambda c: c.slug,
        [(card.slug, _card(card, position)) for position, card in enumerate(gallery.cards)],
        {"game": game},
    )
    rows = [
        (p.id, {"external_id": p.id, "card": cards[card.slug], **_printing(p, position)})
        for card in gallery.cards
        for position, p in enumerate(card.printings)
    ]
    _, printing_tally = sync_rows(
        Printing, printings, lambda p: p.external_id, rows, {"game": game}
    )
    delete_rows(Card, stale, card_tally)
    return {
        "cards": settle_by_keys(card_tally, before[0], natural_keys(stored_cards, "slug")),
        "printings": settle_by_keys(
            printing_tally, before[1], natural_keys(printings, "external_id")
        ),
    }


def _card(card, position: int) -> dict:
    return {
        "slug": card.slug,
        "name": card.name[:200],
        "domains": card.domains,
        "card_types": card.card_types,
        "super_types": card.super_types,
        "tags": card.tags,
        "energy": card.energy,
        "might": card.might,
        "power": card.power,
        "ability_text": card.ability_text,
        "keywords": [asdict(use) for use in card.keywords],
        "banned": card.banned,
        "position": position,
    }


def _printing(p, position: int) -> dict:
    return {
        "public_code": p.public_code,
        "collector_number": p.collector_number,
        "set_name": p.set_name,
        "set_id": p.set_id,
        "rarity": p.rarity,
        "image_url": p.image_url[:500] if image_origin(p.image_url) else "",
        "image_alt": p.image_alt,
        "ability_text": p.ability_text,
        "keywords": [asdict(use) for use in p.keywords],
        "position": position,
    }


def apply_banned(game: Game, names: list[str]) -> dict:
    """Mark exactly the named cards as banned; the list replaces the previous one.

    "banned cards" counts the list against the stored one (a name dropped is a card unbanned),
    which is what the drop guard reads. The flags alone cannot say it: a gallery loaded in the
    same batch has already set them from the new list.
    """
    keys = {card_key(name) for name in names}
    tally = new_tally()
    for card in Card.objects.of_game(game).only("pk", "name", "banned"):
        banned = card_key(card.name) in keys
        if banned != card.banned:
            Card.objects.filter(pk=card.pk).update(banned=banned)
            tally[UPDATED] += 1
        else:
            tally[UNCHANGED] += 1
    before = {card_key(name) for name in stored_banned(game.slug)}
    listed = {**new_tally(), CREATED: len(keys - before), UNCHANGED: len(keys & before)}
    listed[REMOVED] = len(before - keys)
    return {"banned flags": tally, "banned cards": listed}


def stored_banned(game_slug: str) -> list[str]:
    source = KnowledgeSource.objects.filter(game__slug=game_slug, kind=BANNED).first()
    return list(source.report.get("names", [])) if source else []
