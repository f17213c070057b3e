"""HTTP validators and the server-side page cache for the HTML pages.

Every page below is a function of the data, the language, the origin and the URL: nothing
per-user. The data part is the data generation that every changing ingest bumps, so one
number read per request gives the ETag and Last-Modified (a browser or proxy revalidating
gets a 304 without the view running), and, with the language and URL, the key under which
the rendered page is kept in Django's cache (Redis when ``REDIS_URL`` is set, shared by every
worker). An ingest bumps the generation; the old keys are simply never asked for again.
"""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date

from rulebook.models import DataGeneration
from rulebook.pages.cards import FILTERS

# Pages that carry validators. The linkify page (a CSRF form), search (answers from the
# index) and the offline files are left out.
VALIDATED = {
    "root",
    "home",
    "game",
    "toc",
    "toc_version",
    "rule",
    "rule_version",
    "rule_history",
    "rule_history_version",
    "rule_compare",
    "rule_compare_version",
    "changes",
    "changes_compare",
    "glossary",
    "keywords",
    "keyword",
    "faq_index",
    "faq_official",
    "faq_page",
    "cards",
    "card",
}
# Pages also kept rendered on the server: rules and sections, keywords, languages side by
# side, and the expensive history pages (the first request after an ingest pays for the
# others).
STORED = {
    "rule",
    "rule_version",
    "rule_compare",
    "rule_compare_version",
    "toc",
    "toc_version",
    "keywords",
    "keyword",
    "rule_history",
    "rule_history_version",
    "changes_compare",
}
# Pages whose URL has no language: the language comes from the cookie or Accept-Language.
NEGOTIATED = {"root"}
# What each page reads of its query string (``request.GET``, in its view and in the context
# processors). No other parameter reaches the page's key or its view, so ``?a=1`` and
# ``?a=2`` are one page: a query string of junk can no longer make each request a miss.
COMMON_PARAMETERS = ("notes",)  # the source notes of the rules a page shows
PARAMETERS = {
    "root": ("game",),  # the search box's game, on pages whose URL names none
    "home": ("game",),
    "rule": ("part", "missing"),
    "rule_version": ("part", "missing"),
    "rule_compare": ("part",),
    "rule_compare_version": ("part",),
    "changes": ("old", "new"),
    "changes_compare": ("class", "renumbered", "xrefs"),
    "keyword": FILTERS,
    "cards": (*FILTERS, "page"),
    "faq_index": ("source", "topic"),
}


def canonical_query(name: str, query) -> str:
    """The parameters page ``name`` reads, in name order, each with the value its view reads
    (a repeated parameter's last one)."""
    wanted = sorted({*COMMON_PARAMETERS, *PARAMETERS.get(name, ())})
    return urlencode([(key, query[key]) for key in wanted if key in query])


def page_key(generation: str, language: str, origin: str, full_path: str) -> str:
    # The format setting: a deployment whose templates changed sets a new one, and cached
    # copies and browser validators from before then stop matching.
    seed = f"{settings.RULEBOOK_PAGE_FORMAT}|{generation}|{language}|{origin}|{full_path}"
    return "page:" + hashlib.sha256(seed.encode()).hexdigest()[:32]


