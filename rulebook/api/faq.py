"""FAQ as JSON: the sources with their pages, and each page with its entries.

Community FAQ slugs contain "/" (``cards/abandoned-hall``), hence ``<path:page>`` behind the
fixed ``faq/community/`` prefix; official articles have their own prefix, as in the HTML URLs.
"""

from __future__ import annotations

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
from rulebook.models import Card, Document, FaqPage, Keyword, KnowledgeSource, Link
from rulebook.pages.answers import Resolver, faq_items

COMMUNITY_CREDIT = {  # the credit the FAQ pages print (templates/.../faq_credit.html)
    "text": "Community rulings from riftboundfaq.com, shared under CC BY-SA 4.0.",
    "url": "https://riftboundfaq.com/",
    "licence": "CC BY-SA 4.0",
    "licence_url": "https://creativecommons.org/licenses/by-sa/4.0/",
}
COMMUNITY_PAGE = s.example(
    s.path_param(
        "page", "Page slug, e.g. `mechanics/swift`.", pattern=r"^[a-z0-9-]+(/[a-z0-9-]+)*$"
    ),
    "mechanics/swift",
)
ARTICLE_SLUG = s.example(
    s.path_param("slug", "Article slug.", pattern=s.SLUG_PATTERN), "shrouded-paths-faq"
)


@resource(
    "games/<slug:game>/faq",
    name="api_faq",
    tags=["faq"],
    summary="The FAQ: its sources and pages with their entry counts",
    parameters=[
        s.DEMO_GAME,
        s.query_param(
            "source", "Only this source (empty: both).", type="string", enum=["", *FaqPage.SOURCES]
        ),
        s.query_param(
            "topic",
            "Only community pages on this topic (empty: all).",
            type="string",
            enum=["", *FaqPage.TOPICS],
        ),
        LANG_QUERY,
    ],
    responses={**s.ok("FaqIndex"), **s.errors("400", "404")},
)
def faq_index(request, game):
    game_obj = game_or_404(game)
    source, topic = (
        choice(request, "source", FaqPage.SOURCES),
        choice(request, "topic", FaqPage.TOPICS),
    )
    lang = language(request)

    def build():
        pages = FaqPage.objects.of_game(game_obj).with_entry_counts()
        totals = FaqPage.objects.of_game(game_obj).totals_by_source()
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        shown = pages.from_source(source).on_topic(topic).order_by("source", "position")
        return {
            "game": game_obj.slug,
            "sources": _faq_sources(game_obj, totals),
            "pages": [_page_summary(urls, page) for page in shown],
        }

    return knowledge_lazy(build, game_obj)


def _faq_sources(game_obj, totals: dict) -> list[dict]:
    files = KnowledgeSource.objects.of_game(game_obj).faq().defer("report")
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


PAGE_FIELDS = (
    "slug", "source", "kind", "title", "authors", "created_at", "published_at", "updated_at",
    "reviewed_version", "origin_url", "summary",
)  # fmt: skip


def _faq_page(request, game, source, slug):
    game_obj = game_or_404(game)
    lang = language(request)
    page = FaqPage.objects.of_game(game_obj).from_source(source).filter(slug=slug).first()
    if page is None:
        raise ApiError(404, f"No {source} FAQ page “{slug[:100]}” in {game_obj.slug}.")
    page.game = game_obj

    def build():
        resolver = Resolver(game_obj, lang, Document.objects.newest_rules(game_obj, lang))
        urls = serialize.KnowledgeUrls(request, game_obj.slug, lang)
        items = faq_items(page.entries.all(), resolver, lang)
        cited = _entry_citations(game_obj, [item.entry.pk for item in items], urls, resolver)
        related = FaqPage.objects.of_game(game_obj).related_to([i.entry for i in items])
        return {
            "game": game_obj.slug,
            "language": lang,
            **{name: getattr(page, name) for name in PAGE_FIELDS},
            "origin_url": safe_url(page.origin_url),  # null when missing or not http(s)
            "intro_html": urls.absolute(resolver.answer_html(page.intro_markdown)),
            "credit": None if page.is_official else COMMUNITY_CREDIT,
            "related": [
                {
                    "slug": p.slug,
                    "title": p.title,
                    "url": urls.faq_page(p),
                    "api_url": urls.faq_page(p, api=True),
                }
                for p in related.order_by("title")
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
    resolver.cited = resolver.citations_of([entry]).get(entry.pk, {})
    for number in entry.rule_citations:
        today, note = resolver.today(number)  # read in the version the entry was written for
        url = None if note.startswith("removed:") else resolver.rule_url(number)
        rules.append(
            {
                "number": number,
                "resolved": url is not None,
                "url": urls("rule", today) if url else None,
                "api_url": urls("api_rule", today) if url else None,
            }
        )
    resolver.cited = {}
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
        Link.objects.of_game(game_obj)
        .from_faq()
        .from_sources(ids)
        .exclude(target_kind=Link.RULE)
        .order_by("source_id", "position")
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
    cards = Card.objects.only("name", "slug").in_bulk(targets[Link.CARD])
    names = {pk: k.name for pk, k in Keyword.objects.in_bulk(targets[Link.KEYWORD]).items()}
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
