"""History works for the Tournament Rules as for the Core Rules when a new version is ingested
(issue 34): our own second Emberwick Tournament Rules (``tests/data/tournament``) rewords 103,
inserts a new 201 and moves the old 201 to 202, and cites the Core Rules' new numbers."""

import re

import pytest

from rulebook.models import Document, Link, Precomputed, Rule
from tests.tournament import GAME, TOURNAMENT, load, load_first_versions

pytestmark = pytest.mark.django_db

TR = f"/en/{GAME}/tournament-rules"


@pytest.fixture
def two_versions():
    load_first_versions()
    return load(TOURNAMENT[1])


def test_the_second_version_is_a_new_tournament_rules_version(two_versions):
    [(item, result)] = two_versions
    assert (item.meta.kind, item.meta.version, result.status) == (
        "tournament-rules",
        "2031-09-15",
        "created",
    )
    versions = Document.objects.filter(game__slug=GAME, kind="tournament-rules")
    assert sorted(versions.values_list("version", flat=True)) == ["2031-07-01", "2031-09-15"]
    assert Precomputed.objects.filter(key__contains=f"{GAME}:tournament-rules:en").exists()


def test_a_rule_history_follows_its_renumbering(two_versions, client):
    html = client.get(f"{TR}/202/history/").content.decode()
    steps = re.findall(r'href="/en/emberwick/tournament-rules/(\d{4}-\d{2}-\d{2})/([\d.]+)/"', html)
    assert ("2031-07-01", "201") in steps and ("2031-09-15", "202") in steps
    reworded = client.get(f"{TR}/103/history/").content.decode()
    assert "<ins" in reworded and "notes" in reworded


def test_an_old_version_says_where_its_rule_is_now(two_versions, client):
    html = client.get(f"{TR}/2031-07-01/201/").content.decode()
    assert 'class="notice successor"' in html
    assert f'<a href="{TR}/202/">202</a>' in html


def test_the_changes_page_compares_the_two_versions(two_versions, client):
    index = client.get(f"{TR}/changes/")
    assert index.status_code == 200
    html = client.get(f"{TR}/changes/2031-07-01..2031-09-15/").content.decode()
    assert "Slow Play" in html  # the new 201
    game = client.get(f"/en/{GAME}/").content.decode()
    assert f'href="{TR}/changes/"' in game


def test_the_new_version_cites_the_core_rules_numbers_of_its_time(two_versions, client):
    newest = Rule.objects.get(
        document__version="2031-09-15", document__game__slug=GAME, number="103"
    )
    link = Link.objects.get(source_kind=Link.RULE, target_kind=Link.RULE, source_id=newest.pk)
    assert link.note == "title:2031-06-01:125"
    untitled = Rule.objects.get(
        document__version="2031-09-15", document__game__slug=GAME, number="106"
    )
    link = Link.objects.get(source_kind=Link.RULE, target_kind=Link.RULE, source_id=untitled.pk)
    assert link.note == "number:2031-06-01:112"  # the version its titled citations agree on
    backlinks = client.get(f"/en/{GAME}/rules/125/").content.decode()
    section = re.search(r'<section class="rule-citing".*?</section>', backlinks, re.S)[0]
    assert section.count("<li>") == 1  # the newest Tournament Rules only
    assert "hidden cards and notes" in section
