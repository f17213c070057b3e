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

from django.conf import settings
from django.core.cache import caches
from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date

from rulebook.models import DataGeneration

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
# Pages also kept rendered on the server: rules and sections, keywords, and the expensive
# history pages (the first request after an ingest pays for the others).
STORED = {
    "rule",
    "rule_version",
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
    """The full comparisons an ingest of these families made new: each pair of consecutive
    versions and each older version with the newest."""
    from rulebook import kinds
    from rulebook.models import Document

    paths = []
    for game, kind, language in sorted(families):
        versions = list(
            Document.objects.filter(game__slug=game, kind=kind, language=language)
            .order_by("version")
            .values_list("version", flat=True)
        )
        pairs = list(zip(versions, versions[1:], strict=False))
        pairs += [(old, versions[-1]) for old in versions[:-2]]
        base = f"/{language}/{game}/{kinds.slug_of(kind)}/changes/"
        paths += [f"{base}{old}..{new}/" for old, new in pairs]
    return paths


def warm(origins, paths) -> int:
    """Render ``paths`` once per origin through the whole site, so that the first reader
    after an ingest gets the stored copy; returns how many pages were stored.

    Run by the ingest command after its transaction (``RULEBOOK_WARM_ORIGINS``): the origin
    is part of the page key, so only the site's real origins are worth warming.
    """
    from urllib.parse import urlsplit

    from django.test import Client

    stored = 0
    for origin in origins:
        parts = urlsplit(origin)
        client = Client(HTTP_HOST=parts.netloc, secure=parts.scheme == "https")
        for path in paths:
            response = client.get(path)
            stored += response.get("X-Page-Cache") == "miss"
    return stored
