"""``/healthz``: what a load balancer asks before sending a worker traffic.

Each part a page needs is tried for real (a query, a cache round trip, the search index
opened), so a worker that lost its database, its Redis or its index leaves the pool (503)
instead of answering errors.
"""

from __future__ import annotations

import uuid

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from rulebook.models import DataGeneration


def _database() -> dict:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    number = DataGeneration.current_number()
    return {"ok": True, "vendor": connection.vendor, "generation": number}


def _cache() -> dict:
    # The Redis cache answers misses while Redis is down; its ping asks Redis itself.
    ping = getattr(cache, "ping", None)
    if ping is not None:
        ping()
    key, value = f"rulebook:healthz:{uuid.uuid4().hex}", uuid.uuid4().hex
    cache.set(key, value, timeout=10)
    ok = cache.get(key) == value
    cache.delete(key)
    return {"ok": ok, "backend": type(cache).__name__}


def _index() -> dict:
    """An index of an older format, or one built from older data (``stale``: an ingest's
    index update never ran), still answers, so it keeps the worker in the pool; the report
    says so (``current``), for whoever deploys to run ``rebuild_index --if-outdated``."""
    from rulebook.search import freshness, get_backend
    from rulebook.search.base import INDEX_FORMAT

    backend = get_backend()
    built = backend.built_format()
    return {
        "ok": backend.is_available(),
        "backend": type(backend).__name__,
        "format": {"built": built, "expected": INDEX_FORMAT, "current": built == INDEX_FORMAT},
        **freshness.report(backend),
        "encoder": _encoder(backend),
    }


def _encoder(backend) -> dict:
    """Rules not encoded for the model in use degrade questions, never stop a page: the
    report says so, and the index stays ``ok``."""
    from rulebook.search import nearest

    try:
        return nearest.coverage(backend)
    except Exception as exc:  # a report, like the others: never the check's failure
        return {"error": f"{type(exc).__name__}: {exc}"[:200]}


CHECKS = {"database": _database, "cache": _cache, "index": _index}


@never_cache
@require_safe
def healthz(request):
    report = {}
    for name, check in CHECKS.items():
        try:
            report[name] = check()
        except Exception as exc:  # any failure is the answer, not an error page
            report[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}"[:200]}
    healthy = all(part["ok"] for part in report.values())
    return JsonResponse({"ok": healthy, **report}, status=200 if healthy else 503)
