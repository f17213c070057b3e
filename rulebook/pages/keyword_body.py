"""A keyword page's content, written out by the ingest and read back as one stored copy.

A keyword page reads its keyword's rules, rulings and cards, then writes out every ruling's
answer (Markdown, citations, card and keyword links, each defined term) and every card: a
large keyword cost its first reader after an ingest several hundred milliseconds, although
nothing in it changes until the next ingest. So the ingest writes out the content of every
keyword page of the games it changed (``rendered_keyword_pages``), and a page without card
filters reads it (``stored_body``). The content is the same for every reader but for the
site's origin in the copy-link buttons, which is stored as a placeholder.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rulebook import kinds, languages
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Document, Game, Keyword, Rule, rendered
from rulebook.pages import cards, knowledge, terms
from rulebook.pages.answers import Resolver, faq_items

KEYWORD_PAGES = "keyword"  # the rendered pages' name (rulebook.models.rendered)
TEMPLATE = "rulebook/_partials/keyword_body.html"
# Parameters that change the content: card filters, the page of the card list, and the source
# notes of the rules shown. The stored copy is the first page, unfiltered.
LIVE_PARAMETERS = (*cards.FILTERS, "page", "notes")
# A keyword carried by hundreds of cards lists them a page at a time, as the card list does.
CARDS_PER_PAGE = cards.CARDS_PER_PAGE
_SCHEME, _HOST = "rulebook-origin-scheme", "rulebook-origin-host"
ORIGIN = f"{_SCHEME}://{_HOST}"


class _Placeholder:
    """What the content's templates read of a request, with the origin left to fill in."""

    scheme = _SCHEME

    def __init__(self, language: str):
        self.LANGUAGE_CODE = language

    @staticmethod
    def get_host() -> str:
        return _HOST


def keyword_context(game, document, keyword, params, page=None, faq=None) -> dict:
    """What the content shows; ``params``: the request's card filters and page of cards.
    ``page`` and ``faq``: the keyword's page data and rulings when the caller has them."""
    page = page or knowledge.keyword_page(game, keyword)
    if faq is None:
        faq = faq_items(page.faq, Resolver(game, document.language, document), document.language)
    shown, facets = cards.filter_cards(page.cards, params)
    listed = Paginator(shown, CARDS_PER_PAGE).get_page(params.get("page"))
    rules = Rule.objects.in_document(document).with_references().under(keyword.number)
    return {
        "game": game,
        "document": document,
        "keyword": keyword,
        "english": page.english,
        "rules": list(rules),
        "term_table": terms.table_for(document),
        "pinned": False,
        "faq": faq,
        "cards": listed.object_list,
        "card_page": listed,
        "card_pager": cards.pager_links(facets, listed),
        "shown_total": len(shown),
        "card_total": len(page.cards),
        "facets": facets,
        "reminder_only": page.reminder_only,
        "printing_total": page.printing_total,
        "granted": page.granted,
        "mentions": knowledge.keyword_mentions(keyword),
    }


def keyword_games() -> set[tuple[str]]:
    """Every game with a keyword: the scopes of the keyword pages the ingest writes out."""
    keywords = Keyword.objects.filter(document__kind=kinds.CORE_RULES).order_by()
    return {(slug,) for slug in keywords.values_list("document__game__slug", flat=True).distinct()}


def rendered_keyword_pages(game_slug: str) -> dict[str, str]:
    """The content of every keyword page of the game, keyed ``language:slug``, as a reader
    without card filters or source notes sees it."""
    game = Game.objects.get(slug=game_slug)
    english: dict[str, Keyword] = {}
    twins = Keyword.objects.in_document(Document.objects.newest_rules(game, KNOWLEDGE_LANGUAGE))
    for twin in twins:
        english.setdefault(twin.number, twin)  # as english_keyword's first()
    out = {}
    for language in languages.codes():
        document = Document.objects.newest_rules(game, language)
        if document is None:
            continue
        with translation.override(language):  # the assembly writes some of its text too
            out.update(_language_pages(game, document, english))
    return out


def _language_pages(game, document, english: dict) -> dict[str, str]:
    """One language's pages. A ruling is on several keywords' pages: every ruling is
    written once, with one Resolver, as each page's own would write it."""
    language = document.language
    pages = [
        (keyword, knowledge.keyword_page(game, keyword, english.get(keyword.number)))
        for keyword in Keyword.objects.in_document(document)
    ]
    entries = {entry.pk: entry for _keyword, page in pages for entry in page.faq}
    resolver = Resolver(game, language, document)
    written = {item.entry.pk: item for item in faq_items(entries.values(), resolver, language)}
    out = {}
    for keyword, page in pages:
        faq = [written[entry.pk] for entry in page.faq]
        context = keyword_context(game, document, keyword, {}, page, faq)
        out[f"{language}:{keyword.slug}"] = body_html(context, language)
    return out


def body_html(context: dict, language: str) -> str:
    """The content as the page's template writes it, outside any request: what the site's
    context processors would add is given here."""
    extra = {
        "request": _Placeholder(language),
        "knowledge_language": KNOWLEDGE_LANGUAGE,
        "source_notes": False,
        "lang": language,
    }
    with translation.override(language):
        return render_to_string(TEMPLATE, {**context, **extra})


def stored_body(game_slug: str, language: str, slug: str, origin: str) -> SafeString | None:
    """The content the ingest wrote out for this page, with the reader's origin; None when
    there is no valid copy (the view then writes it out)."""
    found = rendered.read(KEYWORD_PAGES, (game_slug,), f"{language}:{slug}")
    if found is None:
        return None
    return mark_safe(found.replace(ORIGIN, escape(origin)))  # our own markup, origin escaped
