"""Keyword, FAQ and card pages: look up, delegate to ``knowledge_pages``, render.

FAQ and card content is English whatever the page language; templates mark it ``lang="en"``.
Keywords are matched across languages by their defining rule number, never by name.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from rulebook.loading.links import version_label
from rulebook.models import Card, Erratum, FaqEntry, FaqPage, Game, Keyword, Link, Rule
from rulebook.pages import cards as kc
from rulebook.pages import knowledge as kp
from rulebook.pages.preview import opening
from rulebook.pages.rules import _with_references

TOPICS = ("card", "mechanic", "general")
SOURCES = (FaqPage.COMMUNITY, FaqPage.OFFICIAL)


def _game_and_rules(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    return game_obj, kp.rules_document(game_obj, request.LANGUAGE_CODE)


def _meta(request, title, description):
    """Canonical URL and OpenGraph/Twitter texts, describing the page's own content."""
    return {
        "canonical_url": request.build_absolute_uri(request.path),
        "og_title": title,
        "og_description": opening(description or title),
    }


@require_safe
def keyword_index(request, game):
    game_obj, document = _game_and_rules(request, game)
    keywords = list(document.keywords.all()) if document else []
    english_doc = kp.rules_document(game_obj, "en")
    english = {k.number: k for k in Keyword.objects.filter(document=english_doc)}
    counts = kp.keyword_counts(game_obj, keywords, english)
    rows = [(keyword, counts[keyword.pk]) for keyword in keywords]
    context = {
        "game": game_obj,
        "document": document,
        "rows": rows,
        **_meta(
            request,
            _("%(game)s keywords") % {"game": game_obj.name},
            ", ".join(k.name for k in keywords),
        ),
    }
    return render(request, "rulebook/keywords.html", context)


def _keyword_or_redirect(request, game_obj, document, slug):
    keyword = document.keywords.filter(slug=slug).first() if document else None
    if keyword is not None:
        return keyword
    for other in (
        Keyword.objects.filter(document__game=game_obj, slug=slug)
        .select_related("document")
        .defer("document__report")
    ):
        match = document.keywords.filter(number=other.number).first() if document else None
        if match is not None:  # an English slug on a French page: the French keyword
            return redirect("keyword", game=game_obj.slug, slug=match.slug)
    raise Http404("No such keyword")


@require_safe
def keyword_page(request, game, slug):
    game_obj, document = _game_and_rules(request, game)
    keyword = _keyword_or_redirect(request, game_obj, document, slug)
    if not isinstance(keyword, Keyword):
        return keyword
    english = Keyword.objects.filter(
        document=kp.rules_document(game_obj, "en"), number=keyword.number
    ).first()
    resolver = kp.Resolver(game_obj, request.LANGUAGE_CODE, document)
    rules = list(_with_references(Rule.objects.in_document(document)).under(keyword.number))
    card_links = kp.keyword_card_links(game_obj, english)
    cards = kp.cards_with_printings(card_links)
    shown, facets = kc.filter_cards(cards, request.GET)
    context = {
        "game": game_obj,
        "document": document,
        "keyword": keyword,
        "english": english,
        "rules": rules,
        "pinned": False,
        "faq": kp.faq_items(
            kp.entries_by_id(kp.keyword_faq_ids(game_obj, english)), resolver, request.LANGUAGE_CODE
        ),
        "cards": shown,
        "card_total": len(cards),
        "facets": facets,
        "reminder_only": {pk for pk, note in card_links.items() if note == "reminder"},
        "printing_total": kc.printing_count(cards, english.name) if english else 0,
        "granted": kp.granted_cards(game_obj, english, set(card_links)),
        "mentions": _mentions(keyword),
        **_meta(request, f"{keyword.name} — {game_obj.name}", keyword.summary),
    }
    return render(request, "rulebook/keyword.html", context)


def _mentions(keyword) -> list[Rule]:
    """Other rules of the same document whose text names the keyword."""
    ids = Link.objects.filter(
        document=keyword.document_id,
        source_kind=Link.RULE,
        target_kind=Link.KEYWORD,
        target_id=keyword.pk,
    )
    own = keyword.number
    return [
        rule
        for rule in Rule.objects.filter(pk__in=ids.values("source_id")).order_by("position")
        if rule.number != own and not rule.number.startswith(own + ".")
    ]


