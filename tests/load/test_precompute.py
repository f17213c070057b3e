"""The ingest bumps the data generation and precomputes version histories in the database."""

import pytest

from rulebook.history import compare
from rulebook.loading import precompute
from rulebook.loading.run import IngestOptions, run_ingest
from rulebook.models import DataGeneration, Document, Precomputed
from rulebook.models.generation import history_key
from rulebook.pages import history as pages_history

from .conftest import SAMPLE

pytestmark = pytest.mark.django_db


def _version(tmp_path, date, extra=""):
    path = tmp_path / f"sample_{date}_v1.md"
    path.write_text(SAMPLE.replace("2026-02-03", date) + extra, encoding="utf-8")
    return path


def _ingest(*paths, **options):
    return run_ingest(list(paths), IngestOptions(game="testgame", **options))


def _family():
    return list(Document.objects.filter(game__slug="testgame").order_by("version"))


def test_a_changing_ingest_bumps_the_generation_and_an_unchanged_one_does_not(tmp_path):
    start = DataGeneration.current_number()
    first = _version(tmp_path, "2026-02-03")
    _ingest(first)
    token = DataGeneration.current()[0]
    assert DataGeneration.current_number() == start + 1
    _ingest(first)
    assert DataGeneration.current_number() == start + 1
    assert DataGeneration.current()[0] == token
    _ingest(first, force=True)
    assert DataGeneration.current_number() == start + 2
    assert DataGeneration.current()[0] != token


def test_a_dry_run_leaves_the_generation_alone(tmp_path):
    start = DataGeneration.current()
    _ingest(_version(tmp_path, "2026-02-03"), dry_run=True)
    assert DataGeneration.current() == start


def test_every_comparison_is_stored_at_ingest(tmp_path):
    _ingest(_version(tmp_path, "2026-02-03"))
    _ingest(_version(tmp_path, "2026-04-01", "106. A new rule.\n"))
    _ingest(_version(tmp_path, "2026-06-01", "106. A new rule, reworded.\n"))
    documents = _family()
    rows = Precomputed.objects.filter(key__startswith="history:testgame:")
    assert list(rows.values_list("key", flat=True)) == [
        history_key("testgame", "core-rules", "en", documents)
    ]
    assert rows.get().generation == DataGeneration.current_number()


def test_history_pages_read_the_stored_comparisons(tmp_path):
    _ingest(_version(tmp_path, "2026-02-03"))
    _ingest(_version(tmp_path, "2026-04-01", "106. A new rule.\n"))
    _ingest(_version(tmp_path, "2026-06-01", "106. A new rule, reworded.\n"))
    game = _family()[0].game
    history, documents = pages_history.history_for(game, "core-rules", "en")
    assert [d.version for d in documents] == ["2026-02-03", "2026-04-01", "2026-06-01"]
    assert sorted(history._cache) == [0, 1]  # both consecutive pairs came from the database
    to_newest = pages_history.comparison_between(history, "2026-02-03", "2026-06-01")
    assert to_newest is history.precomputed[("2026-02-03", "2026-06-01")]
    steps = history.timeline("2026-06-01", "106")
    assert [s.version for s in steps] == ["2026-04-01", "2026-06-01"]


def test_a_new_version_replaces_the_stored_history(tmp_path):
    _ingest(_version(tmp_path, "2026-02-03"))
    _ingest(_version(tmp_path, "2026-04-01", "106. A new rule.\n"))
    before = set(Precomputed.objects.values_list("key", flat=True))
    _ingest(_version(tmp_path, "2026-06-01", "106. A new rule, reworded.\n"))
    after = set(
        Precomputed.objects.filter(key__startswith="history:testgame:").values_list(
            "key", flat=True
        )
    )
    assert len(after) == 1 and not (after & before)


def test_one_ingest_compares_each_pair_of_versions_once(tmp_path, monkeypatch):
    """The citation pass and the precompute share the family's History inside ``sharing``."""
    import sys

    _ingest(_version(tmp_path, "2026-02-03"))
    _ingest(_version(tmp_path, "2026-04-01", "106. A new rule.\n"))
    _ingest(_version(tmp_path, "2026-06-01", "106. A new rule, reworded.\n"))
    Precomputed.objects.all().delete()  # nothing stored to reuse
    timeline = sys.modules["rulebook.history.timeline"]
    calls = []

    def counted(old, new, old_label, new_label, sides=None):
        calls.append((old_label, new_label))
        return compare(old, new, old_label, new_label, sides)

    monkeypatch.setattr(timeline, "compare", counted)
    monkeypatch.setattr(precompute, "compare", counted)
    family = ("testgame", "core-rules", "en")
    with precompute.sharing():
        history = precompute.family_history(family, _family())
        assert precompute.family_history(family, _family()) is history
        history.comparison(1)  # as a citation of the middle version would
        precompute.histories({family}, DataGeneration.current_number())
    assert sorted(calls) == [
        ("2026-02-03", "2026-04-01"),
        ("2026-02-03", "2026-06-01"),
        ("2026-04-01", "2026-06-01"),
    ]
    assert precompute.family_history(family, _family()) is not history  # not kept after


def test_a_history_stored_under_another_format_is_rebuilt_not_read(tmp_path):
    import pickle

    from rulebook.history import storage
    from tests.history.test_storage import Tripwire, opened

    opened.clear()
    _ingest(_version(tmp_path, "2026-02-03"))
    _ingest(_version(tmp_path, "2026-04-01", "106. A rule only this test adds.\n"))
    row = Precomputed.objects.get(key__startswith="history:testgame:")
    row.payload = storage.header(storage.FORMAT + 1) + pickle.dumps(Tripwire())
    row.save()
    # A page computes the family itself, from the rules.
    history, _documents = pages_history.history_for(_family()[0].game, "core-rules", "en")
    assert history.precomputed == {}
    assert [c.number for c in history.comparison(0).changes if c.cls == "added"] == ["106"]
    # The next ingest computes every comparison again and stores them under this format.
    _ingest(_version(tmp_path, "2026-06-01", "106. A rule only this test rewords.\n"))
    assert opened == []
    row = Precomputed.objects.get(key__startswith="history:testgame:")
    assert bytes(row.payload).startswith(storage.header())
    assert sorted(storage.loads(row.payload)["history"].made()) == [
        ("2026-02-03", "2026-04-01"),
        ("2026-04-01", "2026-06-01"),
    ]
