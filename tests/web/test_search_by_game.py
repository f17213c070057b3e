"""The home page's search, which names no game, groups its results by game with the game the
reader last browsed first (issue 32 item 7)."""

import re

import pytest
from django.test import Client

from rulebook.web.lastgame import COOKIE

pytestmark = pytest.mark.django_db


def _groups(html: str) -> list[str]:
    return re.findall(r'class="search-game-name">([^<]*)<', html)


def _games(html: str) -> list[str]:
    return re.findall(r'badge-game">([^<]*)<', html)


def test_the_game_last_browsed_comes_first(demo_data, demo_index, client):
    client.get("/en/lanternfall/rules/405/")
    assert client.cookies[COOKIE].value == "lanternfall"
    html = client.get("/en/search/?q=attack").content.decode()
    assert _groups(html) == ["Lanternfall", "Hollowmere"]
    games = _games(html)
    assert games == sorted(games, key=lambda g: g != "Lanternfall"), "each game's hits together"
    client.get("/en/hollowmere/")
    html = client.get("/en/search/?q=attack").content.decode()
    assert _groups(html) == ["Hollowmere", "Lanternfall"]


def test_without_the_cookie_the_page_searched_from_decides(demo_data, demo_index):
    html = (
        Client()
        .get("/en/search/?q=target", HTTP_REFERER="http://testserver/en/hollowmere/")
        .content.decode()
    )
    assert _groups(html) == ["Hollowmere", "Lanternfall"], "by best hit it would be Lanternfall"
    html = Client().get("/en/search/?q=target").content.decode()
    assert _groups(html) == ["Lanternfall", "Hollowmere"]


def test_a_search_of_one_game_has_no_groups_and_the_api_sets_no_cookie(demo_data, demo_index):
    client = Client()
    html = client.get("/en/search/?q=attack&game=hollowmere").content.decode()
    assert _groups(html) == [] and set(_games(html)) == {"Hollowmere"}
    response = client.get("/api/v1/search?q=attack&game=lanternfall")
    assert COOKIE not in response.cookies
    assert COOKIE not in client.get("/en/").cookies, "the home page names no game"