class PageCacheMiddleware:
    """Must be the last middleware: it calls the view itself for cached pages."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        name = match.url_name if match else None
        if request.method not in ("GET", "HEAD") or name not in VALIDATED:
            return None
        generation, changed_at = DataGeneration.current()
        request.data_generation = generation  # the CSP's image hosts are cached under it
        language = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
        if name in NEGOTIATED:
            from django.utils import translation

            language = translation.get_language_from_request(request, check_path=False)
        query = canonical_query(name, request.GET)
        if query != request.META.get("QUERY_STRING", ""):
            request.GET = QueryDict(query)  # the view and its links see the canonical query
            request.META["QUERY_STRING"] = query
        # Pages print absolute URLs (canonical, og:url, copy links): scheme and host are in.
        origin = f"{request.scheme}://{request.get_host()}"
        key = page_key(generation, language, origin, request.get_full_path())
        etag = f'"{key[5:]}"'
        last_modified = int(changed_at.timestamp())
        response = get_conditional_response(request, etag=etag, last_modified=last_modified)
        if response is None:
            response = self._render(request, name, key, view_func, view_args, view_kwargs)
        if response.status_code in (200, 304):
            self._headers(response, name, etag, last_modified)
        return response

    def _render(self, request, name, key, view_func, view_args, view_kwargs):
        cache = caches[settings.RULEBOOK_PAGE_CACHE]
        if name in STORED:
            content = cache.get(key)
            if content is not None:
                response = HttpResponse(content, content_type="text/html; charset=utf-8")
                response["X-Page-Cache"] = "hit"
                return response
        response = view_func(request, *view_args, **view_kwargs)
        if callable(getattr(response, "render", None)):
            response = response.render()
        if name in STORED and response.status_code == 200 and not response.streaming:
            cache.set(key, response.content, settings.RULEBOOK_PAGE_CACHE_SECONDS)
            response["X-Page-Cache"] = "miss"
        return response

    @staticmethod
    def _headers(response, name, etag, last_modified):
        response["ETag"] = etag
        response["Last-Modified"] = http_date(last_modified)
        # Pinned pages revalidate too: their successor notice changes at the next ingest.
        response["Cache-Control"] = f"max-age={settings.RULEBOOK_PAGE_MAX_AGE}, must-revalidate"
        if name in NEGOTIATED:
            patch_vary_headers(response, ("Accept-Language", "Cookie"))


def comparison_paths(families) -> list[str]:
    """The comparison pages of these families: every range of their versions."""
    from rulebook import kinds
    from rulebook.models import Document

    paths = []
    for game, kind, language in sorted(families):
        versions = list(
            Document.objects.filter(game__slug=game, kind=kind, language=language)
            .order_by("version")
            .values_list("version", flat=True)
        )
        base = f"/{language}/{game}/{kinds.slug_of(kind)}/changes/"
        for i, old in enumerate(versions):
            paths += [f"{base}{old}..{new}/" for new in versions[i + 1 :]]
    return paths


class _Origin(HttpRequest):
    """A GET of ``path`` from ``origin`` as the pages' templates and context processors
    read one: what ``warm`` renders a page for, with no client and no middleware."""

    def __init__(self, origin: str, path: str, language: str):
        super().__init__()
        parts = urlsplit(origin)
        self.method = "GET"
        self.path = self.path_info = path
        self.META.update(HTTP_HOST=parts.netloc, SERVER_NAME=parts.hostname or "")
        self.origin_scheme = parts.scheme or "http"
        self.LANGUAGE_CODE = language

    def _get_scheme(self):
        return self.origin_scheme


def warm(origins, paths) -> int:
    """Render the comparison pages at ``paths`` once per origin with page assembly, and keep
    each under the key its first reader will ask for; returns how many were stored.

    Run by the ingest command after its transaction (``RULEBOOK_WARM_ORIGINS``): the origin
    is part of the page key, so only the site's real origins are worth warming. The ingest
    has stored every range's changes written out; this spares a first reader the page
    around them as well.
    """
    from django.template.loader import render_to_string
    from django.urls import resolve
    from django.utils import translation

    from rulebook import kinds
    from rulebook.models import Game
    from rulebook.pages import history

    cache = caches[settings.RULEBOOK_PAGE_CACHE]
    generation = DataGeneration.current()[0]
    stored = 0
    for path in paths:
        match = resolve(path)
        if match.url_name != "changes_compare":
            continue
        game, kind, span = match.kwargs["game"], match.kwargs["kind"], match.kwargs["span"]
        language = path.split("/")[1]
        documents = history.versions_of(game, kinds.key_of(kind), language)
        old, _sep, new = span.partition("..")
        game_obj = Game.objects.get(slug=game)
        for origin in origins:
            request = _Origin(origin, path, language)
            request.resolver_match = match
            with translation.override(language):
                context = history.comparison_context(
                    game_obj, kind, documents, old, new, (False, False, "")
                )
                content = render_to_string("rulebook/comparison.html", context, request)
            key = page_key(generation, language, origin, request.get_full_path())
            cache.set(key, content.encode(), settings.RULEBOOK_PAGE_CACHE_SECONDS)
            stored += 1
    return stored
