"""The search page and its JSON API.

Both share one parameter parser: the API answers bad parameters with 400 and ``{"error"}``,
the HTML page shows the same message above an empty result list. Neither ever lets hostile
input reach an engine's query parser (see ``rulebook.search.text``).
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ingest.metadata import VERSION_PATTERN
from rulebook.search import SearchQuery, get_backend, run_search
from rulebook.search.base import KINDS, SearchUnavailable
from rulebook.search.text import clean

MAX_PAGE = 500
MAX_PER_PAGE = 50
_VERSION_RE = re.compile(f"^{VERSION_PATTERN}$")
_SLUG_RE = re.compile(r"^[-a-z0-9_]{1,50}$")


class ParamError(ValueError):
    """A query parameter that cannot be honoured; its message is shown to the user."""


def parse_params(params, *, language=None, api=False) -> SearchQuery:
    """A validated SearchQuery from request parameters; raises ParamError."""
    kind = params.get("kind") or None
    if kind is not None and kind not in KINDS:
        raise ParamError(_("Unknown kind “%(kind)s”.") % {"kind": kind[:20]})
    lang = params.get("lang") or language
    if lang is not None and lang not in dict(settings.LANGUAGES):
        raise ParamError(_("Unknown language “%(lang)s”.") % {"lang": lang[:10]})
    game = params.get("game") or None
    if game is not None and not _game_exists(game):
        raise ParamError(_("Unknown game “%(game)s”.") % {"game": game[:50]})
    version = params.get("version") or None
    if version is not None and not _VERSION_RE.match(version):
        raise ParamError(_("A version looks like 2026-03-30."))
    page = _int(params.get("page"), 1, MAX_PAGE, _("The page must be a number from 1."))
    per_page = (
        _int(params.get("per_page"), 20, MAX_PER_PAGE, _("per_page must be a number from 1 to 50."))
        if api
        else 20
    )
    return SearchQuery(
        text=clean(params.get("q", "")),
        kind=kind,
        language=lang,
        game=game,
        version=version,
        page=page,
        per_page=per_page,
    )


def _int(raw, default, maximum, message) -> int:
    if raw in (None, ""):
        return default
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise ParamError(message) from None
    if not 1 <= value <= maximum:
        raise ParamError(message)
    return value


def _game_exists(slug: str) -> bool:
    from rulebook.models import Game

    return bool(_SLUG_RE.match(slug)) and Game.objects.filter(slug=slug).exists()


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
            "page": sq.page,
            **changes,
        }
        return "?" + urlencode({k: v for k, v in params.items() if v not in ("", None, 1)})

    context = {
        "kinds": KINDS,
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
        # Safe by construction: text.snippet() escaped every character outside <mark> tags.
        hit.snippet = mark_safe(hit.snippet)
    context["suggestion_link"] = link(q=results.suggestion, page=1) if results.suggestion else ""
    low, high = max(1, sq.page - 4), min(results.pages, sq.page + 4)
    context["page_links"] = [(n, link(page=n), n == sq.page) for n in range(low, high + 1)]
    context["previous_link"] = link(page=sq.page - 1) if sq.page > 1 else ""
    context["next_link"] = link(page=sq.page + 1) if sq.page < results.pages else ""
    return context


def _reverse_or_empty(name: str) -> str:
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse(name)
    except NoReverseMatch:
        return ""


@require_GET
def api_search(request):
    """JSON search; a rule number answers ``{"redirect": url}``; bad parameters answer 400."""
    try:
        sq = parse_params(request.GET, api=True)
    except ParamError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    results = run_search(sq)
    if results.redirect:
        return JsonResponse({"query": sq.text, "redirect": results.redirect})
    return JsonResponse(
        {
            "query": sq.text,
            "total": results.total,
            "page": results.page,
            "pages": results.pages,
            "broadened": results.broadened,
            "degraded": results.degraded,
            "message": results.message,
            "suggestion": results.suggestion,
            "results": [_hit_json(h) for h in results.hits],
            "also": [_hit_json(h) for h in results.also],
        }
    )


def _hit_json(h) -> dict:
    return {
        "kind": h.kind,
        "game": h.game,
        "number": h.number,
        "title": h.title,
        "snippet": h.snippet,
        "url": h.url,
        "language": h.language,
        "version": h.version,
        "path": h.path,
    }


@require_GET
def api_suggest(request):
    """Autocomplete: ``{"query", "suggestions"}``; an unusable index gives no suggestions."""
    try:
        sq = parse_params(request.GET, api=True)
    except ParamError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    try:
        suggestions = get_backend().suggest(sq.text, language=sq.language, game=sq.game)
    except SearchUnavailable:
        suggestions = []
    return JsonResponse({"query": sq.text, "suggestions": suggestions})
