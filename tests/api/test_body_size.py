"""A body too big to read is the client's error in the API's JSON shape (413), never Django's
HTML 400: on every endpoint that takes a body (found through the registry, so a new one is
covered) and on Discord's interactions endpoint."""

import json

import pytest

import rulebook.api.urls  # noqa: F401 (registers every resource)
from rulebook.api.registry import RESOURCES

pytestmark = pytest.mark.django_db

FIVE_MB = json.dumps({"text": "x" * (5 * 1024 * 1024), "game": "lanternfall"}).encode()
BODY_RESOURCES = [res for res in RESOURCES if set(res.methods) - {"GET", "HEAD", "OPTIONS"}]


def assert_json_413(response):
    assert response.status_code == 413, response.content[:200]
    assert response["Content-Type"].startswith("application/json")
    payload = response.json()
    assert payload["status"] == 413 and "body" in payload["error"].lower()


def test_the_registry_lists_a_body_endpoint():
    assert "api_linkify" in {res.name for res in BODY_RESOURCES}


@pytest.mark.parametrize("res", BODY_RESOURCES, ids=lambda res: res.name)
def test_a_5_mb_body_is_a_json_413(client, res):
    url = "/api/v1/" + res.route
    for method in set(res.methods) - {"GET", "HEAD", "OPTIONS"}:
        response = client.generic(method, url, FIVE_MB, content_type="application/json")
        assert_json_413(response)
        assert response["Access-Control-Allow-Origin"] == "*"  # a browser can read why


def test_a_body_just_under_the_limit_is_read(client, settings, demo_data):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = len(FIVE_MB) + 1
    response = client.post("/api/v1/linkify", FIVE_MB, content_type="application/json")
    assert response.status_code == 400 and "longer than" in response.json()["error"]


def test_discord_interactions_answer_a_5_mb_body_with_a_json_413(client, settings):
    settings.RULEBOOK_DISCORD_PUBLIC_KEY = "0" * 64
    response = client.post("/discord/interactions", FIVE_MB, content_type="application/json")
    assert_json_413(response)
