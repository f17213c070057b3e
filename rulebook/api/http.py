"""The HTTP behaviour every API view shares, in one decorator.

``@endpoint`` gives a view: JSON errors (never an HTML page from /api/, not even for a body
over ``DATA_UPLOAD_MAX_MEMORY_SIZE``: a JSON 413), method checks with an ``Allow`` header,
CORS with preflight, per-client rate limiting, ``Cache-Control``, and conditional GETs. Views
return either a ready ``HttpResponse``, or a ``Lazy`` payload whose validators (ETag seed,
Last-Modified) are known before the body is built, so a 304 costs a document lookup and
nothing more.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpResponse, JsonResponse
from django.utils import translation
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.views.decorators.csrf import csrf_exempt

from rulebook import jsonbody
from rulebook.api import ratelimit

API_VERSION = "1"
MAX_AGE = 300
ERROR_MAX_AGE = 60
CORS_HEADERS = {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Expose-Headers": "ETag, Last-Modified, Retry-After, Location, "
    "X-RateLimit-Limit, X-RateLimit-Remaining",
}
PREFLIGHT_MAX_AGE = "86400"


class ApiError(Exception):
    """An answer that is not a success; carries its status and any extra JSON fields."""

    def __init__(self, status: int, message: str, **extra):
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


@dataclass
class Lazy:
    """A JSON body to build only when the client's cached copy is stale."""

    build: Callable[[], object]
    etag_seed: str
    last_modified: datetime | None = None
    max_age: int = MAX_AGE
    content_type: str = "application/json"


def error_response(status: int, message: str, **extra) -> JsonResponse:
    response = JsonResponse({"error": message, "status": status, **extra}, status=status)
    response["Cache-Control"] = (
        f"public, max-age={ERROR_MAX_AGE}" if status in (400, 404, 501) else "no-store"
    )
    return response


def json_response(data, status: int = 200, content_type="application/json") -> JsonResponse:
    return JsonResponse(
        data,
        status=status,
        safe=False,
        content_type=content_type,
        json_dumps_params={"ensure_ascii": False},
    )


def endpoint(methods=("GET",)):
    """Wrap an API view in the shared behaviour; GET implies HEAD, OPTIONS is always answered."""
    allowed = list(methods) + (["HEAD"] if "GET" in methods else []) + ["OPTIONS"]

    def decorate(view):
        @functools.wraps(view)
        def wrapper(request, *args, **kwargs):
            is_head = request.method == "HEAD"
            if request.method == "OPTIONS":
                return _with_cors(_preflight(allowed))
            if request.method not in allowed:
                response = error_response(405, f"Method {request.method} not allowed.")
                response["Allow"] = ", ".join(allowed)
                return _with_cors(response)
            verdict = ratelimit.check(request)
            if verdict is not None and not verdict.allowed:
                return _with_cors(_throttled(verdict))
            response = _respond(view, request, args, kwargs)
            if verdict is not None:
                response["X-RateLimit-Limit"] = str(verdict.limit)
                response["X-RateLimit-Remaining"] = str(verdict.remaining)
            response.setdefault("Cache-Control", "no-store")
            if is_head:
                response.content = b""
            return _with_cors(response)

        wrapper.api_methods = tuple(allowed)
        return csrf_exempt(wrapper)

    return decorate


def _respond(view, request, args, kwargs) -> HttpResponse:
    try:
        result = view(request, *args, **kwargs)
    except ApiError as exc:
        return error_response(exc.status, exc.message, **exc.extra)
    except Http404 as exc:
        return error_response(404, str(exc) or "Not found.")
    except RequestDataTooBig:
        # Django's handler would answer this SuspiciousOperation with its HTML 400 page.
        return error_response(413, jsonbody.too_big_message())
    if isinstance(result, Lazy):
        return _conditional(request, result)
    if isinstance(result, HttpResponse):
        return result
    return json_response(result)


def _conditional(request, lazy: Lazy) -> HttpResponse:
    """304 when If-None-Match or If-Modified-Since says the client's copy is current."""
    # The base URL (absolute URLs in the body) and the active language (translated labels)
    # are part of what the answer says, so they are part of its validator.
    base, lang = request.build_absolute_uri("/"), translation.get_language()
    seed = f"v{API_VERSION}|{base}|{lang}|{request.get_full_path()}|{lazy.etag_seed}"
    etag = '"' + hashlib.sha256(seed.encode()).hexdigest()[:32] + '"'
    stamp = int(lazy.last_modified.timestamp()) if lazy.last_modified else None
    if request.method in ("GET", "HEAD"):
        not_modified = get_conditional_response(request, etag=etag, last_modified=stamp)
        if not_modified is not None:
            return _validators(not_modified, etag, stamp, lazy.max_age)
    response = json_response(lazy.build(), content_type=lazy.content_type)
    return _validators(response, etag, stamp, lazy.max_age)


def _validators(response: HttpResponse, etag: str, stamp: int | None, max_age: int):
    response["ETag"] = etag
    if stamp is not None:
        response["Last-Modified"] = http_date(stamp)
    response["Cache-Control"] = f"public, max-age={max_age}"
    return response


def _preflight(allowed) -> HttpResponse:
    response = HttpResponse(status=204)
    response["Allow"] = ", ".join(allowed)
    response["Access-Control-Allow-Methods"] = ", ".join(allowed)
    response["Access-Control-Allow-Headers"] = "Content-Type, If-None-Match, If-Modified-Since"
    response["Access-Control-Max-Age"] = PREFLIGHT_MAX_AGE
    response["Cache-Control"] = f"public, max-age={PREFLIGHT_MAX_AGE}"
    return response


def _throttled(verdict) -> JsonResponse:
    response = error_response(
        429,
        f"Too many requests: the limit is {verdict.limit} per window. "
        f"Try again in {verdict.retry_after} s.",
        retry_after=verdict.retry_after,
    )
    response["Retry-After"] = str(verdict.retry_after)
    response["X-RateLimit-Limit"] = str(verdict.limit)
    response["X-RateLimit-Remaining"] = "0"
    return response


def _with_cors(response: HttpResponse) -> HttpResponse:
    for name, value in CORS_HEADERS.items():
        response[name] = value
    return response
