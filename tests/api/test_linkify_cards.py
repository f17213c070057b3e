"""Card names in the autolinker: longest first, whole words, capitals for single words,
keywords before cards, champions to a filtered card list; and that list's ``name`` filter."""

import pytest
from bs4 import BeautifulSoup

from rulebook.models import Card, Game, KnowledgeSource

pytestmark = pytest.mark.django_db

HOST = "http://testserver"


def link(client, text, game="lanternfall", **fields):
    body = {"text": text, "game": game, **fields}
    response = client.post("/api/v1/linkify", body, content_type="application/json")
    assert response.status_code == 200, response.content[:400]
    return response.json()


def linked(data) -> list[tuple[str, str]]:
    """(link text, href) of every link in the HTML output."""
    soup = BeautifulSoup(data["html"], "html.parser")
    return [(a.get_text(), a["href"]) for a in soup.find_all("a")]


def add_cards(*names, game="lanternfall"):
    """Cards written for one test; the card file's state changes so cached names refresh."""
    game_obj = Game.objects.get(slug=game)
    for name in names:
        slug = name.lower().replace(",", "").replace(" ", "-")
        Card.objects.create(game=game_obj, name=name, slug=slug, ability_text="Draw a card.")
    KnowledgeSource.objects.get(game=game_obj, kind="cards").save()  # bumps ingested_at


def test_multi_word_names_in_any_case_single_words_only_as_written(demo_data, client):
    data = link(client, "does quickstep courier beat Phasewalker? phasewalker or PHASEWALKER")
    assert linked(data) == [
        ("quickstep courier", f"{HOST}/en/lanternfall/cards/quickstep-courier/"),
        ("Phasewalker", f"{HOST}/en/lanternfall/cards/phasewalker/"),
    ]
    assert [r["kind"] for r in data["references"]] == ["card", "card"]
    assert data["references"][0] == {
        "kind": "card",
        "number": "quickstep-courier",
        "title": "Quickstep Courier",
        "url": f"{HOST}/en/lanternfall/cards/quickstep-courier/",
        "short_url": f"{HOST}/en/lanternfall/cards/quickstep-courier/",  # cards have no versions
    }


def test_whole_words_and_never_inside_links_mentions_or_code(demo_data, client):
    text = (
        "Phasewalkers, xPhasewalker, `Phasewalker`, https://example.org/Phasewalker "
        "<@Phasewalker> and [Night Sentry](https://example.org/x), "
        '<a href="/x">Night Sentry</a>, [url=https://example.org]Night Sentry[/url] '
        "and Night Sentry."
    )
    data = link(client, text)
    assert [t for t, _href in linked(data)] == ["Night Sentry"]
    assert "`Phasewalker`" in data["markdown"]


def test_longest_name_wins_and_a_keyword_beats_a_card(demo_data, client):
    add_cards("Gust", "Swift")
    data = link(client, "Sudden Gust or Gust? Swift or [swift]")
    assert [(t, href.rstrip("/").rsplit("/", 1)[-1]) for t, href in linked(data)] == [
        ("Sudden Gust", "sudden-gust"),
        ("Gust", "gust"),
        ("Swift", "711"),
        ("swift", "711"),
    ]
    assert [r["kind"] for r in data["references"]] == ["card", "card", "keyword"]


def test_card_names_do_not_take_rule_links(demo_data, client):
    add_cards("Rule")
    data = link(client, "Rule 711 says Swift")
    assert linked(data)[0][0] == "Rule 711"


def test_a_champion_name_shared_by_cards_links_the_filtered_card_list(demo_data, client):
    add_cards("Maren, Tidecaller", "Maren, Lamp Keeper", "Oskar, Ferryman")
    data = link(client, "Maren or Maren, Tidecaller? and Oskar")
    assert linked(data) == [
        ("Maren", f"{HOST}/en/lanternfall/cards/?name=Maren"),
        ("Maren, Tidecaller", f"{HOST}/en/lanternfall/cards/maren-tidecaller/"),
        ("Oskar", f"{HOST}/en/lanternfall/cards/oskar-ferryman/"),
    ]
    page = client.get("/en/lanternfall/cards/?name=Maren")
    soup = BeautifulSoup(page.content, "html.parser")
    names = [a.get_text(strip=True) for a in soup.select(".card-list li a[href*='/cards/']")]
    assert sorted(set(names)) == ["Maren, Lamp Keeper", "Maren, Tidecaller"]


def test_french_text_links_the_french_card_pages(demo_data, client):
    data = link(client, "Sudden Gust et Célérité", lang="fr")
    assert linked(data)[0] == ("Sudden Gust", f"{HOST}/fr/lanternfall/cards/sudden-gust/")
    assert [r["kind"] for r in data["references"]] == ["card", "keyword"]


@pytest.mark.parametrize(
    "query, expected",
    [
        ("quickstep courier", ["Quickstep Courier"]),
        ("QUICKSTEP COURIER", ["Quickstep Courier"]),
        ("lantern", ["Lantern Warden"]),  # no card is called that: word starts
        ("amp", []),  # inside a word: nothing
        ("", None),  # no filter
    ],
)
def test_card_index_and_api_filter_by_name(demo_data, client, query, expected):
    page = client.get("/en/lanternfall/cards/", {"name": query})
    api = client.get("/api/v1/games/lanternfall/cards", {"name": query}).json()
    names = [c["name"] for c in api["cards"]]
    assert api["filters"]["name"] == query
    if expected is None:
        assert len(names) == Card.objects.filter(game__slug="lanternfall").count()
    else:
        assert names == expected
        soup = BeautifulSoup(page.content, "html.parser")
        assert soup.select_one("input[name=name]")["value"] == query
        assert len(soup.select(".card-list > li")) == len(expected)


def test_api_refuses_an_overlong_name(demo_data, client):
    response = client.get("/api/v1/games/lanternfall/cards", {"name": "x" * 61})
    assert response.status_code == 400 and "name" in response.json()["error"]


@pytest.mark.corpus
def test_corpus_defy_and_yasuo(corpus_knowledge, client):
    data = link(client, "Defy and Yasuo, Windrider, see 813", game="riftbound")
    kinds = [r["kind"] for r in data["references"]]
    assert kinds.count("card") == 2 and kinds.count("rule") == 1
    assert [r["number"] for r in data["references"]] == ["defy", "yasuo-windrider", "813"]
    bare = link(client, "is Yasuo good? what about block", game="riftbound")
    assert bare["references"] == [
        {
            "kind": "card",
            "number": "Yasuo",
            "title": "Yasuo",
            "url": f"{HOST}/en/riftbound/cards/?name=Yasuo",
            "short_url": f"{HOST}/en/riftbound/cards/?name=Yasuo",
        }
    ]
    listed = client.get("/api/v1/games/riftbound/cards", {"name": "Yasuo"}).json()
    assert sorted(c["name"] for c in listed["cards"]) == ["Yasuo, Remorseful", "Yasuo, Windrider"]
    keyword_first = link(client, "see 813.1.c and Deflect, Defy", game="riftbound")
    assert [r["kind"] for r in keyword_first["references"]] == ["rule", "keyword", "card"]
