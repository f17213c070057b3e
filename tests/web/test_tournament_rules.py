"""The Tournament Rules beside the Core Rules (issue 34), on our own Emberwick documents:
kind detection at ingest, citations read by number and title, links both ways, navigation,
short links and the autolinker. The real file's targets are in ``test_tournament_corpus``."""

import re

import pytest

from rulebook.loading.crossrefs import REPORT_KEY
from rulebook.models import Document, Link, Reference, Rule
from rulebook.pages.linkify import find_document, linkify
from tests.tournament import CORE, GAME, TOURNAMENT, load, load_first_versions

pytestmark = pytest.mark.django_db

TR = f"/en/{GAME}/tournament-rules"
CR = f"/en/{GAME}/rules"


@pytest.fixture
def emberwick():
    return load_first_versions()


def _cited(number: str) -> Link:
    rule = Rule.objects.get(
        document__game__slug=GAME, document__version="2031-07-01", number=number
    )
    return Link.objects.get(source_kind=Link.RULE, target_kind=Link.RULE, source_id=rule.pk)


def _target(link: Link) -> Rule:
    return Rule.objects.select_related("document").get(pk=link.target_id)


def test_the_kind_comes_from_the_title_line(emberwick):
    kinds = dict(Document.objects.filter(game__slug=GAME).values_list("version", "kind"))
    assert kinds == {
        "2031-01-10": "core-rules",
        "2031-06-01": "core-rules",
        "2031-07-01": "tournament-rules",
    }


def test_a_citation_is_read_where_its_number_bears_its_title(emberwick):
    privacy = _cited("103")
    assert privacy.written == "CR 120. Privacy"
    assert privacy.note == "title:2031-01-10:120"
    target = _target(privacy)
    assert (target.number, target.text, target.document.version) == ("125", "Privacy", "2031-06-01")
    setup = _target(_cited("102"))
    assert (setup.number, setup.text, setup.document.version) == (
        "110",
        "Setup Process",
        "2031-06-01",
    )


def test_untitled_citations_are_read_in_the_version_the_titled_ones_agree_on(emberwick):
    triggered = _cited("104")
    assert triggered.written == "CR 130.2" and triggered.note == "number:2031-01-10:130.2"
    assert _target(triggered).number == "135.2"
    deck = _cited("105")
    assert deck.written == "rule 101 of the Core Rules" and _target(deck).number == "101"


def test_a_title_no_version_gives_the_number_is_reported(emberwick):
    assert _cited("106").note == "mismatch:2031-01-10:112"
    tournament = next(r for item, r in emberwick if item.meta.kind == "tournament-rules")
    cited = tournament.report[REPORT_KEY]["core-rules"]
    assert cited["counts"] == {"mismatch": 1, "number": 2, "title": 2}
    [disagrees] = cited["title disagrees"]
    assert disagrees.startswith("106: CR 112. Setup Process: 112 is titled “Setup Process” in no")
    stored = Document.objects.get(game__slug=GAME, kind="tournament-rules")
    assert stored.report[REPORT_KEY] == tournament.report[REPORT_KEY]


