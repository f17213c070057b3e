"""Per-client rate limiting for the API: a fixed window counted in Django's cache.

A fixed window is one ``add`` and one ``incr`` per request, which every cache backend does
atomically enough; a client can burst up to twice the limit across a window edge, which is an
acceptable price for not keeping per-client state anywhere but the cache. While the cache's
Redis is down, the counts are kept in each worker's memory instead (``rulebook.web.rediscache``):
the limit then holds per worker rather than across them, but it holds.

``RULEBOOK_API_RATE_LIMIT`` is ``"<count>/<unit>"`` (``"120/min"``, ``"10/s"``, ``"5000/day"``);
``None`` or ``""`` switches the limit off.
"""

from __future__ import annotations

import math
import re
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from rulebook.clients import client_ip

DEFAULT_RATE = "120/min"
UNITS = {
    "s": 1,
    "sec": 1,
    "second": 1,
    "m": 60,
    "min": 60,
    "minute": 60,
    "h": 3600,
    "hour": 3600,
    "d": 86400,
    "day": 86400,
}
_RATE_RE = re.compile(r"^\s*(\d+)\s*/\s*(\d*)\s*([a-z]+?)s?\s*$")

# Indirection so tests can move time forward instead of sleeping through a window.
clock = time.time


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    limit: int
    remaining: int
    retry_after: int  # seconds until the window resets


def parse_rate(value) -> tuple[int, int] | None:
    """``"120/min"`` -> ``(120, 60)``; ``None`` or ``""`` -> None (no limit)."""
    if not value:
        return None
    match = _RATE_RE.match(str(value).lower())
    if not match or match.group(3) not in UNITS:
        raise ValueError(f"RULEBOOK_API_RATE_LIMIT: cannot read {value!r} (try '120/min')")
    multiplier = int(match.group(2) or 1)
    return int(match.group(1)), UNITS[match.group(3)] * multiplier


def client_id(request) -> str:
    """The client's address (``rulebook.clients``: trusted proxies, forwarded header)."""
    return client_ip(request)


def check(request) -> Verdict | None:
    """Count this request; None when limiting is switched off."""
    rate = parse_rate(getattr(settings, "RULEBOOK_API_RATE_LIMIT", DEFAULT_RATE))
    if rate is None:
        return None
    limit, period = rate
    now = clock()
    window = int(now // period)
    key = f"rulebook:api:rate:{client_id(request)}:{period}:{window}"
    cache.add(key, 0, timeout=period + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # evicted between add and incr: this request opens the window again
        cache.set(key, 1, timeout=period + 1)
        count = 1
    retry_after = max(1, math.ceil((window + 1) * period - now))
    return Verdict(count <= limit, limit, max(0, limit - count), retry_after)
