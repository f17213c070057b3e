"""Shared HTTP behaviour: conditional GETs, CORS, caching, rate limiting, wrapped search."""

import pytest
from django.test import Client

from rulebook.api import ratelimit

pytestmark = pytest.mark.django_db

RULE = "/api/v1/games/lanternfall/core-rules/en/rules/711"
GET_ENDPOINTS = [
    "/api/v1/games",
    "/api/v1/games/lanternfall",
    "/api/v1/games/lanternfall/documents",
    "/api/v1/games/lanternfall/core-rules/en/toc",
    RULE,
    "/api/v1/games/lanternfall/core-rules/en/2026-01/rules/509",
    "/api/v1/oembed?url=/en/lanternfall/rules/711/",
    "/api/v1/openapi.json",
    "/api/v1/search?q=swift",
    "/api/v1/suggest?q=sw",
    "/api/v1/suggest?q=sw&format=opensearch",
]


@pytest.mark.parametrize("url", GET_ENDPOINTS)
def test_etag_gives_304(demo_data, client, url):
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    assert first["Cache-Control"].startswith("public, max-age=")
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200


@pytest.mark.parametrize("url", [u for u in GET_ENDPOINTS if "openapi" not in u])
def test_if_modified_since_gives_304(demo_data, client, url):
    first = client.get(url)
    stamp = first["Last-Modified"]
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=stamp).status_code == 304
    past = "Mon, 01 Jan 2001 00:00:00 GMT"
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=past).status_code == 200


@pytest.mark.parametrize("url", ["/api/v1/search?q=swift", "/api/v1/suggest?q=sw"])
def test_search_is_modified_by_a_change_to_no_document(demo_data, client, url):
    """A FAQ or card download changes search answers but no rules document: a client that
    revalidates by date alone must get the new answer, not a 304."""
    from datetime import timedelta

    from django.utils import timezone

    from rulebook.loading import generation
    from rulebook.models import DataGeneration, Document, KnowledgeSource

    hour_ago = timezone.now() - timedelta(hours=1)
    Document.objects.update(ingested_at=hour_ago)
    DataGeneration.objects.update(changed_at=hour_ago)
    first = client.get(url)["Last-Modified"]
    source = KnowledgeSource.objects.filter(game__slug="lanternfall").first()
    source.content_hash = "changed"
    source.save()
    generation.bump()  # what every ingest that changes data does
    assert client.get(url, HTTP_IF_MODIFIED_SINCE=first).status_code == 200


def test_etag_differs_between_versions_and_hosts(demo_data, client):
    tag = client.get(RULE)["ETag"]
    assert client.get(RULE.replace("/en/", "/fr/"))["ETag"] != tag
    assert client.get(RULE, HTTP_HOST="example.org")["ETag"] != tag


@pytest.mark.parametrize("url", [*GET_ENDPOINTS, "/api/v1/games/nope", "/api/v1/nope"])
def test_cors_on_every_answer(demo_data, client, url):
    response = client.get(url, HTTP_ORIGIN="https://elsewhere.example")
    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]


