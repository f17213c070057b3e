"""Links made for discussions never change meaning (issue 32, item 6): short links pinned to a
version, the notices where a renumbered number lands, and "Copy link".

Lanternfall reuses no number between its versions, so the notices are read on our own
Emberwick documents (``tests/data/tournament``): 120 is "Privacy" in 2031-01-10, which is 125
in 2031-06-01, where 120 is "Ownership"; the Tournament Rules' 201 becomes 202 and a new 201
takes its number.
"""

import re
import uuid

import pytest
from bs4 import BeautifulSoup

from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.pages import number_meanings
from tests.tournament import DATA, GAME, TOURNAMENT, load, load_first_versions

pytestmark = pytest.mark.django_db

CR = f"/en/{GAME}/rules"
TR = f"/en/{GAME}/tournament-rules"


def _empty_page_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "pinned-links": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": uuid.uuid4().hex,  # locmem caches of one location share their entries
        },
    }
    settings.RULEBOOK_PAGE_CACHE = "pinned-links"


@pytest.fixture
def cold(settings):
    """An empty page cache of this test's own: every page below is written for it."""
    _empty_page_cache(settings)


@pytest.fixture
def emberwick(settings, cold):
    settings.RULEBOOK_DEFAULT_GAME = GAME
    load_first_versions()


@pytest.fixture
def lanternfall(demo_data, settings, cold):
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"


def _landing(client, url: str) -> BeautifulSoup:
    response = client.get(url, follow=True)
    assert response.status_code == 200, url
    return BeautifulSoup(response.content, "html.parser")


def _said(soup, selector: str) -> str:
    found = soup.select_one(selector)
    return " ".join(found.get_text().split()) if found else ""


@pytest.mark.parametrize(
    "short, page",
    [
        ("/r/2026-01/509", "/en/lanternfall/rules/2026-01/509/"),
        ("/r/2026-05-01/711", "/en/lanternfall/rules/2026-05-01/711/"),
        ("/r/2026-05-01/132.1b2a", "/en/lanternfall/rules/2026-05-01/132.1.b.2.a/"),
        ("/r/2026-05-01/132-1-b-2-a", "/en/lanternfall/rules/2026-05-01/132.1.b.2.a/"),
        ("/r/2026-05-01/711 1", "/en/lanternfall/rules/2026-05-01/711.1/"),
        ("/r/2026-02-10/tr/103", "/en/lanternfall/tournament-rules/2026-02-10/103/"),
        ("/r/2026-02-10/TR/103", "/en/lanternfall/tournament-rules/2026-02-10/103/"),
        ("/r/tr/2026-02-10/103", "/en/lanternfall/tournament-rules/2026-02-10/103/"),
        ("/r/2026-05-01/cr/711", "/en/lanternfall/rules/2026-05-01/711/"),
    ],
)
def test_a_short_link_names_its_version(lanternfall, client, short, page):
    response = client.get(short)
    assert response.status_code == 302 and response["Location"] == page


