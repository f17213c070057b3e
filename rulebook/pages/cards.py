"""Card lists filterable by set, type and domain, and the knowledge shown on rule pages.

Filtering happens in Python over prefetched cards: a game has at most a few thousand cards and
the facets (which sets, types and domains exist) come from the same pass, while JSON
"contains" lookups are not portable across SQLite and PostgreSQL.
"""

from __future__ import annotations

import copy
import functools
import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from rulebook import kinds
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Document, Keyword, Link
from rulebook.pages.citing import citing_documents
from rulebook.pages.knowledge import entries_in_reading_order

FILTERS = ("set", "type", "domain", "name")
KEYWORD_FIELDS = tuple(f.attname for f in Keyword._meta.concrete_fields)
# A page of the card list stays short enough to scan and to load on a phone, images or not.
CARDS_PER_PAGE = 60
PAGER_WINDOW = 2  # page links either side of the current one; the first and last always


@dataclass
class CardFilter:
    selected: dict[str, str]
    sets: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    domains: list[str] = field(default_factory=list)

    @property
    def active(self) -> bool:
        return any(self.selected.values())


def card_sets(card) -> list[str]:
    return list(dict.fromkeys(p.set_name for p in card.printings.all() if p.set_name))


def named(cards, wanted: str) -> list:
    """Cards called ``wanted``, or that champion's cards ("Yasuo" finds "Yasuo, Windrider"),
    in any case; when no card has that exact name, cards with a word starting with it.

    The exact reading comes first because the autolinker links a bare champion name here and
    must not list another champion's cards ("Yi" is not "Master Yi").
    """
    wanted = " ".join(wanted.split()).casefold()
    exact = [c for c in cards if wanted in (c.name.casefold(), c.name.split(",")[0].casefold())]
    if exact or not wanted:
        return exact
    word = re.compile(rf"(?<!\w){re.escape(wanted)}")
    return [c for c in cards if word.search(c.name.casefold())]


def filter_cards(cards, params) -> tuple[list, CardFilter]:
    """The cards matching the GET parameters, and the facets of the unfiltered list."""
    selected = {name: (params.get(name) or "").strip()[:60] for name in FILTERS}
    facets = CardFilter(selected)
    sets, types, domains = set(), set(), set()
    kept = []
    for card in cards:
        names = card_sets(card)
        sets.update(names)
        types.update(card.card_types)
        domains.update(card.domains)
        if selected["set"] and selected["set"] not in names:
            continue
        if selected["type"] and selected["type"] not in card.card_types:
            continue
        if selected["domain"] and selected["domain"] not in card.domains:
            continue
        kept.append(card)
    if selected["name"]:
        kept = named(kept, selected["name"])
    facets.sets, facets.types, facets.domains = sorted(sets), sorted(types), sorted(domains)
    return kept, facets


def page_query(facets: CardFilter, number: int) -> str:
    """``?domain=Fury&page=2``: the filters in use and the page (none for the first), so every
    page link keeps what the reader filtered on, without JavaScript."""
    params = {name: value for name, value in facets.selected.items() if value}
    if number > 1:
        params["page"] = number
    return "?" + urlencode(params) if params else "./"


def pager_links(facets: CardFilter, page) -> dict:
    """The card list's page links: previous, next and the pages around this one, each as
    (number, href), with None for a gap."""
    last, here = page.paginator.num_pages, page.number
    around = range(max(1, here - PAGER_WINDOW), min(last, here + PAGER_WINDOW) + 1)
    shown = sorted({1, last, *around})
    numbers: list[int | None] = []
    for number in shown:
        if numbers and number - numbers[-1] > 1:
            numbers.append(None)
        numbers.append(number)
    return {
        "previous": page_query(facets, here - 1) if page.has_previous() else None,
        "next": page_query(facets, here + 1) if page.has_next() else None,
        "pages": [(n, page_query(facets, n) if n else None) for n in numbers],
    }


@dataclass
class RuleKnowledge:
    faq: list = field(default_factory=list)
    keyword: Keyword | None = None
    cards: list = field(default_factory=list)
    card_count: int = 0
    citing: list = field(default_factory=list)  # other documents' rules citing these


def rule_knowledge(document, numbers: list[str], limit: int = 24) -> RuleKnowledge | None:
    """FAQ entries citing the shown rules, cards carrying the keyword they define and the
    rules of other documents (the Tournament Rules) citing them; on a keyword's own page
    (813) also the FAQ entries that name the keyword.

    FAQ citations are numbered against the newest rules, so older versions show nothing
    rather than rulings attached to whatever a number meant back then.
    """
    if document.kind != kinds.CORE_RULES:
        return None
    if document.language == KNOWLEDGE_LANGUAGE and document.is_default():
        newest = document  # known without a query when the page has read its versions
    else:
        newest = Document.objects.newest_rules(document.game, KNOWLEDGE_LANGUAGE)
    if newest is None or document.version != newest.version:
        return None
    links = Link.objects.of_game(document.game)
    faq_ids = set(links.from_faq().to_rules(numbers).source_ids())
    out = RuleKnowledge()
    top = numbers[0].split(".")[0] if numbers else ""
    out.keyword = _keyword_at(document, top)
    english = out.keyword if newest.pk == document.pk else _keyword_at(newest, top)
    if english is not None and numbers[0] == top:  # the keyword's own page: FAQ naming it too
        faq_ids.update(links.faq_about_keyword(document.game, english).source_ids())
    out.faq = entries_in_reading_order(faq_ids)
    out.citing = citing_documents(document, numbers)
    if english is not None:
        carrying = links.cards_carrying(document.game, english).values("source_id")
        cards = Card.objects.filter(pk__in=carrying).order_by("name")
        out.card_count = cards.count()
        out.cards = list(cards.only("name", "slug", "game_id")[:limit])
    return out


def _keyword_at(document, number: str) -> Keyword | None:
    """The keyword defined at ``number``, first in the document's order."""
    state = (document.pk, document.content_hash, document.ingested_at)
    row = _keywords_by_number(*state).get(number)
    if row is None:
        return None
    keyword = Keyword.from_db(Keyword.objects.db, KEYWORD_FIELDS, copy.deepcopy(row))
    keyword.document = document
    return keyword


# Saves a keyword query on every rule page (1 to 2 ms each; two on a translation's page).
@functools.lru_cache(maxsize=16)
def _keywords_by_number(document_pk, content_hash, ingested_at) -> dict[str, tuple]:
    """Number -> the row of the first keyword defined there. Keywords are written with their
    document only, so they are kept per document state (as its rules are, ``outline``): every
    rule page of the newest rules looks one up."""
    rows = Keyword.objects.in_document(document_pk).order_by("-position")
    return {row[KEYWORD_FIELDS.index("number")]: row for row in rows.values_list(*KEYWORD_FIELDS)}
