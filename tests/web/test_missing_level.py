"""A number printed with a level missing is repaired when one number fits (issue 14, item 3)."""

import pytest
from django.core.management import call_command

from ingest.repair import missing_level
from rulebook.models import Document
from tests.conftest import ROOT

SOURCE = ROOT / "tests/data/ingest/html/missing-level/in.html"


@pytest.mark.parametrize(
    ("raw", "previous", "following", "expected"),
    [
        ("412.c.", "412.1.b.1", "412.1.d", "412.1.c"),
        ("412.c.", "412.1.b.1", None, "412.1.c"),
        ("c.", "412.1.b.1", "412.1.d", None),  # two levels missing: no guess
        ("412.e.", "412.1.b.1", "412.1.d", None),  # would not come before 412.1.d
        ("412.c.", None, "412.1.d", None),
    ],
)
def test_missing_level_fits_one_number_or_none(raw, previous, following, expected):
    assert missing_level(raw, previous, following, set()) == expected


def test_missing_level_never_takes_a_number_already_printed():
    assert missing_level("412.c.", "412.1.b.1", "412.1.d", {"412.1.c"}) is None


@pytest.mark.django_db
def test_repaired_number_has_its_anchor_and_is_reported(client):
    call_command("ingest", str(SOURCE), "--game", "reefwatch", "--kind", "tournament-rules", "-v0")
    document = Document.objects.get(game__slug="reefwatch")
    repairs = document.report["repairs"]["mangled-number"]["items"]
    assert any("'412.c.' read as 412.1.c" in item["detail"] for item in repairs)
    html = client.get("/en/reefwatch/tournament-rules/412/").content.decode()
    assert 'id="412.1.c"' in html and 'id="412.1.f"' in html  # the parsable one kept
    assert 'id="412.1.e"' not in html