def test_the_ingest_command_prints_the_citations(tmp_path):
    import io

    from django.core.management import call_command

    from tests.tournament import DATA

    out = io.StringIO()
    files = [str(DATA / name) for name in [*CORE, TOURNAMENT[0]]]
    call_command("ingest", *files, "--game", GAME, stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    assert "-> emberwick tournament-rules en 2031-07-01: created" in text
    assert "Citations of core-rules: 5 against 2031-06-01 (v2.0), read in 2031-01-10 (v1.0)" in text
    assert "title disagrees: 106: CR 112. Setup Process" in text
    assert "renumbered: 103: CR 120. Privacy -> 125" in text


def test_citations_of_the_core_rules_are_not_read_as_the_documents_own(emberwick):
    document = Document.objects.get(game__slug=GAME, kind="tournament-rules")
    written = set(
        Reference.objects.filter(source__document=document).values_list("written", flat=True)
    )
    assert not any("CR" in w or "101" in w for w in written)
    assert document.report["unresolved_references"] == []


def test_a_new_core_rules_version_moves_the_citations(tmp_path):
    load(CORE[0], TOURNAMENT[0])
    assert _target(_cited("103")).number == "120"  # Privacy's number then
    load(CORE[1])
    target = _target(_cited("103"))
    assert (target.number, target.text, target.document.version) == ("125", "Privacy", "2031-06-01")


def test_the_rule_page_links_the_citation_with_a_preview(emberwick, client):
    html = client.get(f"{TR}/103/").content.decode()
    link = re.search(
        r'<a class="xref" href="([^"]+)" data-target="125" data-preview="([^"]+)">'
        r"CR 120\. Privacy</a><span class=\"xref-preview\" role=\"tooltip\">([^<]+)<",
        html,
    )
    assert link, html
    assert link[1] == f"{CR}/125/" and link[2] == f"{CR}/125/preview/"
    assert link[3] == "125 Privacy"
    preview = client.get(link[2])
    assert preview.status_code == 200 and "Privacy" in preview.content.decode()


def test_the_core_rules_page_lists_the_tournament_rules_citing_it(emberwick, client):
    html = client.get(f"{CR}/125/").content.decode()
    section = re.search(r'<section class="rule-citing".*?</section>', html, re.S)
    assert section, html
    assert "Tournament Rules citing this rule" in section[0]
    assert f'<a href="{TR}/103/">TR 103</a>' in section[0]
    assert f'href="{TR}/102/"' not in section[0]
    other = client.get(f"{CR}/120/").content.decode()  # Ownership: nothing cites it
    assert "rule-citing" not in other


def test_each_document_says_which_it_is_and_leads_to_the_other(emberwick, client):
    for url, current, other in [
        (f"{TR}/", "Tournament Rules", f'<a href="{CR}/">Core Rules</a>'),
        (f"{TR}/103/", "Tournament Rules", f'<a href="{CR}/">Core Rules</a>'),
        (f"{CR}/", "Core Rules", f'<a href="{TR}/">Tournament Rules</a>'),
        (f"{CR}/125/", "Core Rules", f'<a href="{TR}/">Tournament Rules</a>'),
    ]:
        html = client.get(url).content.decode()
        nav = re.search(r'<nav class="document-switch".*?</nav>', html, re.S)
        assert nav, url
        assert f'<strong aria-current="page">{current}</strong>' in nav[0], url
        assert other in nav[0], url
    game = client.get(f"/en/{GAME}/").content.decode()
    assert f'href="{CR}/"' in game and f'href="{TR}/"' in game


def test_short_links_name_the_document(emberwick, client, settings):
    settings.RULEBOOK_DEFAULT_GAME = GAME
    assert client.get("/r/tr/201.1")["Location"] == f"{TR}/201.1/"
    assert client.get("/r/TR/201.1?version=2031-07-01")["Location"] == f"{TR}/2031-07-01/201.1/"
    assert client.get("/r/cr/125")["Location"] == f"{CR}/125/"
    assert client.get("/r/125")["Location"] == f"{CR}/125/"
    assert client.get("/r/xx/125").status_code == 404
    assert client.get("/r/tr/999").status_code == 404
    for hostile in ("/r/%00", "/r/tr/%00", "/r/%00/125", "/r/t%C3%A9/1", "/r/tr/" + "9" * 500):
        assert client.get(hostile).status_code == 404, hostile


def test_linkify_sends_each_document_name_to_its_document(emberwick):
    text = (
        "TR 201 and tournament rules 201.1 differ from CR 125 and rule 101 of the Core Rules; "
        "TR 999 is nothing."
    )
    linked = linkify(text, find_document(GAME, "en"))
    found = {text[link.start : link.end]: link.target.path for link in linked.links}
    assert found == {
        "TR 201": f"{TR}/201/",
        "tournament rules 201.1": f"{TR}/201.1/",
        "CR 125": f"{CR}/125/",
        "rule 101": f"{CR}/101/",
    }
    assert linked.unresolved == ["999"]
    from_tournament = linkify(
        "See CR 125 and rule 201.", find_document(GAME, "en", "tournament-rules")
    )
    paths = [link.target.path for link in from_tournament.links]
    assert paths == [f"{CR}/125/", f"{TR}/201/"]
