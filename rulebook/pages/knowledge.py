"""Assembling what keyword, FAQ and card pages show, from the Link table in bulk.

Every query here is per page, never per row: links are read once, then the rows they point to
are fetched with ``pk__in``. FAQ answers are rendered at view time (not stored as HTML) because
their links depend on the page's language: the same English answer links to French rules on a
French page.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from django.db.models import Q
from django.utils.safestring import SafeString, mark_safe

from ingest.knowledge.cards import render_ability_html
from ingest.knowledge.render import render_answer_html
from ingest.knowledge.text import slugify
from rulebook import kinds
from rulebook.models import Card, Document, FaqEntry, FaqPage, Keyword, Link, Rule
from rulebook.pages.preview import opening

_RULE_REF_RE = re.compile(r'<a class="rule-ref" href="(?P<href>[^"]*)">rule (?P<num>[^<]+)</a>')


def rules_document(game, language):
    """The default (newest) Core Rules in ``language``, without its large report."""
    return (
        Document.objects.filter(game=game, kind=kinds.CORE_RULES, language=language)
        .select_related("game")
        .defer("report")
        .order_by("-version")
        .first()
    )


def under(number: str) -> Q:
    """Links whose rule target is ``number`` or one of its sub-rules."""
    return Q(target_key=number) | Q(target_key__startswith=number + ".")


@dataclass
class FaqItem:
    entry: FaqEntry
    answer_html: SafeString
    url: str
    notes: list[str] = field(default_factory=list)


class Resolver:
    """URLs for rules, cards and keywords as the pages of one language link them."""

    def __init__(self, game, language, document):
        self.game, self.language, self.document = game, language, document
        english = rules_document(game, "en")
        by_number = {k.number: k.slug for k in Keyword.objects.filter(document=document)}
        self.keyword_slugs = (
            {
                k.name: by_number.get(k.number)
                for k in Keyword.objects.filter(document=english).only("name", "number")
            }
            if english
            else {}
        )
        self.card_slugs = set(Card.objects.filter(game=game).values_list("slug", flat=True))
        self.rule_texts: dict[str, str] = {}

    def load_rules(self, numbers) -> None:
        """Fetch the texts (for tooltips) of every number the page will link, in one query."""
        wanted = set(numbers) - set(self.rule_texts)
        if self.document and wanted:
            rows = Rule.objects.filter(document=self.document, number__in=wanted, occurrence=1)
            self.rule_texts.update(rows.values_list("number", "text"))

    def rule_url(self, number):
        if number not in self.rule_texts:
            return None
        return f"/{self.language}/{self.game.slug}/rules/{number}/"

    def card_url(self, name):
        slug = slugify(name)
        return (
            f"/{self.language}/{self.game.slug}/cards/{slug}/" if slug in self.card_slugs else None
        )

    def keyword_url(self, name):
        slug = self.keyword_slugs.get(name)
        return f"/{self.language}/{self.game.slug}/keywords/{slug}/" if slug else None

    def link_url(self, href: str):
        """The FAQ's own root-relative links (/cards/switcheroo#x) point at our FAQ pages."""
        if href.startswith("/") and not href.startswith("//"):
            return f"/{self.language}/{self.game.slug}/faq{href.split('#')[0].rstrip('/')}/" + (
                "#" + href.split("#", 1)[1] if "#" in href else ""
            )
        return href

    def answer_html(self, markdown: str) -> SafeString:
        out = render_answer_html(
            markdown, self.rule_url, self.card_url, self.keyword_url, self.link_url
        )
        # render_answer_html escapes all source text; the tooltip added here is escaped too,
        # so the result holds only markup written by the renderer and by this function.
        return mark_safe(_RULE_REF_RE.sub(self._with_preview, out))  # noqa: S308

    def _with_preview(self, match: re.Match) -> str:
        number = html.unescape(match["num"])
        text = self.rule_texts.get(number, "")
        return (
            f'<a class="rule-ref xref" href="{match["href"]}" data-target='
            f'"{html.escape(number, quote=True)}">rule {match["num"]}</a>'
            f'<span class="xref-preview" role="tooltip">'
            f"{html.escape(opening(number + ' ' + text, 240))}</span>"
        )

    def ability_html(self, text: str) -> SafeString:
        # render_ability_html escapes the text and only adds its own spans and links.
        return mark_safe(
            render_ability_html(  # noqa: S308
                text, self.keyword_url, list(self.keyword_slugs) or None
            )
        )


