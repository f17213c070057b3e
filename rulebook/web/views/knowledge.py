"""Keyword, FAQ and card pages: look up, delegate to ``rulebook.pages.knowledge``, render.

FAQ and card content is English whatever the page language; templates mark it ``lang="en"``.
"""

from __future__ import annotations

import hashlib

from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.utils.cache import get_conditional_response
from django.utils.http import quote_etag
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from ingest.knowledge.cards import ability_plain_text
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Document, FaqPage, Game, Keyword
from rulebook.pages import cards as kc
from rulebook.pages import fragments, keyword_body
from rulebook.pages import knowledge as kp
from rulebook.pages.answers import Resolver, faq_items
from rulebook.pages.preview import opening
from rulebook.web.caching import cached_page, validated_page


def _game_and_rules(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    return game_obj, Document.objects.newest_rules(game_obj, request.LANGUAGE_CODE)


def _meta(request, title, description):
    """Canonical URL and OpenGraph/Twitter texts, describing the page's own content."""
    return {
        "canonical_url": request.build_absolute_uri(request.path),
        "og_title": title,
        "og_description": opening(description or title),
    }


@require_safe
@cached_page()
def keyword_index(request, game):
    game_obj, document = _game_and_rules(request, game)
    keywords = list(Keyword.objects.in_document(document)) if document else []
    counts = kp.keyword_counts(game_obj, keywords, kp.english_keywords(game_obj))
    title = _("%(game)s keywords") % {"game": game_obj.name}
    context = {
        "game": game_obj,
        "document": document,
        "rows": [(keyword, counts[keyword.pk]) for keyword in keywords],
        **_meta(request, title, ", ".join(k.name for k in keywords)),
    }
    return render(request, "rulebook/keywords.html", context)


@require_safe
@cached_page(reads=(*kc.FILTERS, "page"))
def keyword_page(request, game, slug):
    """The content is the copy the ingest wrote out (``pages.keyword_body``), unless card
    filters, a later page of its cards or source notes ask for another."""
    game_obj, document = _game_and_rules(request, game)
    keyword, elsewhere = kp.find_keyword(game_obj, document, slug)
    if elsewhere is not None:  # an English slug on a French page: the French keyword
        return redirect("keyword", game=game_obj.slug, slug=elsewhere.slug)
    if keyword is None:
        raise Http404("No such keyword")
    body = None
    if not any(name in request.GET for name in keyword_body.LIVE_PARAMETERS):
        origin = f"{request.scheme}://{request.get_host()}"
        body = keyword_body.stored_body(game_obj.slug, document.language, keyword.slug, origin)
    context = {
        "game": game_obj,
        "document": document,
        "keyword": keyword,
        "body": body,
        **_meta(request, f"{keyword.name} — {game_obj.name}", keyword.summary),
    }
    if body is None:
        context.update(keyword_body.keyword_context(game_obj, document, keyword, request.GET))
    return render(request, "rulebook/keyword.html", context)


@require_safe
@validated_page(reads=("source", "topic"))
def faq_index(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    source = request.GET.get("source") if request.GET.get("source") in FaqPage.SOURCES else ""
    topic = request.GET.get("topic") if request.GET.get("topic") in FaqPage.TOPICS else ""
    pages = (
        FaqPage.objects.of_game(game_obj)
        .from_source(source)
        .on_topic(topic)
        .with_question_list()
        .order_by("position")
    )
    groups = [
        (kind, [p for p in pages if p.kind == kind and kp.has_url(p)])
        for kind in (*FaqPage.TOPICS, "official")
    ]
    context = {
        "game": game_obj,
        "groups": [g for g in groups if g[1]],
        "source": source,
        "topic": topic,
        "topics": FaqPage.TOPICS,
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
    page = get_object_or_404(FaqPage.objects.of_game(game_obj).from_source(source), slug=slug)
    resolver = Resolver(game_obj, request.LANGUAGE_CODE, document)
    items = faq_items(page.entries.all(), resolver, request.LANGUAGE_CODE)
    related = FaqPage.objects.of_game(game_obj).related_to([item.entry for item in items])
    first = items[0].entry.answer_text if items else page.summary
    newest = Document.objects.newest_rules(game_obj, KNOWLEDGE_LANGUAGE)
    newest_label = newest.short_label if newest else ""
    context = {
        "game": game_obj,
        "page": page,
        "items": items,
        "related": related.only("slug", "title"),
        "newest_label": newest_label,
        "moved": bool(page.reviewed_version and newest_label)
        and page.reviewed_version != newest_label,
        # "skip to the [FAQ](#FAQ)": a fragment of the publisher's page, read for this one
        "intro_html": fragments.settle_faq_page(resolver.answer_html(page.intro_markdown), items),
        "language": request.LANGUAGE_CODE,
        **_meta(request, page.title, page.summary or first),
    }
    return render(request, "rulebook/faq_page.html", context)


@require_safe
@validated_page()
def faq_page(request, game, page):
    return _faq_page(request, game, FaqPage.COMMUNITY, page.strip("/"))


@require_safe
@validated_page()
def faq_official(request, game, slug):
    return _faq_page(request, game, FaqPage.OFFICIAL, slug)


@require_safe
@validated_page(reads=(*kc.FILTERS, "page"))
def card_index(request, game):
    game_obj = get_object_or_404(Game, slug=game)
    shown, facets = kc.filter_cards(Card.objects.of_game(game_obj).with_printings(), request.GET)
    page = Paginator(shown, kc.CARDS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "game": game_obj,
        "page_obj": page,
        "cards": page.object_list,
        "facets": facets,
        "total": len(shown),
        "pager": kc.pager_links(facets, page),
        **_meta(
            request,
            _("%(game)s cards") % {"game": game_obj.name},
            _("%(count)d cards with their keywords, rulings and errata.") % {"count": len(shown)},
        ),
    }
    return render(request, "rulebook/cards.html", context)


@require_safe
@validated_page()
def card_page(request, game, slug):
    game_obj, document = _game_and_rules(request, game)
    card = get_object_or_404(Card.objects.of_game(game_obj).with_printings(), slug=slug)
    page = kp.card_page(card, document)
    resolver = Resolver(game_obj, request.LANGUAGE_CODE, document)
    context = {
        "game": game_obj,
        "document": document,
        "card": card,
        "faq": faq_items(page.faq, resolver, request.LANGUAGE_CODE),
        "rules": page.rules,
        "ability_html": resolver.ability_html(card.ability_text),
        "keywords": [(name, resolver.keyword_url(name)) for name in page.keyword_names],
        "errata": [
            (erratum, *map(resolver.ability_html, (erratum.old_text, erratum.new_text)))
            for erratum in page.errata
        ],
        **_meta(request, card.name, ability_plain_text(card.ability_text)),
    }
    return render(request, "rulebook/card.html", context)


@require_safe
def card_preview(request, game, slug):
    """The hover card of a card name in a FAQ answer: image, name, type and opening text."""
    game_obj = get_object_or_404(Game, slug=game)
    card = get_object_or_404(Card.objects.of_game(game_obj).with_printings(), slug=slug)
    body = render_to_string(
        "rulebook/_partials/card_preview.html",
        {"card": card, "text": opening(ability_plain_text(card.ability_text), 200)},
        request,
    )
    etag = quote_etag(hashlib.sha256(body.encode()).hexdigest()[:24])
    response = HttpResponse(body, content_type="text/html; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = "public, max-age=3600"
    return get_conditional_response(request, etag=etag, response=response)
