"""The real Riftbound rules, ingested and browsed (skipped without ../shared)."""

import re

import pytest

from rulebook.models import Document, Rule

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

NEXT_PART = re.compile(r'<a rel="next" href="(\?part=\d+)">')
ROW_ID = re.compile(r'<div class="rule-id">([^<]*)</div>')


def _doc(version, language="en"):
    return Document.objects.get(
        game__slug="riftbound", kind="core-rules", language=language, version=version
    )


def _source_ids(path):
    raw = [m.strip().rstrip(".") for m in ROW_ID.findall(path.read_text(encoding="utf-8"))]
    return [r for r in raw if r]


def _chapter_pages(client, document):
    """Every chapter page of a version, long chapters in all their parts: together they show
    every rule of the document."""
    html = []
    for chapter in Rule.objects.in_document(document).chapters():
        url = chapter.get_pinned_url()
        while url:
            response = client.get(url)
            assert response.status_code == 200, url
            page = response.content.decode()
            html.append(page)
            following = NEXT_PART.search(page)
            url = chapter.get_pinned_url() + following.group(1) if following else None
    return "\n".join(html)


def test_every_english_file_ingests_with_a_report(corpus_data):
    versions = {result.document.version for _item, result in corpus_data}
    assert {"2025-10", "2025-12-01", "2026-03-30", "2026-07-16"} <= versions
    for _item, result in corpus_data:
        assert result.report["counts"]["rules"] > 1500


def test_2026_03_30_has_every_source_number_on_its_page(corpus_data, corpus_dir, client):
    ids = _source_ids(corpus_dir / "core-rules/en/2026-03-30_v1.3.md")
    assert len(ids) == 2088 and len(set(ids)) == 2085
    document = _doc("2026-03-30")
    stored = set(Rule.objects.in_document(document).values_list("number", flat=True))
    assert set(ids) <= stored
    html = _chapter_pages(client, document)
    missing = [n for n in set(ids) if f'id="{n}"' not in html]
    assert missing == []


def test_2026_03_30_rule_has_its_own_page(corpus_data, client):
    for number in ["000", "398", "813", "813.1.c", "135.2.e.7.a"]:
        response = client.get(f"/en/riftbound/rules/2026-03-30/{number}/")
        assert response.status_code == 200
        assert f'id="{number}"' in response.content.decode()


def test_duplicates_in_2025_12_01_are_reported_and_addressable(corpus_data, client):
    document = _doc("2025-12-01")
    duplicates = document.report["anomalies"]["duplicate-number"]["items"]
    assert duplicates
    number = duplicates[0]["number"]
    response = client.get(f"/en/riftbound/rules/2025-12-01/{number}/")
    assert f'id="{number}~2"' in response.content.decode()


def test_v1_4_is_the_default_with_every_number(corpus_data, corpus_dir, client):
    import json

    rows = json.loads((corpus_dir / "core-rules/en/2026-07-16_v1.4.json").read_text())
    assert len(rows) == 2316
    document = Document.objects.default("riftbound", "core-rules", "en")
    assert document.version == "2026-07-16"
    stored = list(Rule.objects.in_document(document).values_list("number", flat=True))
    assert {row["id"] for row in rows} <= set(stored)
    assert len(stored) > 2316  # glued numbers split out
    html = _chapter_pages(client, document)
    assert [n for n in set(stored) if f'id="{n}"' not in html] == []
    # the older version stays reachable by its pinned URL
    assert client.get("/en/riftbound/rules/2026-03-30/813/").status_code == 200


def test_section_398_lists_399_to_406_5(corpus_data, client):
    response = client.get("/en/riftbound/rules/398/")
    html = response.content.decode()
    numbers = re.findall(r'<div class="rule [^"]*" id="([^"]+)"', html)
    assert numbers[0] == "398" and numbers[1] == "399" and numbers[-1] == "406.5"
    assert len(numbers) - 1 == 35


def test_rule_813_cross_references_and_short_link(corpus_data, client):
    html = client.get("/en/riftbound/rules/813/").content.decode()
    assert 'id="813.1.c.2"' in html or 'id="813.1.c"' in html
    response = client.get("/r/813.1c2")
    assert response.status_code == 302
    assert response["Location"] == "/en/riftbound/rules/813.1.c.2/"


def test_cross_reference_to_349_is_a_link(corpus_data, client):
    html = client.get("/en/riftbound/rules/401/").content.decode()
    assert 'href="/en/riftbound/rules/349/"' in html
    referenced = client.get("/en/riftbound/rules/349/").content.decode()
    assert "Referenced by" in referenced and "401.1" in referenced
