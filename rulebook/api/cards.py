"""Cards as JSON: the card list with its filters, and one card with everything about it.

Rows come from ``rulebook.pages`` (the functions the HTML card pages use), so the API and the
pages cannot disagree about which FAQ entries concern a card or which rules they cite.
"""

from __future__ import annotations

import re

from ingest.knowledge.cards import ability_plain_text
from ingest.urls import safe_url
from rulebook.api import schemas as s
from rulebook.api import serialize
from rulebook.api.http import ApiError
from rulebook.api.knowledge_common import (
    LANG_QUERY,
    choice,
    keyword_cited,
    knowledge_lazy,
    language,
)
from rulebook.api.registry import resource
from rulebook.api.resources import game_or_404
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Document, Keyword, Printing
from rulebook.pages import cards as kc
from rulebook.pages import knowledge as kp
from rulebook.pages.answers import Resolver

PER_PAGE = 100
PAGE_RE = re.compile(r"[0-9]{1,6}")
CARD_SLUG = s.example(s.path_param("slug", "Card slug.", pattern=s.SLUG_PATTERN), "lantern-warden")


def card_parameters() -> list[dict]:
    """Filter values that exist for some game become enums, so a typo answers 400 while a
    value of another game is valid (and matches nothing)."""
    facets = _all_facets()
    return [
        s.DEMO_GAME,
        *(
            s.query_param(
                name,
                f"Only cards with this {what} (empty: all).",
                type="string",
                enum=["", *facets[name]],
            )
            for name, what in (
                ("set", "set name"),
                ("type", "card type"),
                ("domain", "domain"),
                ("keyword", "keyword (English slug)"),
            )
        ),
        s.query_param(
            "name",
            "Only cards with this name, or this champion's cards (`Yasuo` lists `Yasuo, "
            "Windrider`), in any case; when no card has that exact name, cards with a word "
            "starting with it (empty: all).",
            type="string",
            maxLength=60,
        ),
        s.query_param(
            "page",
            f"Page number ({PER_PAGE} cards a page); past the last page the list is empty.",
            type="integer",
            minimum=1,
            maximum=999999,
        ),
        LANG_QUERY,
    ]


def _all_facets() -> dict[str, list[str]]:
    types, domains = set(), set()
    for card_types, card_domains in Card.objects.values_list("card_types", "domains"):
        types.update(card_types)
        domains.update(card_domains)
    sets = Printing.objects.exclude(set_name="").values_list("set_name", flat=True)
    keywords = Keyword.objects.filter(document__language=KNOWLEDGE_LANGUAGE).values_list(
        "slug", flat=True
    )
    return {
        "set": sorted(set(sets)),
        "type": sorted(types),
        "domain": sorted(domains),
        "keyword": sorted(set(keywords)),
    }


def _card_filters(request) -> dict[str, str]:
    given = {name: request.GET.get(name, "") for name in ("set", "type", "domain", "keyword")}
    if any(given.values()):
        facets = _all_facets()
        for name in given:
            choice(request, name, facets[name])
    given["name"] = request.GET.get("name", "")
    if len(given["name"]) > 60:
        raise ApiError(400, "name must be at most 60 characters.")
    return given


def _page_number(request) -> int:
    raw = request.GET.get("page", "1")
    if not PAGE_RE.fullmatch(raw) or int(raw) < 1:
        raise ApiError(400, "page must be a whole number from 1.")
    return int(raw)


CARD_LIST_DOC = (
    "Cards by name, filtered like the card index page; `facets` lists the values "
    "this game's cards have."
)


