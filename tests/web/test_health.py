"""``/healthz`` tries the database, the cache and the search index, and says which failed."""

import pytest

from rulebook.search import entries_from_database, get_backend

pytestmark = pytest.mark.django_db


@pytest.fixture
def own_index(settings, tmp_path):
    settings.SEARCH_BACKEND = {**settings.SEARCH_BACKEND, "PATH": tmp_path / "index"}
    return tmp_path / "index"


def test_healthy_when_every_part_answers(demo_data, client, own_index):
    if get_backend().__class__.__name__ == "WhooshBackend":
        get_backend().rebuild(entries_from_database())
    response = client.get("/healthz")
    body = response.json()
    if not body["index"]["ok"]:  # PostgreSQL search without its table in this database
        get_backend().rebuild(entries_from_database())
        response = client.get("/healthz")
        body = response.json()
    assert response.status_code == 200, body
    assert body["ok"] is True
    assert {"database", "cache", "index"} <= set(body)
    assert body["database"]["generation"] >= 1
    assert body["index"]["format"]["current"] is True, body["index"]
    assert body["index"]["encoder"] == {"on": False}  # the test settings rank without it
    assert "no-cache" in response["Cache-Control"]


def test_a_missing_index_answers_503(client, settings, own_index):
    if settings.SEARCH_BACKEND["BACKEND"].endswith("PostgresBackend"):
        pytest.skip("the PostgreSQL index lives in the database, not under a path")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["ok"] is False
    assert response.json()["index"]["ok"] is False
    assert response.json()["database"]["ok"] is True


def test_an_unreachable_cache_answers_503(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        }
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["cache"]["ok"] is False
    assert "error" in response.json()["cache"]
