"""Cards and FAQ pages as JSON: what the card and FAQ pages show (see ``knowledge``).

Rows are gathered through ``rulebook.knowledge_pages`` and ``knowledge_cards``, the functions
the HTML pages use, so the API and the pages cannot disagree about which FAQ entries cite a
card or which rules an answer links. FAQ and card texts are English; ``lang`` chooses the
language of the pages linked (and of the rules an answer links to), as the page language does.

An answer depends on the game's documents (keywords, rule links) and on its knowledge files
(FAQ, cards, errata), so ETag and Last-Modified come from both.

Community FAQ slugs contain "/" (``cards/abandoned-hall``), hence ``<path:page>`` behind the
fixed ``faq/community/`` prefix; official articles have their own prefix, as in the HTML URLs.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db.models import Count

from rulebook.api import schemas as s
from rulebook.api import serialize
from rulebook.api.http import ApiError
from rulebook.api.registry import resource
from rulebook.api.resources import _game_or_404, _lazy
from rulebook.models import (
    Card,
    Erratum,
    FaqPage,
    Game,
    Keyword,
    KnowledgeSource,
    Link,
    Printing,
    Rule,
)
from rulebook.pages import cards as kc
from rulebook.pages import knowledge as kp
from rulebook.web.views.knowledge import SOURCES, TOPICS

LANGS = [code for code, _name in settings.LANGUAGES]
PER_PAGE = 100
_PAGE_RE = re.compile(r"[0-9]{1,6}")
COMMUNITY_CREDIT = {  # the credit the FAQ pages print (templates/.../faq_credit.html)
    "text": "Community rulings from riftboundfaq.com, shared under CC BY-SA 4.0.",
    "url": "https://riftboundfaq.com/",
    "licence": "CC BY-SA 4.0",
    "licence_url": "https://creativecommons.org/licenses/by-sa/4.0/",
}
CARD_SLUG = s.example(s.path_param("slug", "Card slug.", pattern=s.SLUG_PATTERN), "lantern-warden")
COMMUNITY_PAGE = s.example(
    s.path_param(
        "page", "Page slug, e.g. `mechanics/swift`.", pattern=r"^[a-z0-9-]+(/[a-z0-9-]+)*$"
    ),
    "mechanics/swift",
)
ARTICLE_SLUG = s.example(
    s.path_param("slug", "Article slug.", pattern=s.SLUG_PATTERN), "shrouded-paths-faq"
)
LANG_QUERY = s.query_param(
    "lang",
    "Language of the pages linked (empty: `en`). Texts stay English.",
    type="string",
    enum=["", *LANGS],
)


def knowledge_lazy(build, game: Game, extra_seed: str = ""):
    """Validators from the game's documents and knowledge files together."""
    return _lazy(
        build, game.documents.all(), extra_seed, also=[KnowledgeSource.objects.filter(game=game)]
    )


def choice(request, name: str, allowed) -> str:
    """A query parameter that must be empty or one of ``allowed`` (else 400)."""
    value = request.GET.get(name, "")
    if value and value not in allowed:
        raise ApiError(400, f"{name} must be one of: {', '.join(sorted(allowed))}.")
    return value


def language(request) -> str:
    return choice(request, "lang", LANGS) or "en"


# ---------------------------------------------------------------------------------- cards


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
    keywords = Keyword.objects.filter(document__language="en").values_list("slug", flat=True)
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
    if not _PAGE_RE.fullmatch(raw) or int(raw) < 1:
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
    game_obj = _game_or_404(game)
    selected, page, lang = _card_filters(request), _page_number(request), language(request)

    def build():
        rows = Card.objects.filter(game=game_obj).prefetch_related("printings").order_by("name")
        shown, facets = kc.filter_cards(rows, selected)
        english = kp.rules_document(game_obj, "en")
        keywords = list(english.keywords.values_list("slug", flat=True)) if english else []
        if selected["keyword"]:
            keyword = english.keywords.filter(slug=selected["keyword"]).first() if english else None
            carrying = kp.keyword_card_links(game_obj, keyword)
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
    game_obj = _game_or_404(game)
    lang = language(request)
    card_obj = Card.objects.filter(game=game_obj, slug=slug).prefetch_related("printings").first()
    if card_obj is None:
        raise ApiError(404, f"No card “{slug[:60]}” in {game_obj.slug}.")

    def build():
        document = kp.rules_document(game_obj, lang)
        resolver = kp.Resolver(game_obj, lang, document)
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        faq_ids = Link.objects.filter(
            game=game_obj, source_kind=Link.FAQ, target_kind=Link.CARD, target_id=card_obj.pk
        ).values_list("source_id", flat=True)
        entries = kp.entries_by_id(faq_ids)
        cited = dict.fromkeys(n for entry in entries for n in entry.rule_citations)
        rules = (
            Rule.objects.filter(document=document, number__in=cited, occurrence=1)
            .select_related("document__game")
            .order_by("position")
            if document
            else []
        )
        names = Link.objects.filter(
            game=game_obj, source_kind=Link.CARD, source_id=card_obj.pk, target_kind=Link.KEYWORD
        ).values_list("written", flat=True)
        return {
            "game": game_obj.slug,
            "language": lang,
            **_card_row(urls, card_obj),
            "tags": card_obj.tags,
            "ability_text": card_obj.ability_text,
            "ability_html": urls.absolute(resolver.ability_html(card_obj.ability_text)),
            "keywords": [keyword_cited(urls, resolver, name) for name in dict.fromkeys(names)],
            "printings": [_printing(p) for p in card_obj.printings.all()],
            "errata": [
                _erratum(e) for e in Erratum.objects.filter(card=card_obj).order_by("-published_at")
            ],
            "faq": [serialize.faq_summary(urls, entry) for entry in entries],
            "rules": [serialize.rule_summary(request, rule, False) for rule in rules],
        }

    return knowledge_lazy(build, game_obj)


