"""What keyword, card and FAQ pages show, assembled once for the HTML pages and the API alike.

Every query here is per page, never per row: links are read once, then the rows they point to
are fetched with ``pk__in``. Keywords are matched across languages by their defining rule
number, never by name; FAQ rulings and cards cite the English keyword, so a French keyword
page finds its rulings through its English twin.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from django.urls.converters import SlugConverter

from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Document, Erratum, FaqEntry, FaqPage, Keyword, Link, Rule

logger = logging.getLogger(__name__)
URL_SLUG_RE = re.compile(SlugConverter.regex)


def slug_has_url(slug: str) -> bool:
    """Whether ``<slug:...>`` in a URL pattern takes ``slug``, so that reversing it works."""
    return bool(URL_SLUG_RE.fullmatch(slug or ""))


def faq_slug_has_url(slug: str, source: str) -> bool:
    """Official articles are ``<slug:slug>``, community pages ``<path:page>`` (any text)."""
    return slug_has_url(slug) if source == FaqPage.OFFICIAL else bool(slug)


def has_url(page: FaqPage) -> bool:
    """Whether a URL can be built for ``page``. The ingest makes every slug URL-safe, but a
    row stored before it did (an official article id "rules-faq-v1.2") would make ``reverse``
    fail, and with it every page listing the row: lists leave such a page out, and say so."""
    ok = faq_slug_has_url(page.slug, page.source)
    if not ok:
        logger.warning("FAQ page %r has a slug no URL takes; re-ingest its file", page.slug)
    return ok


def english_keyword(game, number: str) -> Keyword | None:
    """The English keyword defined at ``number``: the one FAQ and card links point at."""
    english = Document.objects.newest_rules(game, KNOWLEDGE_LANGUAGE)
    return Keyword.objects.in_document(english).defined_at(number).first()


def english_keywords(game) -> dict[str, Keyword]:
    """The newest English keywords by defining number."""
    english = Document.objects.newest_rules(game, KNOWLEDGE_LANGUAGE)
    return Keyword.objects.in_document(english).by_number()


def entries_in_reading_order(ids) -> list[FaqEntry]:
    if not ids:  # most rules are cited by no ruling; even an empty query is compiled
        return []
    return [e for e in FaqEntry.objects.with_ids(ids).in_reading_order() if has_url(e.page)]


def keyword_faq(game, english: Keyword | None) -> list[FaqEntry]:
    """FAQ entries that cite one of the keyword's rules or name the keyword, most relevant
    first (see ``by_relevance``)."""
    if english is None:
        return []
    ids = Link.objects.faq_about_keyword(game, english).source_ids()
    return by_relevance(entries_in_reading_order(ids), english)


def by_relevance(entries: list[FaqEntry], keyword: Keyword) -> list[FaqEntry]:
    """A reader opening a keyword page wants the rulings about that keyword, not every page
    that mentions it in passing: entries citing its rules come first, then those whose
    question names it (the earlier in the question, the more it is the subject), then those
    whose answer names it most; reading order breaks ties."""
    names = sorted({keyword.name, *keyword.aliases}, key=len, reverse=True)
    name_re = re.compile(
        r"\b(?:" + "|".join(re.escape(n) for n in names if n) + r")(?:e?s)?\b", re.IGNORECASE
    )
    below = keyword.number + "."

    def key(item):
        index, entry = item
        cites = any(n == keyword.number or n.startswith(below) for n in entry.rule_citations)
        asked = name_re.search(entry.question or "")
        mentions = len(name_re.findall(entry.answer_text or ""))
        return (not cites, asked is None, asked.start() if asked else 0, -mentions, index)

    return [entry for _index, entry in sorted(enumerate(entries), key=key)]


def card_notes(game, english: Keyword | None) -> dict[int, str]:
    """{card id: note} of the cards whose text carries the keyword."""
    if english is None:
        return {}
    return dict(Link.objects.cards_carrying(game, english).values_list("source_id", "note"))


def printing_count(cards, keyword_name: str) -> int:
    """Printings whose own text carries the keyword (reprints may drop reminder text)."""
    return sum(keyword_name in p.keyword_names for card in cards for p in card.printings.all())


def keyword_counts(game, keywords, english: dict[str, Keyword]) -> dict[int, dict]:
    """{keyword id: {"rules", "faq", "cards"}} for a keyword index, in three queries."""
    faq_rules = list(
        Link.objects.of_game(game).from_faq().to_rules().values_list("target_key", "source_id")
    )
    faq_named = _sources_by_keyword(Link.objects.of_game(game).from_faq())
    cards = _sources_by_keyword(Link.objects.of_game(game).from_cards())
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


def _sources_by_keyword(links) -> dict[int, set[int]]:
    grouped: dict[int, set[int]] = {}
    for target, source in links.to_keywords().resolved().values_list("target_id", "source_id"):
        grouped.setdefault(target, set()).add(source)
    return grouped


def granted_cards(game, english, carrying: set[int]) -> list[dict]:
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
        ids = card_notes(game, source) if source else {}
        cards = Card.objects.with_ids(set(ids) - carrying).order_by("name")
        out.append(
            {"name": name, "keyword": source, "numbers": numbers,
             "cards": list(cards.only("name", "slug"))}
        )  # fmt: skip
    return out


@dataclass
class KeywordPage:
    keyword: Keyword
    english: Keyword | None
    faq: list[FaqEntry]
    cards: list[Card]  # with their printings, by name
    notes: dict[int, str]  # card id -> "reminder" when only reminder text carries it
    granted: list[dict]

    @property
    def printing_total(self) -> int:
        return printing_count(self.cards, self.english.name) if self.english else 0

    @property
    def reminder_only(self) -> set[int]:
        return {pk for pk, note in self.notes.items() if note == "reminder"}


LOOK_UP = object()  # keyword_page's default: find the English twin


def keyword_page(game, keyword: Keyword, english=LOOK_UP) -> KeywordPage:
    """``english``: the English twin, when the caller has read them all (None: it has none)."""
    if english is LOOK_UP:
        english = english_keyword(game, keyword.number)
    notes = card_notes(game, english)
    return KeywordPage(
        keyword=keyword,
        english=english,
        faq=keyword_faq(game, english),
        cards=list(Card.objects.with_ids(notes).with_printings()),
        notes=notes,
        granted=granted_cards(game, english, set(notes)),
    )


def keyword_mentions(keyword) -> list[Rule]:
    """Other rules of the same document whose text names the keyword."""
    ids = Link.objects.rules_naming(keyword).values("source_id")
    own = keyword.number
    return [
        rule
        for rule in Rule.objects.filter(pk__in=ids).order_by("position")
        if rule.number != own and not rule.number.startswith(own + ".")
    ]


def find_keyword(game, document, slug: str) -> tuple[Keyword | None, Keyword | None]:
    """(the keyword of ``document`` with this slug, None), or (None, the keyword of
    ``document`` defined where another language's keyword with this slug is): an English slug
    on a French page leads to the French keyword."""
    own = Keyword.objects.in_document(document).filter(slug=slug).first() if document else None
    if own is not None or document is None:
        return own, None
    for other in Keyword.objects.of_game(game).filter(slug=slug).only("number"):
        match = Keyword.objects.in_document(document).defined_at(other.number).first()
        if match is not None:
            return None, match
    return None, None


@dataclass
class CardPage:
    card: Card
    faq: list[FaqEntry]
    rules: list[Rule] = field(default_factory=list)  # rules the FAQ about it cites
    keyword_names: list[str] = field(default_factory=list)
    errata: list[Erratum] = field(default_factory=list)


def card_page(card: Card, document) -> CardPage:
    """A card's FAQ, the rules those rulings cite (in ``document``), keywords and errata."""
    faq = entries_in_reading_order(Link.objects.faq_about_card(card).source_ids())
    cited = dict.fromkeys(n for entry in faq for n in entry.rule_citations)
    rules = []
    if document is not None:
        rows = Rule.objects.in_document(document).filter(number__in=cited, occurrence=1)
        rules = list(rows.select_related("document__game").order_by("position"))
    names = Link.objects.keywords_of_card(card).values_list("written", flat=True)
    errata = list(Erratum.objects.for_card(card))
    return CardPage(card, faq, rules, list(dict.fromkeys(names)), errata)