def test_options_preflight(demo_data, client):
    response = client.options(
        RULE, HTTP_ORIGIN="https://elsewhere.example", HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET"
    )
    assert response.status_code == 204
    assert response["Access-Control-Allow-Origin"] == "*"
    assert response["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "If-None-Match" in response["Access-Control-Allow-Headers"]
    assert response["Allow"] == "GET, HEAD, OPTIONS"
    post = client.options(
        "/api/v1/linkify",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type",
    )
    assert post["Access-Control-Allow-Methods"] == "POST, OPTIONS"
    assert "Content-Type" in post["Access-Control-Allow-Headers"]


def test_rate_limit_answers_429_then_recovers(demo_data, client, settings, monkeypatch):
    settings.RULEBOOK_API_RATE_LIMIT = "3/min"
    now = [1_000_040.0]  # 20 s into a minute window
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    statuses = [client.get("/api/v1/games").status_code for _ in range(3)]
    assert statuses == [200, 200, 200]
    throttled = client.get("/api/v1/games")
    assert throttled.status_code == 429
    assert throttled["Retry-After"] == "40"
    body = throttled.json()
    assert body["status"] == 429 and body["retry_after"] == 40 and body["error"]
    assert throttled["Access-Control-Allow-Origin"] == "*"
    assert throttled["Cache-Control"] == "no-store"
    # Another client is not affected; OPTIONS preflights are not counted.
    assert client.get("/api/v1/games", REMOTE_ADDR="10.0.0.9").status_code == 200
    assert client.options("/api/v1/games").status_code == 204
    now[0] += 41
    recovered = client.get("/api/v1/games")
    assert recovered.status_code == 200 and recovered["X-RateLimit-Remaining"] == "2"


def test_rate_limit_covers_linkify_and_search(demo_data, client, settings):
    settings.RULEBOOK_API_RATE_LIMIT = "1/hour"
    assert client.get("/api/v1/search?q=swift").status_code == 200
    assert client.get("/api/v1/suggest?q=sw").status_code == 429
    response = client.post(
        "/api/v1/linkify",
        {"text": "rule 711", "game": "lanternfall"},
        content_type="application/json",
    )
    assert response.status_code == 429 and int(response["Retry-After"]) >= 1


def test_rate_limit_switched_off(demo_data, client, settings):
    settings.RULEBOOK_API_RATE_LIMIT = None
    assert {client.get("/api/v1/games").status_code for _ in range(30)} == {200}


@pytest.mark.parametrize(
    "value, expected",
    [
        ("120/min", (120, 60)),
        ("10/s", (10, 1)),
        ("5000/day", (5000, 86400)),
        ("100/5min", (100, 300)),
        ("2 / hours", (2, 3600)),
        (None, None),
        ("", None),
    ],
)
def test_parse_rate(value, expected):
    assert ratelimit.parse_rate(value) == expected


def test_parse_rate_refuses_nonsense():
    with pytest.raises(ValueError):
        ratelimit.parse_rate("lots")


def test_client_ip_header_behind_a_proxy(rf, settings):
    settings.RULEBOOK_API_CLIENT_IP_HEADER = "HTTP_X_FORWARDED_FOR"
    request = rf.get("/", HTTP_X_FORWARDED_FOR="203.0.113.7, 10.0.0.1")
    assert ratelimit.client_id(request) == "203.0.113.7"


def test_wrapped_search_keeps_its_answers_and_gains_error_status(demo_data, client):
    jump = client.get("/api/v1/search?q=711&game=lanternfall").json()
    assert jump["redirect"] == "/en/lanternfall/rules/711/"
    results = client.get("/api/v1/search?q=swift&lang=en&game=lanternfall").json()
    assert results["total"] >= 1 and results["results"][0]["game"] == "lanternfall"
    for url in [
        "/api/v1/search?kind=nope",
        "/api/v1/search?game=nope",
        "/api/v1/search?page=x",
        "/api/v1/search?page=",
        "/api/v1/search?page=%2B1",
        "/api/v1/suggest?format=xml",
        "/api/v1/search?version=2026-03-30%0A",
    ]:
        response = client.get(url)
        assert response.status_code == 400, url
        assert response.json()["status"] == 400 and response.json()["error"]


def test_opensearch_suggestions_format(demo_data, client):
    response = client.get("/api/v1/suggest?q=sw&format=opensearch")
    assert response["Content-Type"] == "application/x-suggestions+json"
    query, completions = response.json()
    assert query == "sw" and isinstance(completions, list)
    assert client.get("/api/v1/suggest?q=sw").json()["query"] == "sw"


def test_api_needs_no_cookies_and_no_csrf_token(demo_data):
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(
        "/api/v1/linkify",
        {"text": "see rule 711", "game": "lanternfall"},
        content_type="application/json",
    )
    assert response.status_code == 200
    assert "Set-Cookie" not in response and not response.cookies
    page = strict.post("/en/linkify/", {"text": "rule 711", "game": "lanternfall"})
    assert page.status_code == 403  # the HTML form keeps its CSRF protection


def test_openapi_document_lists_every_endpoint(demo_data, client):
    document = client.get("/api/v1/openapi.json").json()
    assert document["openapi"] == "3.1.0"
    paths = document["paths"]
    for path in [
        "/api/v1/games",
        "/api/v1/games/{game}",
        "/api/v1/games/{game}/documents",
        "/api/v1/games/{game}/{kind}/{lang}/toc",
        "/api/v1/games/{game}/{kind}/{lang}/{version}/toc",
        "/api/v1/games/{game}/{kind}/{lang}/rules/{number}",
        "/api/v1/games/{game}/{kind}/{lang}/{version}/rules/{number}",
        "/api/v1/linkify",
        "/api/v1/oembed",
        "/api/v1/search",
        "/api/v1/suggest",
        "/api/v1/openapi.json",
    ]:
        assert path in paths, path
        for operation in paths[path].values():
            assert "429" in operation["responses"]
            assert "Retry-After" in operation["responses"]["429"]["headers"]
    rule = paths["/api/v1/games/{game}/{kind}/{lang}/rules/{number}"]["get"]["responses"]
    assert {"200", "304", "308", "404", "429"} <= set(rule)
    assert "400" in paths["/api/v1/linkify"]["post"]["responses"]
    search_game = next(
        p for p in paths["/api/v1/search"]["get"]["parameters"] if p["name"] == "game"
    )
    assert "lanternfall" in search_game["schema"]["enum"]


def test_a_known_game_costs_no_query_and_a_new_or_removed_one_is_seen(
    demo_data, django_assert_num_queries
):
    from rulebook.loading import generation
    from rulebook.models import DataGeneration, Game
    from rulebook.requestscope import request_scope

    generation.bump()
    request_scope.begin()  # one request: the generation is read once
    try:
        assert Game.objects.known("lanternfall")
        with django_assert_num_queries(0):
            assert Game.objects.known("lanternfall")
        with django_assert_num_queries(1):
            assert not Game.objects.known("nope")
        Game.objects.create(slug="added", name="Added")  # no ingest, no bump
        assert Game.objects.known("added")
    finally:
        request_scope.end()
    Game.objects.filter(slug="added").delete()
    generation.bump()  # a removal bumps
    DataGeneration.forget()
    assert not Game.objects.known("added")
