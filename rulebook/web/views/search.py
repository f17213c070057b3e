"""The HTML search page.

Parameters are read by ``rulebook.search.params`` (shared with the JSON API); a bad one shows
its message above an empty result list. Hostile input never reaches an engine's query parser
(see ``rulebook.search.query``).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from rulebook import kinds
from rulebook.pages.search_groups import group_by_game
from rulebook.search import SearchQuery, run_search
from rulebook.search.base import KINDS
from rulebook.search.params import ParamError, parse_params
from rulebook.search.query import clean
from rulebook.web.lastgame import last_game


@require_GET
def search_page(request):
    """The HTML search page; works without JavaScript. A rule number redirects (302)."""
    lang = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    error, results = "", None
    try:
        sq = parse_params(request.GET, language=lang)
    except ParamError as exc:
        error, sq = str(exc), SearchQuery(text=clean(request.GET.get("q", "")), language=lang)
    if not error and sq.text:
        results = run_search(sq)
        if results.redirect:
            return HttpResponseRedirect(results.redirect)
    context = {"q": sq.text, "query": sq.text, "sq": sq, "error": error, "results": results}
    context.update(_page_context(request, sq, results))
    return render(request, "rulebook/search.html", context)


def _page_context(request, sq: SearchQuery, results) -> dict:
    from rulebook.models import Document, Game

    def link(**changes):
        params = {
            "q": sq.text,
            "kind": sq.kind or "",
            "game": sq.game or "",
            "version": sq.version or "",
            "document": sq.document or "",
            "page": sq.page,
            "spell": "" if sq.spell else "0",
            **changes,
        }
        return "?" + urlencode({k: v for k, v in params.items() if v not in ("", None, 1)})

    context = {
        "kinds": KINDS,
        "documents": kinds.TABLE,
        "games": Game.objects.all(),
        "versions": Document.objects.filter(language=sq.language)
        .order_by("-version")
        .values_list("version", flat=True)
        .distinct(),
        "suggest_url": _reverse_or_empty("api_suggest"),
    }
    if results is None:
        return context
    for hit in results.hits:
        # Safe by construction: query.snippet() escaped every character outside <mark> tags.
        hit.snippet = mark_safe(hit.snippet)
        # A rule's document, labelled when it is not the Core Rules (from its URL).
        hit.document = kinds.get(kinds.key_of_path(hit.url)) if hit.kind == "rule" else None
    for hit in results.also:
        hit.snippet = mark_safe(hit.snippet)  # the same construction
    if not sq.game:  # every game searched: one group each, the reader's own game first
        names = {game.slug: game.name for game in context["games"]}
        context["groups"] = group_by_game(results.hits, last_game(request), names)
    context["suggestion_link"] = link(q=results.suggestion, page=1) if results.suggestion else ""
    instead = results.corrected or results.renamed
    context["literal_link"] = link(page=1, spell="0") if instead else ""
    context["all_games_link"] = link(game="", page=1)
    context["widen_links"] = _widen_links(sq, link) if not results.total else []
    low, high = max(1, sq.page - 4), min(results.pages, sq.page + 4)
    context["page_links"] = [(n, link(page=n), n == sq.page) for n in range(low, high + 1)]
    context["previous_link"] = link(page=sq.page - 1) if sq.page > 1 else ""
    context["next_link"] = link(page=sq.page + 1) if sq.page < results.pages else ""
    return context


def _widen_links(sq: SearchQuery, link) -> list[tuple[str, str]]:
    """(label, href) of the searches a query that found nothing can widen to: a reader who
    narrowed to cards, or to an old version, seldom sees that the narrowing hid the answer."""
    out = []
    if sq.kind:
        out.append((gettext("Search every kind"), link(kind="", page=1)))
    if sq.version:
        out.append((gettext("Search the newest version"), link(version="", page=1)))
    if sq.document:
        out.append((gettext("Search every document"), link(document="", page=1)))
    return out


def _reverse_or_empty(name: str) -> str:
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse(name)
    except NoReverseMatch:
        return ""