@resource(
    "games/<slug:game>/cards",
    name="api_cards",
    tags=["cards"],
    summary="A game's cards, filtered and paginated",
    description=CARD_LIST_DOC,
    parameters=card_parameters,
    responses={**s.ok("CardList"), **s.errors("400", "404")},
)
def cards(request, game):
    game_obj = game_or_404(game)
    selected, page, lang = _card_filters(request), _page_number(request), language(request)

    def build():
        rows = Card.objects.of_game(game_obj).with_printings()
        shown, facets = kc.filter_cards(rows, selected)
        english = Keyword.objects.in_document(
            Document.objects.newest_rules(game_obj, KNOWLEDGE_LANGUAGE)
        )
        keywords = list(english.values_list("slug", flat=True))
        if selected["keyword"]:
            carrying = kp.card_notes(game_obj, english.filter(slug=selected["keyword"]).first())
            shown = [card for card in shown if card.pk in carrying]
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        start = (page - 1) * PER_PAGE
        return {
            "game": game_obj.slug,
            "total": len(shown),
            "page": page,
            "pages": max(1, -(-len(shown) // PER_PAGE)),
            "per_page": PER_PAGE,
            "filters": selected,
            "facets": {
                "sets": facets.sets,
                "types": facets.types,
                "domains": facets.domains,
                "keywords": keywords,
            },
            "cards": [_card_row(urls, card) for card in shown[start : start + PER_PAGE]],
        }

    return knowledge_lazy(build, game_obj)


def _card_row(urls, card) -> dict:
    return {
        **serialize.card_summary(urls, card),
        "domains": card.domains,
        "card_types": card.card_types,
        "super_types": card.super_types,
        "energy": card.energy,
        "might": card.might,
        "power": card.power,
        "keywords": [use["name"] for use in card.keywords],
        "sets": kc.card_sets(card),
        "banned": card.banned,
    }


@resource(
    "games/<slug:game>/cards/<slug:slug>",
    name="api_card",
    tags=["cards"],
    summary="A card with its printings, keywords, errata, FAQ entries and the rules they cite",
    parameters=[s.DEMO_GAME, CARD_SLUG, LANG_QUERY],
    responses={**s.ok("Card"), **s.errors("400", "404")},
)
def card(request, game, slug):
    game_obj = game_or_404(game)
    lang = language(request)
    card_obj = Card.objects.of_game(game_obj).with_printings().filter(slug=slug).first()
    if card_obj is None:
        raise ApiError(404, f"No card “{slug[:60]}” in {game_obj.slug}.")

    def build():
        document = Document.objects.newest_rules(game_obj, lang)
        page = kp.card_page(card_obj, document)
        resolver = Resolver(game_obj, lang, document)
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        return {
            "game": game_obj.slug,
            "language": lang,
            **_card_row(urls, card_obj),
            "tags": card_obj.tags,
            "ability_text": card_obj.ability_text,
            "ability_html": urls.absolute(resolver.ability_html(card_obj.ability_text)),
            "ability_plain": ability_plain_text(card_obj.ability_text),
            "keywords": [keyword_cited(urls, resolver, name) for name in page.keyword_names],
            "printings": [_printing(p) for p in card_obj.printings.all()],
            "errata": [_erratum(e) for e in page.errata],
            "faq": [serialize.faq_summary(urls, entry) for entry in page.faq],
            "rules": [serialize.rule_summary(request, rule, False) for rule in page.rules],
        }

    return knowledge_lazy(build, game_obj)


def _printing(printing) -> dict:
    return {
        name: getattr(printing, name)
        for name in (
            "external_id",
            "public_code",
            "collector_number",
            "set_name",
            "set_id",
            "rarity",
            "image_url",
            "image_alt",
            "ability_text",
        )
    } | {
        "keywords": printing.keyword_names,
        "image_url": safe_url(printing.image_url),
        "ability_plain": ability_plain_text(printing.ability_text),
        "image_alt_plain": ability_plain_text(printing.image_alt),
    }


def _erratum(erratum) -> dict:
    return {
        name: getattr(erratum, name)
        for name in (
            "article_id",
            "article_title",
            "set_name",
            "old_text",
            "new_text",
            "date",
        )
    } | {
        "origin_url": safe_url(erratum.origin_url),
        "old_plain": ability_plain_text(erratum.old_text),
        "new_plain": ability_plain_text(erratum.new_text),
    }
