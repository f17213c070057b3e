"""Writing parsed FAQ, errata, card and keyword data into the database.

Rows are synchronised on natural keys (FAQ entry = source + page slug + anchor, card = game +
slug, printing = external id, erratum = card + article): a row whose fields are all equal is
left alone, so a second ingest of the same file reports every entry unchanged, and a new
download updates entries in place (their URLs do not move). Callers own the transaction.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass, field

from ingest.knowledge.cards import Gallery, card_key
from ingest.knowledge.community import CommunityFaq
from ingest.knowledge.errata import ErrataResult
from ingest.knowledge.keywords import derive_keywords, granted_keywords, keyword_mentions
from ingest.knowledge.official import OfficialArticle
from rulebook.models import (
    Card,
    Erratum,
    FaqEntry,
    FaqPage,
    Game,
    Keyword,
    KnowledgeSource,
    Link,
    Printing,
    Rule,
)

CREATED, UPDATED, UNCHANGED, REMOVED = "created", "updated", "unchanged", "removed"


@dataclass
class KnowledgeResult:
    """What one knowledge file did: per row type, how many were created/updated/unchanged."""

    kind: str
    status: str = UNCHANGED
    counts: dict = field(default_factory=dict)
    report: dict = field(default_factory=dict)

    def settle(self) -> KnowledgeResult:
        changed = [c for c in self.counts.values() if c[CREATED] or c[UPDATED] or c[REMOVED]]
        created = any(c[CREATED] for c in self.counts.values())
        self.status = (
            CREATED
            if created and not any(c[UNCHANGED] for c in self.counts.values())
            else UPDATED
            if changed
            else UNCHANGED
        )
        return self


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _tally() -> dict:
    return {CREATED: 0, UPDATED: 0, UNCHANGED: 0, REMOVED: 0}


def sync_rows(model, existing, key: Callable, rows: Iterable[tuple], fixed: dict) -> tuple:
    """Create, update or delete ``model`` rows so that ``existing`` matches ``rows``.

    ``rows`` are (natural key, field values); ``fixed`` are values every row shares (the
    game). Returns ({key: instance}, tally). Equal rows are not written at all.
    """
    current = {key(obj): obj for obj in existing}
    tally, out, to_create, to_update, names = _tally(), {}, [], [], set()
    for natural, values in rows:
        obj = current.pop(natural, None)
        if obj is None:
            obj = model(**fixed, **values)
            to_create.append(obj)
            tally[CREATED] += 1
        else:
            changed = [n for n, v in values.items() if _value(obj, n) != _plain(v)]
            for name in changed:
                setattr(obj, name, values[name])
            names.update(changed)
            if changed:
                to_update.append(obj)
            tally[UPDATED if changed else UNCHANGED] += 1
        out[natural] = obj
    model.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        model.objects.bulk_update(to_update, sorted(names), batch_size=500)
    if current:
        model.objects.filter(pk__in=[obj.pk for obj in current.values()]).delete()
        tally[REMOVED] = len(current)
    return out, tally


def _value(obj, name):
    value = getattr(obj, name)
    return value.pk if hasattr(value, "_meta") else value


def _plain(value):
    return value.pk if hasattr(value, "_meta") else value


def source_unchanged(game: Game, kind: str, text: str) -> KnowledgeSource | None:
    """The stored source when ``text`` is byte-for-byte what was loaded last time."""
    source = KnowledgeSource.objects.filter(game=game, kind=kind).first()
    return source if source and source.content_hash == source_hash(text) else None


def record_source(game, kind, name, text, report) -> KnowledgeSource:
    source, _ = KnowledgeSource.objects.update_or_create(
        game=game,
        kind=kind,
        defaults={"source_name": name, "content_hash": source_hash(text), "report": report},
    )
    return source


def load_community(game: Game, faq: CommunityFaq) -> dict:
    page_rows = [
        (
            page.slug,
            {
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
            },
        )
        for position, page in enumerate(faq.pages)
    ]
    pages, page_tally = sync_rows(
        FaqPage,
        FaqPage.objects.filter(game=game, source=FaqPage.COMMUNITY),
        lambda p: p.slug,
        page_rows,
        {"game": game, "source": FaqPage.COMMUNITY},
    )
    entry_rows = []
    for page in faq.pages:
        for entry in page.entries:
            entry_rows.append(
                (
                    (page.slug, entry.anchor),
                    {
                        "page": pages[page.slug],
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
                    },
                )
            )
    existing = FaqEntry.objects.filter(page__game=game, page__source=FaqPage.COMMUNITY)
    _, entry_tally = sync_rows(
        FaqEntry, existing.select_related("page"), lambda e: (e.page.slug, e.anchor), entry_rows, {}
    )
    return {"faq pages": page_tally, "faq entries": entry_tally}


def load_official(game: Game, articles: list[OfficialArticle]) -> dict:
    page_rows = [
        (
            article.id,
            {
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
            },
        )
        for position, article in enumerate(articles)
    ]
    pages, page_tally = sync_rows(
        FaqPage,
        FaqPage.objects.filter(game=game, source=FaqPage.OFFICIAL),
        lambda p: p.slug,
        page_rows,
        {"game": game, "source": FaqPage.OFFICIAL},
    )
    entry_rows = []
    for article in articles:
        for entry in article.entries:
            entry_rows.append(
                (
                    (article.id, entry.anchor),
                    {
                        "page": pages[article.id],
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
                    },
                )
            )
    existing = FaqEntry.objects.filter(page__game=game, page__source=FaqPage.OFFICIAL)
    _, entry_tally = sync_rows(
        FaqEntry, existing.select_related("page"), lambda e: (e.page.slug, e.anchor), entry_rows, {}
    )
    return {"official articles": page_tally, "official entries": entry_tally}


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
    _, tally = sync_rows(
        Erratum,
        Erratum.objects.filter(game=game),
        lambda e: (e.card_key, e.article_id),
        rows,
        {"game": game},
    )
    return {"errata": tally}


def load_gallery(game: Game, gallery: Gallery) -> dict:
    card_rows = [
        (
            card.slug,
            {
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
            },
        )
        for position, card in enumerate(gallery.cards)
    ]
    cards, card_tally = sync_rows(
        Card, Card.objects.filter(game=game), lambda c: c.slug, card_rows, {"game": game}
    )
    printing_rows = []
    for card in gallery.cards:
        for position, p in enumerate(card.printings):
            printing_rows.append(
                (
                    p.id,
                    {
                        "card": cards[card.slug],
                        "public_code": p.public_code,
                        "collector_number": p.collector_number,
                        "set_name": p.set_name,
                        "set_id": p.set_id,
                        "rarity": p.rarity,
                        "image_url": p.image_url[:500],
                        "image_alt": p.image_alt,
                        "ability_text": p.ability_text,
                        "keywords": [asdict(use) for use in p.keywords],
                        "position": position,
                    },
                )
            )
    _, printing_tally = sync_rows(
        Printing,
        Printing.objects.filter(game=game),
        lambda p: p.external_id,
        [(k, {"external_id": k, **v}) for k, v in printing_rows],
        {"game": game},
    )
    return {"cards": card_tally, "printings": printing_tally}


def apply_banned(game: Game, names: list[str]) -> dict:
    """Mark exactly the named cards as banned; the list replaces the previous one."""
    keys = {card_key(name) for name in names}
    tally = _tally()
    for card in Card.objects.filter(game=game).only("pk", "name", "banned"):
        banned = card_key(card.name) in keys
        if banned != card.banned:
            Card.objects.filter(pk=card.pk).update(banned=banned)
            tally[UPDATED] += 1
        else:
            tally[UNCHANGED] += 1
    return {"banned flags": tally}


def stored_banned(game_slug: str) -> list[str]:
    source = KnowledgeSource.objects.filter(game__slug=game_slug, kind="banned").first()
    return list(source.report.get("names", [])) if source else []


def store_keywords(document, parsed_rules, rules: list[Rule]) -> list[Keyword]:
    """Derive a Core Rules document's keyword glossary, and link each rule to the keywords
    its text mentions (rule -> keyword links, resolved within the same document)."""
    derived = derive_keywords(parsed_rules, document.language)
    if not derived:
        return []
    grants = granted_keywords(derived, parsed_rules)
    keywords = Keyword.objects.bulk_create(
        [
            Keyword(
                document=document,
                name=k.name[:80],
                slug=k.slug,
                number=k.number,
                types=k.types,
                written_forms=k.written_forms,
                summary=k.summary,
                aliases=k.aliases,
                rule_numbers=k.rule_numbers,
                takes_value=k.takes_value,
                notes=k.notes,
                granted_by=[list(pair) for pair in grants.get(k.name, [])],
                position=position,
            )
            for position, k in enumerate(derived)
        ]
    )
    if not all(k.pk for k in keywords):
        ids = dict(Keyword.objects.filter(document=document).values_list("slug", "pk"))
        for keyword in keywords:
            keyword.pk = ids[keyword.slug]
    by_name = {k.name: k for k in keywords}
    links = []
    for rule in rules:
        for position, name in enumerate(keyword_mentions(rule.text, derived)):
            keyword = by_name[name]
            links.append(
                Link(
                    game_id=document.game_id,
                    document=document,
                    source_kind=Link.RULE,
                    source_id=rule.pk,
                    target_kind=Link.KEYWORD,
                    target_key=keyword.slug,
                    target_id=keyword.pk,
                    written=name[:200],
                    position=position,
                )
            )
    Link.objects.bulk_create(links, batch_size=1000)
    return keywords


def store_entries(document, parsed_rules, rules: list[Rule]) -> list[Keyword]:
    """A prose document's named entries ("Counter: …") as keyword-like rows.

    They get the same pages as keywords; their "type" is the section they are listed under
    ("Universal Reactions") and their summary the first sentence of their text.
    """
    sections = {r.pk: r for r in rules if r.is_heading and r.heading_level < 3}
    keywords = []
    for position, rule in enumerate(r for r in rules if r.heading_level == 3 and r.title):
        section = sections.get(rule.section_id)
        first_sentence = re.split(r"(?<=[.!?])\s", rule.text, maxsplit=1)[0]
        keywords.append(
            Keyword(
                document=document,
                name=rule.title[:80],
                slug=rule.number[:80],
                number=rule.number,
                types=[section.title or section.text] if section else [],
                summary=first_sentence,
                rule_numbers=[rule.number],
                position=position,
            )
        )
    return Keyword.objects.bulk_create(keywords)
