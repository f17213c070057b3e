"""The scale path for real: two gunicorn workers sharing one Redis (skipped without Redis).

The workers are separate processes with nothing in common but the database file and Redis,
so a limit that holds exactly here holds across machines. Redis keys carry a prefix of this
test's own; nothing is ever flushed.
"""

import os
import secrets
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.load.conftest import SAMPLE
from tests.served import gunicorn, manage

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
LIMIT = 10


def _redis():
    redis = pytest.importorskip("redis")
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.exceptions.ConnectionError as exc:
        pytest.skip(f"no Redis at {REDIS_URL} ({exc})")
    return client


def _get(url):
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, dict(response.headers)
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers)


@pytest.fixture(scope="module")
def two_workers(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("scale")
    client = _redis()
    prefix = f"rulebook-test-scale-{uuid.uuid4().hex[:12]}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulebook.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "RULEBOOK_DATA_DIR": str(tmp_path / "data"),
        "REDIS_URL": REDIS_URL,
        "RULEBOOK_CACHE_PREFIX": prefix,
        # A window of 1,000 days: every request below falls in the same one.
        "RULEBOOK_API_RATE_LIMIT": f"{LIMIT}/1000day",
        "RULEBOOK_SEARCH_BACKEND": "rulebook.search.whoosh_backend.WhooshBackend",
    }
    env.pop("DATABASE_URL", None)
    sample = tmp_path / "sample_2026-02-03_v1.0.md"
    sample.write_text(SAMPLE, encoding="utf-8")
    manage(env, "migrate", "-v0")
    manage(env, "ingest", "-v0", str(sample), "--game", "testgame")
    try:
        with gunicorn(env, workers=2) as base:
            yield base, client, prefix
    finally:
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)


def test_the_rate_limit_holds_exactly_across_two_workers(two_workers):
    base, _client, _prefix = two_workers
    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(lambda _i: _get(base + "/api/v1/games"), range(3 * LIMIT)))
    statuses = [status for status, _headers in answers]
    assert statuses.count(200) == LIMIT, statuses
    assert statuses.count(429) == 2 * LIMIT


def test_the_page_cache_is_served_from_redis(two_workers):
    base, client, prefix = two_workers
    url = base + "/en/testgame/rules/101/"
    answers = [_get(url) for _ in range(6)]
    assert [status for status, _headers in answers] == [200] * 6
    hits = [headers.get("X-Page-Cache") for _status, headers in answers]
    assert hits[0] == "miss" and hits[1:] == ["hit"] * 5  # whichever worker answered
    assert any(b":page:" in key for key in client.scan_iter(match=f"{prefix}:*"))