def keyword_cited(urls, resolver, name: str) -> dict:
    """An English keyword name linked to its page in the resolver's language, if it has one."""
    slug = resolver.keyword_slugs.get(name)
    return {
        "name": name,
        "slug": slug,
        "url": urls("keyword", slug) if slug else None,
        "api_url": urls("api_keyword", slug) if slug else None,
    }


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
    } | {"keywords": printing.keyword_names}


def _erratum(erratum) -> dict:
    return {
        name: getattr(erratum, name)
        for name in (
            "article_id",
            "article_title",
            "set_name",
            "old_text",
            "new_text",
            "origin_url",
            "date",
        )
    }


# ------------------------------------------------------------------------------------ FAQ


@resource(
    "games/<slug:game>/faq",
    name="api_faq",
    tags=["faq"],
    summary="The FAQ: its sources and pages with their entry counts",
    parameters=[
        s.DEMO_GAME,
        s.query_param(
            "source", "Only this source (empty: both).", type="string", enum=["", *SOURCES]
        ),
        s.query_param(
            "topic",
            "Only community pages on this topic (empty: all).",
            type="string",
            enum=["", *TOPICS],
        ),
        LANG_QUERY,
    ],
    responses={**s.ok("FaqIndex"), **s.errors("400", "404")},
)
def faq_index(request, game):
    game_obj = _game_or_404(game)
    source, topic = choice(request, "source", SOURCES), choice(request, "topic", TOPICS)
    lang = language(request)

    def build():
        pages = FaqPage.objects.filter(game=game_obj).annotate(entry_count=Count("entries"))
        totals = {
            row["source"]: row
            for row in pages.order_by()
            .values("source")
            .annotate(pages=Count("id", distinct=True), entries=Count("entries"))
        }
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        shown = pages.filter(
            **({"source": source} if source else {}), **({"kind": topic} if topic else {})
        ).order_by("source", "position")
        return {
            "game": game_obj.slug,
            "sources": _faq_sources(game_obj, totals),
            "pages": [_page_summary(urls, page) for page in shown],
        }

    return knowledge_lazy(build, game_obj)


def _faq_sources(game_obj, totals: dict) -> list[dict]:
    files = KnowledgeSource.objects.filter(game=game_obj, kind__startswith="faq-").defer("report")
    return [
        {
            "source": file.kind.removeprefix("faq-"),
            "source_name": file.source_name,
            "ingested_at": file.ingested_at.isoformat(),
            "pages": totals.get(file.kind.removeprefix("faq-"), {}).get("pages", 0),
            "entries": totals.get(file.kind.removeprefix("faq-"), {}).get("entries", 0),
        }
        for file in files.order_by("kind")
    ]


def _page_summary(urls, page) -> dict:
    return {
        "slug": page.slug,
        "source": page.source,
        "kind": page.kind,
        "title": page.title,
        "date": page.date,
        "entry_count": page.entry_count,
        "url": urls.faq_page(page),
        "api_url": urls.faq_page(page, api=True),
    }


FAQ_PAGE = dict(tags=["faq"], responses={**s.ok("FaqPage"), **s.errors("400", "404")})


@resource(
    "games/<slug:game>/faq/community/<path:page>",
    name="api_faq_community",
    summary="A community FAQ page with its entries",
    parameters=[s.DEMO_GAME, COMMUNITY_PAGE, LANG_QUERY],
    **FAQ_PAGE,
)
def faq_community(request, game, page):
    return _faq_page(request, game, FaqPage.COMMUNITY, page)


