"""Version history pages: comparison, timeline, successor notices, feed and JSON."""

import json
import re

import pytest

pytestmark = pytest.mark.django_db


def test_changes_index_lists_versions_with_summaries(demo_data, client):
    html = client.get("/en/lanternfall/rules/changes/").content.decode()
    assert 'href="/en/lanternfall/rules/changes/2026-01..2026-05-01/"' in html
    assert "renumbered" in html and "Atom" in html


def test_comparison_classifies_demo_fixtures(demo_data, client):
    response = client.get("/en/lanternfall/rules/changes/2026-01..2026-05-01/")
    html = response.content.decode()
    assert response.status_code == 200
    assert re.search(r'id="change-711".*?509</a>\s*→\s*<a[^>]*>711', html, re.S)
    assert 'id="change-155"' in html  # removed
    assert "meaning flip" in html  # 207 may -> must
    assert "<del>" in html and "<ins>" in html


def test_noise_toggles_hide_renumbering(demo_data, client):
    html = client.get(
        "/en/lanternfall/rules/changes/2026-01..2026-05-01/?renumbered=hide&xrefs=hide"
    ).content.decode()
    assert 'id="change-711"' not in html
    assert 'id="change-207"' in html


def test_comparison_json(demo_data, client):
    response = client.get("/api/v1/games/lanternfall/core-rules/en/changes/2026-01..2026-05-01")
    data = json.loads(response.content)
    assert data["mapping"]["509"] == "711"
    assert data["summary"]["removed"] >= 1
    missing = client.get("/api/v1/games/lanternfall/core-rules/en/changes/2026-01..1999-01")
    assert missing.status_code == 404


def test_bad_span_is_404(demo_data, client):
    assert client.get("/en/lanternfall/rules/changes/2026-01/").status_code == 404
    assert client.get("/en/lanternfall/rules/changes/2026-01..2026-01/").status_code == 404


def test_rule_history_follows_renumbering(demo_data, client):
    html = client.get("/en/lanternfall/rules/711/history/").content.decode()
    assert 'href="/en/lanternfall/rules/2026-01/509/"' in html
    assert 'href="/en/lanternfall/rules/2026-05-01/711/"' in html


def test_pinned_old_rule_points_to_its_successor(demo_data, client):
    html = client.get("/en/lanternfall/rules/2026-01/509/").content.decode()
    assert 'class="notice successor"' in html
    assert 'href="/en/lanternfall/rules/711/"' in html
    removed = client.get("/en/lanternfall/rules/2026-01/155/").content.decode()
    assert "no longer exists" in removed


def test_feed_is_atom(demo_data, client):
    response = client.get("/en/lanternfall/rules/changes/feed/")
    assert response["Content-Type"].startswith("application/atom+xml")
    assert b"<entry>" in response.content


@pytest.mark.corpus
def test_reaction_history_across_four_versions(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/history/").content.decode()
    order = [m for m in re.findall(r'rules/(\d{4}-\d{2}(?:-\d{2})?)/(\d+)/"', html)]
    assert order[:4] == [
        ("2025-10", "729"),
        ("2025-12-01", "739"),
        ("2026-03-30", "813"),
        ("2026-07-16", "813"),
    ]
    assert "<del>" in html  # wording changes below the heading


@pytest.mark.corpus
def test_keyword_glossary_maps_726_747_to_800_821(corpus_data, client):
    data = client.get("/api/v1/games/riftbound/core-rules/en/changes/2025-12-01..2026-03-30").json()
    for old in range(726, 748):
        assert data["mapping"][str(old)] == str(old + 74)


@pytest.mark.corpus
def test_short_link_with_version_resolves_old_number(corpus_data, client):
    response = client.get("/r/739?version=2025-12-01")
    assert response["Location"] == "/en/riftbound/rules/2025-12-01/739/"
    html = client.get(response["Location"]).content.decode()
    assert 'href="/en/riftbound/rules/813/"' in html