def faq_items(entries, resolver: Resolver, language: str) -> list[FaqItem]:
    """Entries with rendered answers; rule texts for every tooltip are fetched at once."""
    entries = list(entries)
    resolver.load_rules(n for e in entries for n in e.rule_citations)
    items = []
    for entry in entries:
        markdown = entry.answer_markdown
        item = FaqItem(entry, resolver.answer_html(markdown), entry.url(language))
        items.append(item)
    return items


def entries_by_id(ids) -> list[FaqEntry]:
    """FAQ entries in reading order: community pages first, then official articles."""
    return list(
        FaqEntry.objects.filter(pk__in=set(ids))
        .select_related("page__game")
        .order_by("page__source", "page__position", "position")
    )


def keyword_faq_ids(game, english_keyword) -> list[int]:
    """FAQ entries that cite one of the keyword's rules or name the keyword."""
    if english_keyword is None:
        return []
    links = Link.objects.filter(game=game, source_kind=Link.FAQ).filter(
        Q(target_kind=Link.RULE) & under(english_keyword.number)
        | Q(target_kind=Link.KEYWORD, target_id=english_keyword.pk)
    )
    return list(links.values_list("source_id", flat=True).distinct())


def keyword_card_links(game, english_keyword) -> dict[int, str]:
    """{card id: note} of the cards whose text carries the keyword."""
    if english_keyword is None:
        return {}
    return dict(
        Link.objects.filter(
            game=game, source_kind=Link.CARD, target_kind=Link.KEYWORD, target_id=english_keyword.pk
        ).values_list("source_id", "note")
    )


def cards_with_printings(ids):
    return list(Card.objects.filter(pk__in=set(ids)).prefetch_related("printings").order_by("name"))


def keyword_counts(game, keywords, english: dict[str, Keyword]) -> dict[int, dict]:
    """{keyword id: {"rules", "faq", "cards"}} for a keyword index, in three queries."""
    faq_rules = list(
        Link.objects.filter(game=game, source_kind=Link.FAQ, target_kind=Link.RULE).values_list(
            "target_key", "source_id"
        )
    )
    faq_named = _grouped(game, Link.FAQ)
    cards = _grouped(game, Link.CARD)
    out = {}
    for keyword in keywords:
        en = english.get(keyword.number)
        sources = set(faq_named.get(en.pk, ())) if en else set()
        sources.update(
            s
            for key, s in faq_rules
            if key == keyword.number or key.startswith(keyword.number + ".")
        )
        out[keyword.pk] = {
            "rules": len(keyword.rule_numbers),
            "faq": len(sources),
            "cards": len(cards.get(en.pk, ())) if en else 0,
        }
    return out


def _grouped(game, source_kind) -> dict[int, set[int]]:
    grouped: dict[int, set[int]] = {}
    rows = Link.objects.filter(
        game=game, source_kind=source_kind, target_kind=Link.KEYWORD, target_id__isnull=False
    ).values_list("target_id", "source_id")
    for target, source in rows:
        grouped.setdefault(target, set()).add(source)
    return grouped


def faq_pages(game, source=None, topic=None):
    pages = FaqPage.objects.filter(game=game).prefetch_related("entries")
    if source:
        pages = pages.filter(source=source)
    if topic:
        pages = pages.filter(kind=topic)
    return pages.order_by("source", "kind", "title")


def granted_cards(game_obj, english, carrying: set[int]) -> list[dict]:
    """Cards that gain the keyword through another keyword's rule (Hidden -> Reaction)."""
    if english is None or not english.granted_by:
        return []
    groups: dict[str, list[str]] = {}
    for name, number in english.granted_by:
        groups.setdefault(name, []).append(number)
    granting = {
        k.name: k for k in Keyword.objects.filter(document=english.document_id, name__in=groups)
    }
    out = []
    for name, numbers in groups.items():
        source = granting.get(name)
        ids = keyword_card_links(game_obj, source) if source else {}
        cards = Card.objects.filter(pk__in=set(ids) - carrying).order_by("name")
        out.append(
            {
                "name": name,
                "keyword": source,
                "numbers": numbers,
                "cards": list(cards.only("name", "slug")),
            }
        )
    return out
