"""The ingest command against a real database: idempotence, atomicity, versions, errors."""

import io

import pytest
from django.core.management import CommandError, call_command

from rulebook.models import Document, Reference, Rule

pytestmark = pytest.mark.django_db


def ingest(*args, **kwargs):
    out = io.StringIO()
    call_command(
        "ingest", *map(str, args), "--game", "testgame", stdout=out, stderr=io.StringIO(), **kwargs
    )
    return out.getvalue()


def test_ingest_creates_rules_with_tree_and_report(sample_file):
    output = ingest(sample_file)
    assert "1 created" in output
    document = Document.objects.get(game__slug="testgame")
    assert document.version == "2026-02-03" and document.label == "v1.0"
    assert document.source_name == sample_file.name and len(document.content_hash) == 64
    numbers = list(Rule.objects.in_document(document).values_list("number", flat=True))
    assert numbers == ["100", "101", "102", "103", "103.1", "104", "105"]
    child = Rule.objects.get(document=document, number="103.1")
    assert child.parent.number == "103" and child.section.number == "101"
    structure = Rule.objects.in_document(document).values_list(
        "number", "parent__number", "section__number", "section_end"
    )
    assert list(structure) == [
        ("100", None, None, 6),
        ("101", None, "100", 6),
        ("102", None, "101", None),
        ("103", None, "101", None),
        ("103.1", "103", "101", None),
        ("104", None, "101", None),
        ("105", None, "101", None),
    ]
    assert child.text == "Passing ends your step, then play moves on."
    assert "space-before-punctuation" in child.repairs
    assert document.report["counts"]["rules"] == 7
    targets = set(
        Reference.objects.filter(source__document=document).values_list("target__number", flat=True)
    )
    assert targets == {"104", "105"}


def test_second_ingest_changes_nothing(sample_file):
    ingest(sample_file)
    before = list(Rule.objects.filter(document__game__slug="testgame").values_list("pk", "text"))
    output = ingest(sample_file)
    assert "0 created, 0 updated, 1 unchanged" in output
    after = list(Rule.objects.filter(document__game__slug="testgame").values_list("pk", "text"))
    assert before == after


def test_new_version_is_a_new_document_and_old_stays(sample_file, tmp_path):
    ingest(sample_file)
    newer = tmp_path / "sample_2026-04-01_v1.1.md"
    newer.write_text(
        sample_file.read_text()
        .replace("2026-02-03", "2026-04-01")
        .replace("Upkeep happens first.", "Upkeep always happens first.")
    )
    ingest(newer)
    versions = list(
        Document.objects.filter(game__slug="testgame")
        .values_list("version", flat=True)
        .order_by("version")
    )
    assert versions == ["2026-02-03", "2026-04-01"]
    assert Document.objects.default("testgame").version == "2026-04-01"


@pytest.mark.parametrize(
    "content, message",
    [
        (b"", "empty"),
        (b"\x00\x01\x02binary", "1"),
        (b"100. Caf\xe9 rules\n", "UTF-8"),
        (b'[{"id": "100", "text": "A rule", "section": "A", "top": "100"}, {"id": "1', "JSON"),
    ],
)
def test_broken_file_fails_clearly_and_leaves_database_untouched(
    sample_file, tmp_path, content, message
):
    ingest(sample_file)
    snapshot = (Document.objects.count(), Rule.objects.count())
    broken = tmp_path / "broken_2026-05-05.md"
    broken.write_bytes(content)
    with pytest.raises(CommandError) as excinfo:
        ingest(sample_file, broken)
    assert str(broken) in str(excinfo.value) and message.lower() in str(excinfo.value).lower()
    assert (Document.objects.count(), Rule.objects.count()) == snapshot


def test_strict_fails_on_anomalies_and_rolls_back(tmp_path):
    path = tmp_path / "dupes_2026-02-03.md"
    path.write_text("## 100. Basics\n\n101. One.\n101. Again.\n102. Two.\n", encoding="utf-8")
    before = Document.objects.count()
    with pytest.raises(CommandError, match="strict"):
        ingest(path, "--strict")
    assert Document.objects.count() == before
    ingest(path)
    document = Document.objects.get(game__slug="testgame")
    assert document.report["anomalies"]["duplicate-number"]["count"] == 1
    assert list(document.rules.filter(number="101").values_list("anchor", flat=True)) == [
        "101",
        "101~2",
    ]


def test_dry_run_writes_nothing(sample_file):
    before = Document.objects.count()
    output = ingest(sample_file, "--dry-run")
    assert "dry run" in output and Document.objects.count() == before


def test_version_flag_overrides_and_mismatch_is_reported(sample_file):
    ingest(sample_file, "--doc-version", "2026-02-04")
    document = Document.objects.get(game__slug="testgame")
    assert document.version == "2026-02-04"
    assert "version-mismatch" in document.report["anomalies"]


def test_missing_version_is_a_clear_error(tmp_path):
    path = tmp_path / "undated.md"
    path.write_text("## 100. Basics\n\n101. One.\n", encoding="utf-8")
    with pytest.raises(CommandError, match="--doc-version"):
        ingest(path)


def test_tournament_rules_ingest(tmp_path, client):
    path = tmp_path / "tr_2026-02-10.html"
    path.write_text(
        "<html><head><title>Test Tournament Rules</title></head>"
        "<body><h1>Test Tournament Rules</h1>"
        "<p>Last updated: 2026-02-10</p><table>"
        "<tr><th>100.</th><th>Events</th></tr>"
        "<tr><td>101.</td><td>Events have a head judge. See rule 102.</td></tr>"
        "<tr><td>102.</td><td>The head judge has the final word.</td></tr></table></body></html>",
        encoding="utf-8",
    )
    ingest(path, "--kind", "tournament-rules", "--language", "en")
    document = Document.objects.get(game__slug="testgame", kind="tournament-rules")
    assert document.rules.count() == 3
    response = client.get("/en/testgame/tournament-rules/101/")
    assert response.status_code == 200
    assert 'href="/en/testgame/tournament-rules/102/"' in response.content.decode()


@pytest.mark.parametrize("index_after_ingest", [True, False])
def test_ingest_indexes_what_it_loaded_unless_told_not_to(
    sample_file, settings, index_after_ingest
):
    from rulebook.search import get_backend

    settings.RULEBOOK_INDEX_AFTER_INGEST = index_after_ingest
    output = ingest(sample_file)
    assert ("Search index rebuilt" in output) is index_after_ingest
    assert ("Search index left as it was" in output) is not index_after_ingest
    assert get_backend().is_available() is index_after_ingest


def test_report_of_a_json_file_names_what_it_was_loaded_as(tmp_path):
    path = tmp_path / "rules_2026-07-16.json"
    path.write_text(
        '[{"id": "100", "text": "Basics", "section": "Basics", "top": "100"},'
        ' {"id": "101", "text": "A rule.", "section": "Basics", "top": "101"}]',
        encoding="utf-8",
    )
    output = ingest(path)
    assert "(untitled)" not in output and "version ?" not in output
    assert "Core Rules [json-rows, version 2026-07-16, en]" in output
