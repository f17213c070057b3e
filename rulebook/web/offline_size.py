"""How big a saved copy will be, said before the reader saves it.

The real size of a page is the page as the site serves it, so each is measured by serving it:
a GET through the site's own middleware and views, in this process. Rendering every page of a
game (some thousands for Riftbound in two languages) would cost seconds, so each kind of page
is measured on a few samples spread across its list, and the kind's size is their mean times
its count; a kind with few pages is measured whole. The result is kept with the manifest it
describes, once per data generation (``rulebook.web.views.offline``).
"""

from __future__ import annotations

import io
import os
import threading

from django.contrib.staticfiles import finders
from django.core.handlers.base import BaseHandler
from django.core.handlers.wsgi import WSGIRequest
from django.utils import translation

SAMPLES = 3  # pages measured per kind of page (per language)
_local = threading.local()


def _handler() -> BaseHandler:
    """The site's middleware chain, loaded once per thread like a WSGI handler's."""
    handler = getattr(_local, "handler", None)
    if handler is None:
        handler = _local.handler = BaseHandler()
        handler.load_middleware()
    return handler


def served_size(url: str, request) -> int | None:
    """Bytes of the page at ``url`` (path and query) as served to ``request``'s host; None
    unless it answers 200. No cookie or header of the reader is passed on."""
    path, _, query = url.partition("?")
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SCRIPT_NAME": "",
        "SERVER_NAME": request.META.get("SERVER_NAME", "localhost"),
        "SERVER_PORT": str(request.META.get("SERVER_PORT", "80")),
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": request.get_host(),
        "REMOTE_ADDR": "127.0.0.1",
        "wsgi.url_scheme": request.scheme,
        "wsgi.input": io.BytesIO(b""),
    }
    with translation.override(translation.get_language()):
        response = _handler().get_response(WSGIRequest(environ))
    # Not response.close(): it sends request_finished, whose handler closes the database
    # connection the reader's own request is still using. Pages are rendered bytes; none
    # holds a file or a cursor to release.
    if response.status_code != 200:
        return None
    if response.streaming:
        return sum(len(chunk) for chunk in response.streaming_content)
    return len(response.content)


def samples(urls: list[str]) -> list[str]:
    """Up to SAMPLES URLs spread evenly over the list: first, middle, last."""
    if len(urls) <= SAMPLES:
        return list(urls)
    last = len(urls) - 1
    picks = {round(index * last / (SAMPLES - 1)) for index in range(SAMPLES)}
    return [urls[index] for index in sorted(picks)]


def asset_bytes(names: list[str]) -> int:
    """The stylesheets, scripts and icons a saved copy keeps, from the files on disk."""
    total = 0
    for name in names:
        path = finders.find(name)
        total += os.path.getsize(path) if path else 0
    return total


def estimate(groups: list[dict], assets: list[str], request) -> dict:
    """The saved copy's size: ``bytes`` (pages and assets), ``pages``, and per kind of page the
    count and bytes; ``exact`` when every page was measured rather than sampled."""
    kinds, exact, total, pages = [], True, 0, 0
    for group in groups:
        urls = group["urls"]
        picked = samples(urls)
        sizes = [size for size in (served_size(url, request) for url in picked) if size]
        mean = sum(sizes) / len(sizes) if sizes else 0
        size = sum(sizes) if len(picked) == len(urls) else round(mean * len(urls))
        exact = exact and len(picked) == len(urls) == len(sizes)
        kinds.append(
            {"kind": group["kind"], "lang": group["lang"], "pages": len(urls), "bytes": size}
        )
        total += size
        pages += len(urls)
    total += asset_bytes(assets)
    return {"bytes": total, "pages": pages, "exact": exact, "kinds": kinds}
