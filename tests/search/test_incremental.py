"""An ingest updates the index for what it changed; it does not rebuild the whole index."""

import io

import pytest
from django.core.management import call_command
from django.test import override_settings

from rulebook.search import SearchQuery, get_backend

from .conftest import WHOOSH

pytestmark = pytest.mark.django_db

RULES = """# {game} Rules

### Last Updated: {date}

## 100. Basics

101. Upkeep happens first.
102. Refresh happens last.
{extra}"""


def _file(tmp_path, game, date, extra=""):
    path = tmp_path / f"{game}_{date}_v1.md"
    path.write_text(RULES.format(game=game, date=date, extra=extra), encoding="utf-8")
    return path


def _ingest(path, game):
    out = io.StringIO()
    call_command("ingest", str(path), "--game", game, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def _hits(text, game, version=None):
    results = get_backend().search(
        SearchQuery(text=text, language="en", game=game, version=version)
    )
    return [(hit.number, hit.version) for hit in results.hits]


def test_a_new_version_updates_its_family_in_place(index, tmp_path):
    assert "rebuilt" in _ingest(_file(tmp_path, "alpha", "2026-01-01"), "alpha")  # no index yet
    _ingest(_file(tmp_path, "beta", "2026-01-01", "103. Beacons glow at dusk.\n"), "beta")
    generation = get_backend().generation()
    live = get_backend().store.current() if index == WHOOSH else None
    out = _ingest(_file(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n"), "alpha")
    assert "Search index updated" in out and "rebuilt" not in out
    if index == WHOOSH:
        assert get_backend().store.current() == live  # same index, updated in place
    assert get_backend().generation() != generation  # what is cached per generation is read again
    assert _hits("lanterns", "alpha") == [("103", "2026-02-01")]
    assert ("101", "2026-02-01") in _hits("upkeep", "alpha")
    assert ("101", "2026-01-01") not in _hits("upkeep", "alpha")  # the old one is no default
    assert ("101", "2026-01-01") in _hits("upkeep", "alpha", version="2026-01-01")
    assert _hits("beacons", "beta") == [("103", "2026-01-01")]  # another game untouched


def test_an_unchanged_ingest_leaves_the_index_alone(index, tmp_path):
    path = _file(tmp_path, "alpha", "2026-01-01")
    _ingest(path, "alpha")
    out = _ingest(path, "alpha")
    assert "Search index" not in out
    assert ("101", "2026-01-01") in _hits("upkeep", "alpha")


def test_the_version_before_is_read_again_only_when_the_newest_is_new(tmp_path):
    from rulebook.search.entries import family_entries

    with override_settings(RULEBOOK_INDEX_AFTER_INGEST=False):
        _ingest(_file(tmp_path, "alpha", "2026-01-01"), "alpha")
        _ingest(_file(tmp_path, "alpha", "2026-02-01"), "alpha")
    family = ("alpha", "core-rules", "en")

    def versions(created):
        return [version for version, _ in family_entries(*family, {"2026-02-01"}, created)]

    assert versions({"2026-02-01"}) == ["2026-02-01", "2026-01-01"]  # loses the default mark
    assert versions(set()) == ["2026-02-01"]  # updated in place: the mark stays
    assert versions(None) == ["2026-02-01", "2026-01-01"]
