"""No silent replacement, plausibility checks: an ingest that would damage stored data is
refused, leaves every table as it was, and goes through only with an explicit flag."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import Document, Rule
from tests.load.conftest import SAMPLE
from tests.load.fingerprint import database_fingerprint

pytestmark = pytest.mark.django_db

CHANGED = SAMPLE.replace("Upkeep happens first.", "Upkeep always happens first.").replace(
    "105. Refresh happens last.\n", "106. Cleanup happens last.\n"
)


def ingest(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("ingest", *map(str, args), "--game", "testgame", stdout=out, stderr=err)
    return out.getvalue() + err.getvalue()


def load(path, **options):
    """The loading layer without the command (no search index rebuild)."""
    return run_ingest([path], IngestOptions(game="testgame", **options))


def texts():
    return dict(Rule.objects.filter(document__game__slug="testgame").values_list("number", "text"))


@pytest.fixture
def changed_file(tmp_path):
    path = tmp_path / "changed_2026-02-03_v1.0b.md"
    path.write_text(CHANGED, encoding="utf-8")
    return path


def test_different_bytes_for_a_stored_version_are_refused_and_nothing_changes(
    sample_file, changed_file
):
    load(sample_file)
    before = database_fingerprint()
    with pytest.raises(CommandError) as excinfo:
        ingest(changed_file, "--doc-version", "2026-02-03")
    message = str(excinfo.value)
    assert "2026-02-03 already exists" in message and "--replace" in message
    assert "1 added, 1 removed, 1 changed" in message
    assert database_fingerprint() == before


def test_force_reloads_unchanged_bytes_but_does_not_replace(sample_file, changed_file):
    load(sample_file)
    assert load(sample_file, force=True)[0][1].status == "updated"
    with pytest.raises(CommandError, match="--replace"):
        ingest(changed_file, "--force")
    assert texts()["104"] == "Upkeep happens first."


def test_replace_swaps_the_version_in_one_go(sample_file, changed_file):
    load(sample_file)
    document = Document.objects.get(game__slug="testgame")
    [(_, result)] = load(changed_file, replace=True)
    assert result.status == "updated" and result.document.pk == document.pk
    assert texts()["104"] == "Upkeep always happens first."
    assert "105" not in texts() and "106" in texts()
    assert Document.objects.filter(game__slug="testgame").count() == 1


def test_a_refusal_in_a_batch_rolls_back_the_whole_batch(sample_file, changed_file, tmp_path):
    load(sample_file)
    newer = tmp_path / "sample_2026-04-01.md"
    newer.write_text(SAMPLE.replace("2026-02-03", "2026-04-01"), encoding="utf-8")
    before = database_fingerprint()
    with pytest.raises(CommandError, match="already exists"):
        ingest(newer, changed_file)
    assert database_fingerprint() == before


def test_doc_version_disagreeing_with_the_document_is_a_warning(sample_file):
    output = ingest(sample_file, "--doc-version", "2026-02-04")
    assert "warning:" in output and "document says 2026-02-03" in output


def test_far_fewer_rules_than_the_previous_version_is_refused(sample_file, tmp_path):
    load(sample_file)
    short = tmp_path / "short_2026-05-01.md"
    short.write_text(
        "# Test Game Rules\n\n### Last Updated: 2026-05-01\n\n## 100. Basics\n\n101. Only.\n",
        encoding="utf-8",
    )
    before = database_fingerprint()
    with pytest.raises(CommandError) as excinfo:
        ingest(short)
    assert "2 rules is under 70% of the 7 rules of the previous version 2026-02-03" in str(
        excinfo.value
    )
    assert "--allow-anomalies" in str(excinfo.value)
    assert database_fingerprint() == before
    output = ingest(short, "--allow-anomalies")
    assert "accepted (--allow-anomalies): 2 rules is under 70%" in output
    assert Document.objects.filter(game__slug="testgame").count() == 2


def test_rows_of_the_wrong_type_are_refused(tmp_path):
    rows = [
        {"id": "100", "text": "Basics", "section": "Basics", "top": "100"},
        {"id": 101, "text": "A rule.", "section": "Basics", "top": "100"},
        {"id": "102", "text": ["not", "text"], "section": "Basics", "top": "100"},
    ]
    path = tmp_path / "typed_2026-02-03.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    with pytest.raises(CommandError) as excinfo:
        ingest(path, "--language", "en")
    message = str(excinfo.value)
    assert "2 rows fail type checks" in message and "'id' is int" in message
    assert not Document.objects.filter(game__slug="testgame").exists()
    output = ingest(path, "--language", "en", "--allow-anomalies")
    assert "accepted (--allow-anomalies): 2 rows fail type checks" in output


def test_corpus_old_file_onto_a_newer_stored_version_is_refused(corpus_data, corpus_dir):
    before = database_fingerprint()
    assert Document.objects.filter(
        game__slug="riftbound", language="en", version="2026-03-30"
    ).exists()
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as excinfo:
        call_command(
            "ingest",
            str(corpus_dir / "core-rules/en/2025-12-01_v1.2.md"),
            "--doc-version",
            "2026-03-30",
            stdout=out,
            stderr=err,
        )
    assert "2026-03-30 already exists" in str(excinfo.value)
    assert "warning:" in err.getvalue()
    assert database_fingerprint() == before


def test_knowledge_file_dropping_over_10_percent_is_refused(demo_data, tmp_path):
    data = json.loads(open("demo/lanternfall/faq/official-errata.json", encoding="utf-8").read())
    content = data[0]["content"]
    data[0]["content"] = content[: content.index("### Briar Trapper")]
    path = tmp_path / "official-errata.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = database_fingerprint()
    with pytest.raises(CommandError) as excinfo:
        call_command("ingest", str(path), "--game", "lanternfall", stdout=io.StringIO())
    assert "would remove 1 of 2 errata (50.0%), over the 10%" in str(excinfo.value)
    assert database_fingerprint() == before
    [(_, result)] = run_ingest([path], IngestOptions(game="lanternfall", replace=True))
    assert result.counts["errata"]["removed"] == 1


def test_replace_with_far_fewer_rules_needs_allow_anomalies_too(sample_file, tmp_path):
    load(sample_file)
    junk = tmp_path / "junk_2026-02-03.md"
    junk.write_text(HEAD_ONLY, encoding="utf-8")
    before = database_fingerprint()
    with pytest.raises(CommandError, match="version 2026-02-03 it replaces"):
        ingest(junk, "--replace")
    assert database_fingerprint() == before
    output = ingest(junk, "--replace", "--allow-anomalies")
    assert "accepted (--allow-anomalies)" in output and len(texts()) == 2


HEAD_ONLY = "# Test Game Rules\n\n### Last Updated: 2026-02-03\n\n## 100. Basics\n\n101. Only.\n"