def test_short_links_without_a_version_are_as_before(lanternfall, client):
    assert client.get("/r/711")["Location"] == "/en/lanternfall/rules/711/"
    assert client.get("/r/132-1-b-2-a")["Location"] == "/en/lanternfall/rules/132.1.b.2.a/"
    assert client.get("/r/tr/103")["Location"] == "/en/lanternfall/tournament-rules/103/"
    pinned = client.get("/r/509?version=2026-01")["Location"]
    assert pinned == "/en/lanternfall/rules/2026-01/509/"
    french = client.get("/r/2026-05-01/711", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9")
    assert french["Location"] == "/fr/lanternfall/rules/2026-05-01/711/"


def test_only_a_version_and_document_that_exist_answer(lanternfall, client):
    assert client.get("/r/2026-02-10/tr/103").status_code == 302
    for url in ("/r/2019-01/711", "/r/2026-05-01/xx/711", "/r/2026-01-01/tr/103", "/r/2026-13/711"):
        assert client.get(url).status_code == 404, url
    # A number the version lacks: the rules around it in that version.
    response = client.get("/r/2026-05-01/509")
    assert response.status_code == 404
    nearest = BeautifulSoup(response.content, "html.parser").select("main a[href]")
    assert any(a["href"].startswith("/en/lanternfall/rules/") for a in nearest)


def test_a_renumbered_number_says_what_it_was(emberwick, client):
    soup = _landing(client, "/r/120")
    assert soup.select_one("h1").get_text(" ", strip=True) == "120 Ownership"
    said = _said(soup, ".notice.earlier-meanings")
    assert said == "In 2031-01-10, 120 was Privacy (now 125)."
    links = {a.get_text(): a["href"] for a in soup.select(".earlier-meanings a")}
    assert links == {"Privacy": f"{CR}/2031-01-10/120/", "now 125": f"{CR}/125/"}
    # Numbers that kept their rule say nothing.
    for url in ("/r/101", "/r/125", "/r/110", f"{CR}/2031-01-10/101/"):
        soup = _landing(client, url)
        assert not soup.select(".earlier-meanings, .notice.successor"), url


def test_the_tournament_rules_say_it_too(emberwick, client):
    load("tournament-rules-2031-09-15.md")
    said = _said(_landing(client, "/r/tr/201"), ".notice.earlier-meanings")
    assert said.startswith("In 2031-07-01, 201 was Outside Assistance") and "(now 202)" in said


def test_a_pinned_link_lands_on_its_version_and_says_where_the_rule_went(emberwick, client):
    response = client.get("/r/2031-01-10/120")
    assert response["Location"] == f"{CR}/2031-01-10/120/"
    soup = _landing(client, "/r/2031-01-10/120")
    assert soup.select_one("h1").get_text(" ", strip=True) == "120 Privacy"
    said = _said(soup, ".notice.successor")
    assert said.endswith("In the newest version (2031-06-01) this rule is 125.")
    assert soup.select_one(".notice.successor a")["href"] == f"{CR}/125/"
    deeper = _said(_landing(client, "/r/2031-01-10/130-2"), ".notice.successor")
    assert deeper.endswith("this rule is 135.2.")
    assert not _landing(client, "/r/2031-01-10/120").select(".earlier-meanings")


def test_a_pinned_link_to_a_reworded_rule_says_so(emberwick, client):
    load("tournament-rules-2031-09-15.md")  # 103 reworded, same number
    soup = _landing(client, "/r/2031-07-01/tr/103")
    said = _said(soup, ".notice.successor")
    assert said == (
        "This is the text of version 2031-07-01. The newest version (2031-09-15) words this "
        "rule differently: 103 (what changed)."
    )
    hrefs = [a["href"] for a in soup.select(".notice.successor a")]
    assert hrefs == [f"{TR}/103/", f"{TR}/2031-07-01/103/history/"]


def test_the_notices_in_french(emberwick, client):
    # Our English text stored as French too: the French family then has both versions.
    paths = [DATA / name for name in TOURNAMENT]
    run_ingest(paths, IngestOptions(game=GAME, kind="tournament-rules", language="fr"))
    html = client.get(f"/fr/{GAME}/tournament-rules/2031-07-01/103/").content.decode()
    assert "formule cette règle autrement" in html and "ce qui a changé" in html
    said = _said(_landing(client, f"/fr/{GAME}/tournament-rules/201/"), ".earlier-meanings")
    assert said.startswith("En 2031-07-01, la règle 201 était Outside") and "désormais 202" in said


def test_copy_link_gives_the_short_link_of_the_version_shown(emberwick, client):
    def copied(url):
        return [a["data-copy"] for a in _landing(client, url).select(".permalink[data-copy]")]

    assert copied(f"{CR}/120/")[:2] == [
        "http://testserver/r/2031-06-01/120",
        "http://testserver/r/2031-06-01/120.1",
    ]
    assert copied(f"{CR}/2031-01-10/120/")[0] == "http://testserver/r/2031-01-10/120"
    assert copied(f"{TR}/201/")[0] == "http://testserver/r/2031-07-01/tr/201"


def test_copy_link_in_a_game_short_links_do_not_reach_is_its_pinned_page(
    emberwick, demo_data, client, settings
):
    assert (
        _landing(client, "/en/lanternfall/rules/711/").select_one(".permalink[data-copy]")[
            "data-copy"
        ]
        == "http://testserver/en/lanternfall/rules/2026-05-01/711/"
    )
    settings.RULEBOOK_DEFAULT_GAME = "lanternfall"
    _empty_page_cache(settings)  # not the page written above
    soup = _landing(client, "/en/lanternfall/rules/711/")
    assert soup.select_one(".permalink[data-copy]")["data-copy"] == (
        "http://testserver/r/2026-05-01/711"
    )


def test_what_a_number_meant_is_worked_out_once_per_data_generation(emberwick, client, monkeypatch):
    calls = []
    worked_out = number_meanings.reused_numbers

    def counted(document):
        calls.append(document.version)
        return worked_out(document)

    monkeypatch.setattr(number_meanings, "reused_numbers", counted)
    for number in ("120", "125", "101", "120.1", "130"):
        client.get(f"{CR}/{number}/")
    assert calls == ["2031-06-01"]
    load("tournament-rules-2031-09-15.md")  # a new generation
    client.get(f"{CR}/120/?part=1")
    assert calls == ["2031-06-01", "2031-06-01"]


def test_every_reuse_of_a_number_is_listed_oldest_first(emberwick, client):
    from rulebook.models import Document

    newest = Document.objects.get(game__slug=GAME, kind="core-rules", version="2031-06-01")
    reused = number_meanings.reused_numbers(newest)
    assert reused["newest"] == "2031-06-01"
    assert reused["numbers"]["120"] == [(("2031-01-10",), "Privacy", "125")]
    assert reused["numbers"]["120.1"][0][2] == "125.1"
    assert not {"101", "110", "111", "125"} & set(reused["numbers"])


@pytest.mark.corpus
def test_729_says_it_was_reaction(corpus_data, client, settings, cold):
    settings.RULEBOOK_DEFAULT_GAME = "riftbound"
    soup = _landing(client, "/r/729")
    said = _said(soup, ".notice.earlier-meanings")
    assert re.search(r"In 2025-10[^.]*, 729 was Reaction \(now 813\)", said), said
    assert soup.select_one('.earlier-meanings a[href="/en/riftbound/rules/813/"]')
    pinned = _landing(client, "/r/2025-10/729")
    assert "this rule is 813" in _said(pinned, ".notice.successor")
