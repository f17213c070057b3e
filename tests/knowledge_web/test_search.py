"""Search finds FAQ entries, keywords and cards, and the ``kind`` filter separates them."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def index(demo_index):
    """The session's demo index."""


def results(client, query):
    response = client.get("/api/v1/search", {"game": "lanternfall", **query})
    assert response.status_code == 200
    return response.json()["results"]


def test_kind_filters(index, client):
    faq = results(client, {"q": "Ward stack", "kind": "faq"})
    assert faq and {hit["kind"] for hit in faq} == {"faq"}
    assert faq[0]["url"] == "/en/lanternfall/faq/cards/lantern-warden/#ward-stacking"
    cards = results(client, {"q": "Glimmerwing", "kind": "card"})
    assert [hit["title"] for hit in cards] == ["Glimmerwing"]
    assert cards[0]["url"] == "/en/lanternfall/cards/glimmerwing/"
    keywords = results(client, {"q": "Swift", "kind": "keyword", "lang": "en"})
    assert keywords[0]["url"] == "/en/lanternfall/keywords/swift/"


def test_keyword_page_ranks_first_for_its_name(index, client):
    hits = results(client, {"q": "Swift", "lang": "en"})
    assert (hits[0]["kind"], hits[0]["title"]) == ("keyword", "Swift")
    french = results(client, {"q": "Célérité", "lang": "fr"})
    assert french[0]["url"] == "/fr/lanternfall/keywords/celerite/"
