"""Every endpoint that reads a JSON body answers text that cannot be encoded (an escaped lone
surrogate) with a JSON 400, never a 500. The API's endpoints are found through its registry,
so a new POST endpoint is covered without touching this file."""

import pytest

import rulebook.api.urls  # noqa: F401 (registers every resource)
from rulebook.api.registry import RESOURCES

pytestmark = pytest.mark.django_db

SURROGATE = '"\\ud800"'  # the JSON text "\ud800", a valid escape for an invalid character

BODY_RESOURCES = [res for res in RESOURCES if set(res.methods) - {"GET", "HEAD", "OPTIONS"}]


def test_the_registry_lists_the_linkify_endpoint():
    assert "api_linkify" in {res.name for res in BODY_RESOURCES}


@pytest.mark.parametrize("res", BODY_RESOURCES, ids=lambda res: res.name)
@pytest.mark.parametrize(
    "body",
    [
        '{"text": ' + SURROGATE + ', "game": "lanternfall"}',
        '{"text": "x", "game": ' + SURROGATE + "}",
        '{"text": "x", "game": "lanternfall", "lang": ' + SURROGATE + "}",
        '{"\\udfff": 1, "text": "x", "game": "lanternfall"}',
    ],
)
def test_api_lone_surrogates_are_a_json_400(demo_data, client, res, body):
    url = "/api/v1/" + res.route
    for method in set(res.methods) - {"GET", "HEAD", "OPTIONS"}:
        response = client.generic(method, url, body.encode(), content_type="application/json")
        assert response.status_code == 400, (method, url, response.content[:200])
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["status"] == 400
