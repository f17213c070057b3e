"""Search covers both documents of a game, with a document filter (HTML and API), and labels a
Tournament Rules hit as such (issue 34); on our own Emberwick documents, on each engine."""

import pytest

from rulebook.search import SearchQuery, run_search
from tests.tournament import GAME, load_first_versions

from .conftest import BACKENDS, module_game, module_index

pytestmark = pytest.mark.django_db

TR, CR = f"/en/{GAME}/tournament-rules/", f"/en/{GAME}/rules/"


@pytest.fixture(scope="module")
def emberwick(django_db_setup, django_db_blocker):
    yield from module_game(GAME, django_db_blocker, load_first_versions)


@pytest.fixture(scope="module", params=sorted(BACKENDS))
def built(request, emberwick, django_db_blocker, tmp_path_factory):
    yield from module_index(request.param, GAME, tmp_path_factory, django_db_blocker)


@pytest.fixture
def engine(built, settings):
    settings.SEARCH_BACKEND = built
    settings.RULEBOOK_DEFAULT_GAME = GAME


def _urls(document=None, text="privacy"):
    asked = SearchQuery(text=text, game=GAME, language="en", document=document)
    return [hit.url for hit in run_search(asked).hits]


def test_the_filter_keeps_one_document(engine):
    everything = _urls()
    assert any(u.startswith(TR) for u in everything) and any(u.startswith(CR) for u in everything)
    tournament = _urls("tournament-rules")
    assert tournament and all(u.startswith(TR) for u in tournament)
    core = _urls("core-rules")
    assert core and all(u.startswith(CR) for u in core)


def test_the_filter_holds_without_a_game(engine):
    asked = SearchQuery(text="privacy", language="en", document="tournament-rules")
    assert {hit.url.split("/")[3] for hit in run_search(asked).hits} == {"tournament-rules"}


def test_a_number_jumps_into_the_filtered_document(engine):
    assert run_search(SearchQuery(text="101", game=GAME, language="en")).redirect == f"{CR}101/"
    asked = SearchQuery(text="101", game=GAME, language="en", document="tournament-rules")
    assert run_search(asked).redirect == f"{TR}101/"


def test_the_page_labels_a_tournament_rules_hit_and_filters(engine, client):
    html = client.get("/en/search/", {"q": "outside assistance", "game": GAME}).content.decode()
    first = html.split('<li class="search-hit">')[1]
    assert f'href="{TR}201/"' in first
    assert '<span class="badge badge-document">Tournament Rules</span>' in first
    assert '<option value="tournament-rules">Tournament Rules</option>' in html
    core = client.get(
        "/en/search/", {"q": "privacy", "game": GAME, "document": "core-rules"}
    ).content.decode()
    assert f'href="{CR}125/"' in core and TR not in core and "badge-document" not in core
    assert '<option value="core-rules" selected>' in core
    bad = client.get("/en/search/", {"q": "privacy", "document": "quick-start"}).content.decode()
    assert "Unknown document “quick-start”." in bad


def test_the_api_filters_and_names_each_hit_document(engine, client):
    answer = client.get(
        "/api/v1/search", {"q": "privacy", "game": GAME, "document": "tournament-rules"}
    ).json()
    assert answer["results"] and {r["document"] for r in answer["results"]} == {"tournament-rules"}
    mixed = client.get("/api/v1/search", {"q": "privacy", "game": GAME}).json()["results"]
    assert {r["document"] for r in mixed} == {"tournament-rules", "core-rules"}
    bad = client.get("/api/v1/search", {"q": "privacy", "document": "<x>"})
    assert bad.status_code == 400 and "Unknown document" in bad.json()["error"]