@require_safe
def faq_index(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    source = request.GET.get("source") if request.GET.get("source") in SOURCES else ""
    topic = request.GET.get("topic") if request.GET.get("topic") in TOPICS else ""
    light = FaqEntry.objects.only("pk", "page_id", "anchor", "question", "position")
    pages = (
        FaqPage.objects.filter(game=game_obj)
        .prefetch_related(Prefetch("entries", queryset=light))
        .order_by("position")
    )
    if source:
        pages = pages.filter(source=source)
    if topic:
        pages = pages.filter(kind=topic)
    groups = [(kind, [p for p in pages if p.kind == kind]) for kind in (*TOPICS, "official")]
    context = {
        "game": game_obj,
        "groups": [g for g in groups if g[1]],
        "source": source,
        "topic": topic,
        "topics": TOPICS,
        **_meta(
            request,
            _("%(game)s FAQ") % {"game": game_obj.name},
            _("Community and official rulings for %(game)s, question by question.")
            % {"game": game_obj.name},
        ),
    }
    return render(request, "rulebook/faq_index.html", context)


def _faq_page(request, game, source, slug):
    game_obj, document = _game_and_rules(request, game)
    page = get_object_or_404(FaqPage, game=game_obj, source=source, slug=slug)
    resolver = kp.Resolver(game_obj, request.LANGUAGE_CODE, document)
    items = kp.faq_items(page.entries.all(), resolver, request.LANGUAGE_CODE)
    related = FaqPage.objects.filter(
        game=game_obj,
        source=FaqPage.COMMUNITY,
        slug__in={s for item in items for s in item.entry.related_pages},
    ).only("slug", "title")
    first = items[0].entry.answer_text if items else page.summary
    newest = version_label(kp.rules_document(game_obj, "en"))
    context = {
        "game": game_obj,
        "page": page,
        "items": items,
        "related": related,
        "newest_label": newest,
        "moved": bool(page.reviewed_version and newest and page.reviewed_version != newest),
        "intro_html": resolver.answer_html(page.intro_markdown),
        "language": request.LANGUAGE_CODE,
        **_meta(request, page.title, page.summary or first),
    }
    return render(request, "rulebook/faq_page.html", context)


@require_safe
def faq_page(request, game, page):
    return _faq_page(request, game, FaqPage.COMMUNITY, page.strip("/"))


@require_safe
def faq_official(request, game, slug):
    return _faq_page(request, game, FaqPage.OFFICIAL, slug)


@require_safe
def card_index(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    cards = Card.objects.filter(game=game_obj).prefetch_related("printings").order_by("name")
    shown, facets = kc.filter_cards(cards, request.GET)
    page = Paginator(shown, 100).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "game": game_obj,
        "page_obj": page,
        "cards": page.object_list,
        "facets": facets,
        "total": len(shown),
        "filter_query": query.urlencode(),
        **_meta(
            request,
            _("%(game)s cards") % {"game": game_obj.name},
            _("%(count)d cards with their keywords, rulings and errata.") % {"count": len(shown)},
        ),
    }
    return render(request, "rulebook/cards.html", context)


@require_safe
def card_page(request, game, slug):
    game_obj, document = _game_and_rules(request, game)
    card = get_object_or_404(Card.objects.prefetch_related("printings"), game=game_obj, slug=slug)
    resolver = kp.Resolver(game_obj, request.LANGUAGE_CODE, document)
    faq_ids = Link.objects.filter(
        game=game_obj, source_kind=Link.FAQ, target_kind=Link.CARD, target_id=card.pk
    ).values_list("source_id", flat=True)
    faq = kp.faq_items(kp.entries_by_id(faq_ids), resolver, request.LANGUAGE_CODE)
    cited = dict.fromkeys(n for item in faq for n in item.entry.rule_citations)
    rules = (
        Rule.objects.filter(document=document, number__in=cited, occurrence=1).order_by("position")
        if document
        else []
    )
    keyword_names = list(
        Link.objects.filter(
            game=game_obj, source_kind=Link.CARD, source_id=card.pk, target_kind=Link.KEYWORD
        ).values_list("written", flat=True)
    )
    context = {
        "game": game_obj,
        "document": document,
        "card": card,
        "faq": faq,
        "rules": rules,
        "ability_html": resolver.ability_html(card.ability_text),
        "keywords": [(name, resolver.keyword_url(name)) for name in keyword_names],
        "errata": Erratum.objects.filter(card=card).order_by("-published_at"),
        **_meta(request, card.name, card.ability_text),
    }
    return render(request, "rulebook/card.html", context)
