"""Redis going down never takes the site down: pages, limits and /healthz against a real Redis
that each test starts, stops and starts again itself (skipped without ``redis-server``).

The cache is configured as production configures it (``cache_settings``), under a key prefix
of the test's own, on a Redis server of its own; the shared Redis is never touched.
"""

import logging
import secrets
import shutil
import subprocess
import time
import uuid

import pytest

from rulebook.settings.base import cache_settings
from tests.served import free_port

pytestmark = pytest.mark.django_db

RULE = "/en/lanternfall/rules/310/"
PAGES = [
    "/",
    "/en/",
    RULE,
    "/en/lanternfall/rules/310/preview/",
    "/en/lanternfall/keywords/",
    "/en/lanternfall/cards/",
    "/en/lanternfall/glossary/",
    "/en/search/?q=swift",
    "/api/v1/search?q=swift",
    "/api/v1/games",
]


class RedisServer:
    """A throwaway ``redis-server`` without persistence: stopping it loses everything."""

    def __init__(self, directory):
        self.port = free_port()
        self.directory = directory
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        command = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1"]
        command += ["--save", "", "--appendonly", "no", "--dir", str(self.directory)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        import redis

        client = redis.Redis.from_url(self.url, socket_connect_timeout=0.5)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return
            except redis.exceptions.ConnectionError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    pytest.fail(f"redis-server did not start on port {self.port}")
                time.sleep(0.02)
            finally:
                client.close()

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


@pytest.fixture
def redis_server(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (CI installs it)")
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis_cache(redis_server, settings):
    """The default cache on the test's own Redis, as ``REDIS_URL`` configures it."""
    settings.CACHES = cache_settings(redis_server.url, f"rulebook-test-outage-{uuid.uuid4().hex}")
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex  # no page rendered by another test
    return redis_server


def _statuses(client) -> list[int]:
    statuses = [client.get(url).status_code for url in PAGES]
    login = client.post("/admin/login/", {"username": "x", "password": "y"})
    return [*statuses, login.status_code]


def test_pages_survive_redis_going_down_and_use_it_again_when_it_returns(
    demo_data, demo_index, client, settings, redis_cache
):
    settings.RULEBOOK_API_RATE_LIMIT = "1000/min"
    up = _statuses(client)
    assert up == [200] * (len(PAGES) + 1), up  # every page answers, so none can hide a 5xx
    assert client.get(RULE)["X-Page-Cache"] == "hit"
    assert client.get("/healthz").status_code == 200

    redis_cache.stop()
    for _ in range(2):
        assert _statuses(client) == up
    assert client.get(RULE)["X-Page-Cache"] == "miss"  # nothing kept anywhere meanwhile
    health = client.get("/healthz")
    assert health.status_code == 503
    assert health.json()["cache"]["ok"] is False
    assert "Error" in health.json()["cache"]["error"]

    redis_cache.start()  # same port, empty; the site's cache object is the same one
    assert client.get("/healthz").status_code == 200
    assert client.get(RULE)["X-Page-Cache"] == "miss"
    assert client.get(RULE)["X-Page-Cache"] == "hit"
    assert _statuses(client) == up


def test_the_api_rate_limit_still_applies_while_redis_is_down(
    demo_data, client, settings, redis_cache
):
    settings.RULEBOOK_API_RATE_LIMIT = "3/1000day"
    redis_cache.stop()
    address = f"198.51.100.{secrets.randbelow(250)}"
    codes = [client.get("/api/v1/games", REMOTE_ADDR=address).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_admin_logins_are_still_throttled_while_redis_is_down(client, settings, redis_cache):
    settings.RULEBOOK_ADMIN_LOGIN_ATTEMPTS = 3
    redis_cache.stop()
    address = f"203.0.113.{secrets.randbelow(250)}"
    form = {"username": "x", "password": "y"}
    codes = [client.post("/admin/login/", form, REMOTE_ADDR=address).status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_an_outage_is_logged_once_a_minute_not_once_a_call(
    redis_cache, caplog, monkeypatch, settings
):
    from django.core.cache import cache

    from rulebook.web import rediscache

    now = [1000.0]
    monkeypatch.setattr(rediscache, "clock", lambda: now[0])
    redis_cache.stop()
    caplog.set_level(logging.WARNING, logger="rulebook.web.rediscache")
    for step in range(100):
        now[0] += 0.5  # 50 s in all, long enough for the breaker to let calls through
        assert cache.get(f"key-{step}") is None
        cache.set(f"key-{step}", "value")
    warnings = [r for r in caplog.records if r.name == "rulebook.web.rediscache"]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    assert "ConnectionError" in warnings[0].getMessage()

    now[0] += 11  # a minute after the first warning
    cache.get("again")
    assert len([r for r in caplog.records if r.name == "rulebook.web.rediscache"]) == 2

    redis_cache.start()
    now[0] += 10
    cache.set("back", "value")
    assert cache.get("back") == "value"
    assert "reachable again" in caplog.records[-1].getMessage()


def test_a_hung_redis_costs_one_timeout_then_is_left_alone(redis_cache):
    import redis
    from django.core.cache import cache

    cache.set("warm", "value")  # the connection is open before Redis stops answering
    pauser = redis.Redis.from_url(redis_cache.url)
    pauser.execute_command("CLIENT", "PAUSE", 3000, "ALL")  # ends by itself
    pauser.close()
    started = time.monotonic()
    answers = [cache.get(f"key-{step}") for step in range(20)]
    elapsed = time.monotonic() - started
    assert answers == [None] * 20
    # One read timeout (1 s), then the breaker: not twenty timeouts, nor a wait for the pause.
    assert elapsed < 2.5, elapsed


def test_clear_deletes_this_caches_keys_only(redis_cache, settings):
    """Django's own ``clear`` flushes the whole Redis database, other sites' keys with it."""
    import redis
    from django.core.cache import caches

    settings.CACHES = {
        **settings.CACHES,
        "other": {**settings.CACHES["default"], "KEY_PREFIX": f"other-{uuid.uuid4().hex}"},
    }
    client = redis.Redis.from_url(redis_cache.url)
    client.set("not-a-cache-key", "kept")
    caches["default"].set_many({f"key-{n}": n for n in range(2500)})
    caches["other"].set("key-1", "kept")
    assert caches["default"].clear()
    assert caches["default"].get("key-1") is None
    assert caches["other"].get("key-1") == "kept"
    assert client.get("not-a-cache-key") == b"kept"
    client.close()


def test_something_that_is_not_redis_on_the_port_is_an_outage_too(client, settings, caplog):
    """An address that answers, but not as Redis (a port reused after Redis went away); the
    warning names the address, not the password in the URL."""
    import socket
    import threading

    from django.core.cache import cache

    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def answer():
        while True:
            try:
                connection, _address = listener.accept()
            except OSError:
                return
            with connection:
                connection.recv(4096)
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    threading.Thread(target=answer, daemon=True).start()
    try:
        url = f"redis://user:s3cret@127.0.0.1:{port}/0"
        settings.CACHES = cache_settings(url, f"x-{uuid.uuid4().hex}")
        caplog.set_level(logging.WARNING, logger="rulebook.web.rediscache")
        cache.set("key", "value")
        assert cache.get("key") is None
        health = client.get("/healthz")
        assert health.status_code == 503
        assert "InvalidResponse" in health.json()["cache"]["error"]
        assert f"127.0.0.1:{port}" in caplog.text
        assert "s3cret" not in caplog.text + health.content.decode()
    finally:
        listener.close()