@resource(
    "games/<slug:game>/faq/official/<slug:slug>",
    name="api_faq_official",
    summary="An official FAQ article with its entries",
    parameters=[s.DEMO_GAME, ARTICLE_SLUG, LANG_QUERY],
    **FAQ_PAGE,
)
def faq_official(request, game, slug):
    return _faq_page(request, game, FaqPage.OFFICIAL, slug)


def _faq_page(request, game, source, slug):
    game_obj = _game_or_404(game)
    lang = language(request)
    page = FaqPage.objects.filter(game=game_obj, source=source, slug=slug).first()
    if page is None:
        raise ApiError(404, f"No {source} FAQ page “{slug[:100]}” in {game_obj.slug}.")
    page.game = game_obj

    def build():
        resolver = kp.Resolver(game_obj, lang, kp.rules_document(game_obj, lang))
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        items = kp.faq_items(page.entries.all(), resolver, lang)
        cited = _entry_citations(game_obj, [item.entry.pk for item in items], urls, resolver)
        related = FaqPage.objects.filter(
            game=game_obj,
            source=FaqPage.COMMUNITY,
            slug__in={s for item in items for s in item.entry.related_pages},
        ).order_by("title")
        fields = (
            "slug",
            "source",
            "kind",
            "title",
            "authors",
            "created_at",
            "published_at",
            "updated_at",
            "reviewed_version",
            "origin_url",
            "summary",
        )
        return {
            "game": game_obj.slug,
            "language": lang,
            **{name: getattr(page, name) for name in fields},
            "intro_html": urls.absolute(resolver.answer_html(page.intro_markdown)),
            "credit": None if page.is_official else COMMUNITY_CREDIT,
            "related": [
                {
                    "slug": p.slug,
                    "title": p.title,
                    "url": urls.faq_page(p),
                    "api_url": urls.faq_page(p, api=True),
                }
                for p in related
            ],
            "entries": [
                _entry(urls, resolver, item, cited.get(item.entry.pk, {})) for item in items
            ],
            "url": urls.faq_page(page),
            "api_url": urls.faq_page(page, api=True),
        }

    return knowledge_lazy(build, game_obj)


def _entry(urls, resolver, item, cited: dict) -> dict:
    entry = item.entry
    rules = []
    for number in entry.rule_citations:
        url = resolver.rule_url(number)  # what the answer links: the number exists here
        rules.append(
            {
                "number": number,
                "resolved": url is not None,
                "url": urls("rule", number) if url else None,
                "api_url": urls("api_rule", number) if url else None,
            }
        )
    return {
        "key": entry.key,
        "anchor": entry.anchor,
        "kind": entry.kind,
        "section": entry.section,
        "question": entry.question,
        "answer_text": entry.answer_text,
        "answer_html": urls.absolute(item.answer_html),
        "rules": rules,
        "cards": cited.get(Link.CARD, []),
        "keywords": cited.get(Link.KEYWORD, []),
        "url": f"{urls.faq_page(entry.page)}#{entry.anchor}",
        "api_url": f"{urls.faq_page(entry.page, api=True)}#{entry.anchor}",
    }


def _entry_citations(game_obj, ids, urls, resolver) -> dict[int, dict[str, list]]:
    """{entry id: {"card": [...], "keyword": [...]}} from the Link table, in three queries."""
    links = list(
        Link.objects.filter(
            game=game_obj,
            source_kind=Link.FAQ,
            source_id__in=ids,
            target_kind__in=[Link.CARD, Link.KEYWORD],
        ).order_by("source_id", "position")
    )
    targets = {
        kind: {
            t
            for link in links
            if link.target_kind == kind
            for t in [link.target_id]
            if t is not None
        }
        for kind in (Link.CARD, Link.KEYWORD)
    }
    cards = {c.pk: c for c in Card.objects.filter(pk__in=targets[Link.CARD]).only("name", "slug")}
    names = dict(Keyword.objects.filter(pk__in=targets[Link.KEYWORD]).values_list("pk", "name"))
    out: dict[int, dict[str, list]] = {}
    for link in links:
        if link.target_kind == Link.CARD:
            card_obj = cards.get(link.target_id)
            item = (
                serialize.card_summary(urls, card_obj)
                if card_obj
                else {"name": link.written, "slug": None, "url": None, "api_url": None}
            )
        else:
            item = keyword_cited(urls, resolver, names.get(link.target_id, link.written))
        bucket = out.setdefault(link.source_id, {}).setdefault(link.target_kind, [])
        if item not in bucket:
            bucket.append(item)
    return out
