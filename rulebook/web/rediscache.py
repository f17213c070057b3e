"""The Redis cache of a scale-out deployment, which a Redis outage cannot turn into errors.

A cache is an optimisation, never a dependency. Django's own Redis backend raises when Redis
cannot be reached, and with it every cached page, every HTML page's CSP, the API's rate limit
and the admin login answered 500. Here an operation that cannot reach Redis degrades instead:
reads miss and writes are dropped, except the fixed-window counters of the rate limits
(``add``, ``incr``, ``delete``), which move to a memory cache of the process, so limits still
apply (per worker) until Redis is back. Rendered pages are not kept there: they would fill
each worker's memory.

After a failure, Redis is left alone for ``RETRY_AFTER`` seconds (a circuit breaker): a dead
or unreachable Redis then costs one connect timeout per worker every few seconds, not one per
call. The first call after that tries Redis again; its success ends the outage, without a
restart. An outage is logged as a WARNING at most once a minute per process, with the error.

``ping`` asks Redis itself, past the breaker, for ``/healthz``: a load balancer must see the
real state, not the degraded one.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from functools import partial

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis import exceptions as redis_errors

logger = logging.getLogger(__name__)

# Every failure of Redis's: unreachable, hung, restarting, read-only after a failover, full,
# refusing writes (MISCONF), or not Redis at all. Django's cache calls send no command of the
# caller's own, so none of these can be a bug the caller should see.
OUTAGE = redis_errors.RedisError
WARN_EVERY = 60.0
# Indirection so tests can move time forward instead of sleeping.
clock = time.monotonic


class Outage:
    """One per Redis location and key prefix in a process (shared by its threads, which
    each get their own cache object from Django): when to try Redis again, when the last
    warning was written."""

    def __init__(self, name: str, retry_after: float):
        self.name = name
        self.retry_after = retry_after
        self.retry_at = 0.0
        self.warned_at: float | None = None
        self.announced = False  # a warning went out for the outage in progress
        self.lock = threading.Lock()  # one warning a minute, whatever the threads

    def skipping(self) -> bool:
        return clock() < self.retry_at

    def failed(self, error: Exception) -> None:
        now = clock()
        self.retry_at = now + self.retry_after
        with self.lock:
            if self.warned_at is not None and now - self.warned_at < WARN_EVERY:
                return
            self.warned_at, self.announced = now, True
        logger.warning(
            "Redis cache %s failing (%s: %s); serving without it, trying again "
            "every %ss (this warning repeats at most once a minute)",
            self.name,
            type(error).__name__,
            error,
            self.retry_after,
        )

    def succeeded(self) -> None:
        self.retry_at = 0.0
        if self.announced:
            with self.lock:
                announced, self.announced = self.announced, False
            if announced:
                logger.warning("Redis cache %s reachable again", self.name)


OUTAGES: dict[str, Outage] = {}


class ResilientRedisCache(RedisCache):
    """Django's Redis cache, with every operation falling back (see the module) when Redis
    fails, so that no call site has to guard against it."""

    def __init__(self, server, params):
        options = dict(params.get("OPTIONS") or {})
        retry_after = float(options.pop("RETRY_AFTER", 5))
        super().__init__(server, {**params, "OPTIONS": options})
        # Named without the URL's password, which the warning would otherwise print.
        name = f"{re.sub(r'//[^@/]*@', '//', str(server))}|{self.key_prefix}"
        self.outage = OUTAGES.setdefault(name, Outage(name, retry_after))
        # A LocMemCache's entries are shared by every instance of the same name in the process.
        local = {
            key: params[key] for key in ("KEY_PREFIX", "VERSION", "KEY_FUNCTION") if key in params
        }
        self.local = LocMemCache(
            f"rulebook-redis-fallback|{name}",
            {**local, "TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": 10000}},
        )

    def _attempt(self, operation, fallback):
        if self.outage.skipping():
            return fallback()
        try:
            result = operation()
        except OUTAGE as error:
            self.outage.failed(error)
            return fallback()
        self.outage.succeeded()
        return result

    def ping(self) -> bool:
        """True when Redis answers now; raises Redis's error otherwise."""
        try:
            self._cache.get_client(None, write=True).ping()
        except OUTAGE as error:
            self.outage.failed(error)
            raise
        self.outage.succeeded()
        return True

    def get(self, key, default=None, version=None):
        return self._attempt(
            partial(super().get, key, default, version),
            partial(self.local.get, key, default, version),
        )

    def get_many(self, keys, version=None):
        keys = list(keys)
        return self._attempt(
            partial(super().get_many, keys, version), partial(self.local.get_many, keys, version)
        )

    def has_key(self, key, version=None):
        return self._attempt(
            partial(super().has_key, key, version), partial(self.local.has_key, key, version)
        )

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        self._attempt(partial(super().set, key, value, timeout, version), lambda: None)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        dropped = list(data)
        return self._attempt(partial(super().set_many, data, timeout, version), lambda: dropped)

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        return self._attempt(
            partial(super().add, key, value, timeout, version),
            partial(self.local.add, key, value, timeout, version),
        )

    def incr(self, key, delta=1, version=None):
        return self._attempt(
            partial(super().incr, key, delta, version),
            partial(self.local.incr, key, delta, version),
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        return self._attempt(
            partial(super().touch, key, timeout, version),
            partial(self.local.touch, key, timeout, version),
        )

    def delete(self, key, version=None):
        return self._attempt(
            partial(super().delete, key, version), partial(self.local.delete, key, version)
        )

    def delete_many(self, keys, version=None):
        keys = list(keys)
        return self._attempt(
            partial(super().delete_many, keys, version),
            partial(self.local.delete_many, keys, version),
        )

    def clear(self):
        """Deletes this cache's keys only. Django's backend flushes the whole Redis database,
        which on a Redis shared with other sites, or other test runs, is everything."""
        return self._attempt(self._clear_own_keys, self.local.clear)

    def _clear_own_keys(self) -> bool:
        client = self._cache.get_client(None, write=True)
        pattern = f"{escape_glob(self.key_prefix)}:*"
        batch = []
        for key in client.scan_iter(match=pattern, count=1000):
            batch.append(key)
            if len(batch) >= 1000:
                client.delete(*batch)
                batch = []
        if batch:
            client.delete(*batch)
        self.local.clear()
        return True


def escape_glob(text: str) -> str:
    """``text`` matched literally by a Redis ``MATCH`` pattern."""
    return "".join(f"\\{char}" if char in "*?[]\\" else char for char in text)
