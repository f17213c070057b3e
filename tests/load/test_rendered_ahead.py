"""An ingest compares and writes out every range of a family's versions, for the new data
generation, and every comparison page reads its range's stored rows.

No timing here: ``benchmarks/first_hits.py`` measures the first hits.
"""

import pytest

from rulebook.loading import generation
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import DataGeneration, Document, Precomputed, rendered
from rulebook.pages import history as pages_history

from .conftest import SAMPLE

pytestmark = pytest.mark.django_db

SCOPE = ("testgame", "core-rules", "en")
VERSIONS = [
    ("2026-02-03", ""),
    ("2026-04-01", "106. A new rule.\n"),
    ("2026-06-01", "106. A new rule, reworded.\n"),
    ("2026-08-01", "106. A new rule, reworded again.\n107. Another.\n"),
]
RANGES = [(a, b) for i, (a, _x) in enumerate(VERSIONS) for b, _y in VERSIONS[i + 1 :]]
MIDDLE = "/en/testgame/rules/changes/2026-02-03..2026-06-01/"  # neither neighbours nor newest


def _version(tmp_path, date, extra="", game="testgame"):
    path = tmp_path / f"{game}_{date}_v1.md"
    path.write_text(SAMPLE.replace("2026-02-03", date) + extra, encoding="utf-8")
    return path


def _four_versions(tmp_path):
    for date, extra in VERSIONS:
        run_ingest([_version(tmp_path, date, extra)], IngestOptions(game="testgame"))


def _other_game(tmp_path, date="2026-02-03"):
    path = _version(tmp_path, date, game="othergame")
    run_ingest([path], IngestOptions(game="othergame"))


def _read(old, new):
    return rendered.read(pages_history.COMPARISONS, SCOPE, f"{old}..{new}")


def test_every_range_is_compared_at_ingest(tmp_path):
    _four_versions(tmp_path)
    game = Document.objects.filter(game__slug="testgame").first().game
    history, documents = pages_history.history_for(game, "core-rules", "en")
    labels = [d.version for d in documents]
    apart = {(a, b) for i, a in enumerate(labels) for b in labels[i + 2 :]}
    assert set(history.precomputed) == apart
    assert ("2026-02-03", "2026-06-01") in history.precomputed


def test_every_range_is_written_out_for_the_new_generation(tmp_path):
    _four_versions(tmp_path)
    assert all(_read(old, new) is not None for old, new in RANGES)
    rows = Precomputed.objects.filter(key__startswith=rendered.scope_prefix("changes", *SCOPE))
    assert rows.count() == len(RANGES) == 6
    assert set(rows.values_list("generation", flat=True)) == {DataGeneration.current_number()}


def test_a_comparison_page_reads_its_stored_range(tmp_path, client):
    _four_versions(tmp_path)
    key = rendered.rendered_key("changes", SCOPE, "2026-02-03..2026-06-01")
    row = Precomputed.objects.get(key=key)
    payload = rendered.unpack(row.payload)
    first = payload["rows"][0]
    payload["rows"][0] = (*first[:4], '<article id="planted">written at ingest</article>')
    row.payload = rendered.pack(payload)
    row.save()
    html = client.get(MIDDLE).content.decode()
    assert 'id="planted"' in html


def test_stored_ranges_are_the_pages_written_on_request(tmp_path, client, settings):
    _four_versions(tmp_path)
    urls = [MIDDLE, MIDDLE + "?renumbered=hide&xrefs=hide", MIDDLE + "?class=added"]
    stored = [client.get(url).content for url in urls]
    settings.RULEBOOK_PAGE_FORMAT = "another"  # nothing rendered for it: written now
    assert _read("2026-02-03", "2026-06-01") is None
    assert [client.get(url).content for url in urls] == stored
    assert b"<caption>7 rules before, 8 after</caption>" in stored[0]  # v1: 7 rules, v3: 8


def test_other_ingests_carry_the_stored_ranges_an_unrendered_change_does_not(tmp_path):
    _four_versions(tmp_path)
    rows = Precomputed.objects.filter(key__startswith=rendered.scope_prefix("changes", *SCOPE))
    written = set(rows.values_list("pk", flat=True))
    _other_game(tmp_path)  # a new generation; testgame's ranges did not change
    assert _read("2026-02-03", "2026-06-01") is not None
    assert set(rows.values_list("pk", flat=True)) == written  # moved on, not written again
    generation.bump()  # as an admin edit does: nothing is rendered for it
    assert _read("2026-02-03", "2026-06-01") is None
    _other_game(tmp_path, "2026-04-01")  # the next ingest writes them out again
    assert all(_read(old, new) is not None for old, new in RANGES)


def test_a_new_page_format_is_written_out_by_the_next_ingest(tmp_path, settings):
    _four_versions(tmp_path)
    settings.RULEBOOK_PAGE_FORMAT = "next-deployment"
    assert _read("2026-02-03", "2026-06-01") is None
    _other_game(tmp_path)
    assert all(_read(old, new) is not None for old, new in RANGES)
    assert not Precomputed.objects.filter(key__startswith="rendered:1:").exists()


def test_loading_the_question_bank_keeps_the_stored_ranges(tmp_path):
    from ingest.questions import parse_bank
    from rulebook.loading.questions import load_banks

    _four_versions(tmp_path)
    bank = tmp_path / "testgame" / "questions" / "en" / "100.toml"
    bank.parent.mkdir(parents=True)
    bank.write_text(
        'version = "2026-08-01"\nlanguage = "en"\n\n[rules]\n"103" = ["may I pass my turn"]\n',
        encoding="utf-8",
    )
    before = DataGeneration.current_number()
    load_banks([parse_bank(bank, game="testgame")])
    assert DataGeneration.current_number() == before + 1
    assert _read("2026-02-03", "2026-06-01") is not None


def test_a_page_that_cannot_be_written_out_leaves_the_ingest_whole(tmp_path, monkeypatch, caplog):
    from rulebook.loading import precompute

    def broken(*scope, **extra):
        raise RuntimeError("a template broken by a deployment")

    failing = precompute.Ahead("changes", lambda: {SCOPE}, broken, by_family=True)
    monkeypatch.setattr(precompute, "_AHEAD", [failing])
    _four_versions(tmp_path)
    assert Document.objects.filter(game__slug="testgame").count() == 4
    assert _read("2026-02-03", "2026-06-01") is None  # written on request instead
    assert "Rendering the changes pages of testgame:core-rules:en ahead failed" in caplog.text


@pytest.mark.corpus
def test_every_range_of_the_real_core_rules_is_written_out(corpus_data):
    versions = list(
        Document.objects.of("riftbound", "core-rules", "en")
        .order_by("version")
        .values_list("version", flat=True)
    )
    assert len(versions) >= 4
    scope = ("riftbound", "core-rules", "en")
    for i, old in enumerate(versions):
        for new in versions[i + 1 :]:
            found = rendered.read(pages_history.COMPARISONS, scope, f"{old}..{new}")
            assert found is not None and found["rows"], (old, new)
