"""A second game whose rules are prose (Warcry-style): ingest, pages, anchors, cross-game search."""

import io
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from rulebook.models import Game, Rule

pytestmark = pytest.mark.django_db
SEED = Path(__file__).resolve().parents[2].parent / "shared/seeds/004_6fc11672a70a860d.txt"


def test_demo_prose_game_lists_sections_and_entries(demo_data, client):
    game = Game.objects.get(slug="hollowmere")
    assert game.numbering == "prose" and game.entries_label == "Common Interrupts"
    html = client.get("/en/hollowmere/rules/").content.decode()
    for anchor in ["interrupts", "common-interrupts", "parry", "duck-and-weave", "riposte"]:
        assert f'href="/en/hollowmere/rules/{anchor}/"' in html


def test_entry_has_its_own_anchor_page_and_keyword_page(demo_data, client):
    section = client.get("/en/hollowmere/rules/common-interrupts/").content.decode()
    assert 'id="parry"' in section and 'id="riposte"' in section
    page = client.get("/en/hollowmere/rules/parry/").content.decode()
    assert 'id="parry"' in page and "<h1" in page and "Parry" in page
    keyword = client.get("/en/hollowmere/keywords/parry/")
    assert keyword.status_code == 200 and 'id="parry"' in keyword.content.decode()


def test_prose_blocks_show_no_invented_numbers(demo_data, client):
    html = client.get("/en/hollowmere/rules/interrupts/").content.decode()
    assert ">interrupts-p1<" not in html and ">parry<" not in html
    assert '<a class="num"' in html  # the numbered conditions keep their "1.", "2."


def test_reingest_keeps_anchors(demo_data, tmp_path):
    before = list(
        Rule.objects.filter(document__game__slug="hollowmere").values_list("anchor", flat=True)
    )
    source = Path(__file__).resolve().parents[2] / "demo/hollowmere/core-rules/en"
    edited = tmp_path / "2026-06-01_interrupts.txt"
    edited.write_text((source / edited.name).read_text() + "\nA closing remark.\n")
    call_command("ingest", str(edited), "--game", "hollowmere", "--replace", "-v0")
    after = list(
        Rule.objects.filter(document__game__slug="hollowmere").values_list("anchor", flat=True)
    )
    assert after[: len(before)] == before and len(after) == len(before) + 1


def test_numbered_game_refuses_a_file_without_numbers(demo_data, tmp_path):
    path = tmp_path / "notes_2026-02-02.txt"
    path.write_text("Some notes\n\nJust prose, no numbers.\n")
    with pytest.raises(CommandError, match="no numbered rules"):
        call_command("ingest", str(path), "--game", "lanternfall", "-v0", stdout=io.StringIO())


def test_search_without_game_filter_labels_both_games(demo_index, client):
    data = client.get("/api/v1/search", {"q": "target", "per_page": 50}).json()
    games = {r["game"] for r in data["results"]}
    assert {"hollowmere", "lanternfall"} <= games
    prose = [r for r in data["results"] if r["game"] == "hollowmere"]
    assert all(r["number"] is None for r in prose)
    html = client.get("/en/search/", {"q": "target"}).content.decode()
    assert "Hollowmere" in html and "Lanternfall" in html


@pytest.mark.corpus
def test_warcry_seed_page_ingests_and_serves(demo_data, corpus_data, client, settings):
    settings.RULEBOOK_INDEX_AFTER_INGEST = True
    if not SEED.exists():
        pytest.skip("../shared/seeds is not present")
    call_command("ingest", str(SEED), "--game", "warcry", "--doc-version", "2025-11-01", "-v0")
    html = client.get("/en/warcry/rules/").content.decode()
    for anchor in ["reactions", "universal-reactions", "counter", "take-cover", "strike-them-down"]:
        assert f'href="/en/warcry/rules/{anchor}/"' in html
    for anchor in ["counter", "take-cover", "strike-them-down"]:
        page = client.get(f"/en/warcry/rules/{anchor}/").content.decode()
        assert f'id="{anchor}"' in page
    # The ingest rebuilt the index, into this test's own index directory.
    data = client.get("/api/v1/search", {"q": "reaction", "per_page": 50}).json()
    assert {"riftbound", "warcry"} <= {r["game"] for r in data["results"]}
    # Riftbound's URLs are unchanged by the second game.
    assert client.get("/r/813.1c2")["Location"] == "/en/riftbound/rules/813.1.c.2/"


def test_a_search_that_finds_nothing_says_how_to_widen_it(demo_index, client):
    """Narrowed to cards, a rules word finds nothing: the page offers every kind, the newest
    version, and the game's own pages, in the page's language."""
    params = {"q": "target", "game": "lanternfall", "kind": "card", "version": "2026-01"}
    html = client.get("/en/search/", params).content.decode()
    assert "No rule matches your search." in html
    every_kind = "?q=target&amp;game=lanternfall&amp;version=2026-01"
    assert f'<a href="{every_kind}">Search every kind</a>' in html
    assert '<a href="?q=target&amp;kind=card&amp;game=lanternfall">Search the newest' in html
    assert '<a href="/en/lanternfall/">Browse Lanternfall</a>' in html
    widened = client.get("/en/search/", {"q": "target", "game": "lanternfall"}).content.decode()
    assert "search-tips" not in widened and "search-none" not in widened
    french = client.get("/fr/search/", params).content.decode()
    assert "Chercher dans tous les types" in french and "Parcourir Lanternfall" in french
