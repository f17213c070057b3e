"""HTTP validators and the server-side page cache, declared by each page view.

Every cached page is a function of the data, the language, the origin and the URL: nothing
per-user. The data part is the data generation that every changing ingest bumps, so one
number read per request gives the ETag and Last-Modified (a browser or proxy revalidating
gets a 304 without the view running), and, with the language and URL, the key under which
the rendered page is kept in Django's cache (Redis when ``REDIS_URL`` is set, shared by every
worker). An ingest bumps the generation; the old keys are simply never asked for again.

A view says how it is cached with one decorator, under ``require_safe``:
``@validated_page(reads=...)`` gives validators, ``@cached_page(reads=...)`` validators and a
stored copy. ``reads`` names the query parameters the page reads; no other parameter reaches
its key or its view. Pages that are different for each request (the linkify form, search,
the offline files) carry neither; ``tests/structure/test_page_caching.py`` lists them.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import wraps
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.core.cache import caches
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, QueryDict
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import condition

from rulebook.models import DataGeneration

# What every page reads of its query string besides its own parameters, in the context
# processors: the source notes of the rules it shows.
COMMON_PARAMETERS = ("notes",)
HTML = "text/html; charset=utf-8"


@dataclass(frozen=True)
class PageCaching:
    """What the decorator on a view declared (``view.page_caching``, read by ``warm``)."""

    store: bool  # kept rendered on the server, besides carrying validators
    reads: tuple[str, ...]  # the query parameters the page reads (``COMMON_PARAMETERS`` too)
    negotiated: bool = False  # no language in the URL: cookie or Accept-Language decides


def validated_page(*, reads=(), negotiated=False):
    """ETag and Last-Modified from the data generation, 304s; rendered on every 200."""
    return page_caching(PageCaching(False, tuple(reads), negotiated))


def cached_page(*, reads=()):
    """``validated_page``, and the rendered page kept in ``RULEBOOK_PAGE_CACHE``: for the
    pages that are expensive to build or read most (the first request after an ingest pays
    for the others)."""
    return page_caching(PageCaching(True, tuple(reads)))


def page_caching(caching: PageCaching):
    """Django's ``condition`` with the page's key as its ETag, so a revalidation is answered
    before the view (or the stored copy) is read; the key is computed per request, once."""

    def decorator(view):
        @wraps(view)
        def page(request, *args, **kwargs):
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            key, changed_at = page_state(request, caching)
            etag = f'"{key[5:]}"'

            @condition(
                etag_func=lambda *a, **k: etag, last_modified_func=lambda *a, **k: changed_at
            )
            def validated(request, *args, **kwargs):
                if caching.store:
                    return stored_or_rendered(key, view, request, args, kwargs)
                return view(request, *args, **kwargs)

            response = validated(request, *args, **kwargs)
            if response.status_code in (200, 304):
                # Pinned pages revalidate too: their successor notice changes at the next ingest.
                max_age = settings.RULEBOOK_PAGE_MAX_AGE
                response["Cache-Control"] = f"max-age={max_age}, must-revalidate"
                if caching.negotiated:
                    patch_vary_headers(response, ("Accept-Language", "Cookie"))
            else:  # ``condition`` validates any answer; a 404 or a redirect is not the page
                del response["ETag"]
                del response["Last-Modified"]
            return response

        page.page_caching = caching
        return page

    return decorator


def page_state(request, caching: PageCaching):
    """(page key, time of the data's last change) of a GET; the request's query string is
    cut to the parameters the page reads, so the view and its links see only those."""
    generation, changed_at = DataGeneration.current()
    language = getattr(request, "LANGUAGE_CODE", settings.LANGUAGE_CODE)
    if caching.negotiated:
        language = translation.get_language_from_request(request, check_path=False)
    query = canonical_query(caching.reads, request.GET)
    if query != request.META.get("QUERY_STRING", ""):
        request.GET = QueryDict(query)
        request.META["QUERY_STRING"] = query
    # Pages print absolute URLs (canonical, og:url, copy links): scheme and host are in.
    origin = f"{request.scheme}://{request.get_host()}"
    return page_key(generation, language, origin, request.get_full_path()), changed_at


def stored_or_rendered(key, view, request, args, kwargs):
    cache = caches[settings.RULEBOOK_PAGE_CACHE]
    content = cache.get(key)
    if content is not None:
        response = HttpResponse(content, content_type=HTML)
        response["X-Page-Cache"] = "hit"
        return response
    response = view(request, *args, **kwargs)
    if callable(getattr(response, "render", None)):
        response = response.render()
    if response.status_code == 200 and not response.streaming:
        cache.set(key, response.content, settings.RULEBOOK_PAGE_CACHE_SECONDS)
        response["X-Page-Cache"] = "miss"
    return response


def canonical_query(reads, query) -> str:
    """The parameters a page reads (``reads`` and ``COMMON_PARAMETERS``), in name order, each
    with the value its view reads (a repeated parameter's last one): ``?a=1`` and ``?a=2``
    are one page, so a query string of junk cannot make each request a miss."""
    wanted = sorted({*COMMON_PARAMETERS, *reads})
    return urlencode([(key, query[key]) for key in wanted if key in query])


def page_key(generation: str, language: str, origin: str, full_path: str) -> str:
    # The format setting: a deployment whose templates changed sets a new one, and cached
    # copies and browser validators from before then stop matching.
    seed = f"{settings.RULEBOOK_PAGE_FORMAT}|{generation}|{language}|{origin}|{full_path}"
    return "page:" + hashlib.sha256(seed.encode()).hexdigest()[:32]


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
    """A GET of ``path`` from ``origin`` as the page views, their templates and context
    processors read one: what ``warm`` renders a page for, with no client and no middleware."""

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
    """Render the stored pages at ``paths`` once per origin through their own views, which
    keep each under the key its first reader will ask for; returns how many are kept.

    Run by the ingest command after its transaction (``RULEBOOK_WARM_ORIGINS``): the origin
    is part of the page key, so only the site's real origins are worth warming. The ingest
    has stored every range's changes written out; this spares a first reader the page
    around them as well.
    """
    from django.urls import resolve

    kept = 0
    for path in paths:
        language = path.split("/")[1]
        with translation.override(language):
            match = resolve(path)
            caching = getattr(match.func, "page_caching", None)
            if caching is None or not caching.store:
                continue
            for origin in origins:
                request = _Origin(origin, path, language)
                request.resolver_match = match
                try:
                    response = match.func(request, *match.args, **match.kwargs)
                except DisallowedHost:  # not in ALLOWED_HOSTS: no reader can ask for it
                    continue
                kept += response.status_code == 200 and response.has_header("X-Page-Cache")
    return kept
