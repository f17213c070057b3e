"""The index knows which data generation it reflects: a stale one is reported and rebuilt.

An ingest commits its rows, then updates the index; with ``RULEBOOK_INDEX_AFTER_INGEST=0``,
or a crash in between, the index keeps answering from the old text. Each engine stamps its
index with the data generation it reflects, and ``/healthz``, the search answers and
``rebuild_index --if-outdated`` read that stamp.
"""

import io
import os

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from rulebook.search import freshness, get_backend
from rulebook.search.base import INDEX_FORMAT, DataStamp

from .conftest import WHOOSH

pytestmark = pytest.mark.django_db

RULES = """# {game} Rules

### Last Updated: {date}

## 100. Basics

101. Upkeep happens first.
102. Refresh happens last.
{extra}"""


def ingest(tmp_path, game, date, extra="", *, index=True):
    path = tmp_path / f"{game}_{date}_v1.md"
    path.write_text(RULES.format(game=game, date=date, extra=extra), encoding="utf-8")
    out = io.StringIO()
    with override_settings(RULEBOOK_INDEX_AFTER_INGEST=index):
        call_command("ingest", str(path), "--game", game, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def rebuild_if_outdated() -> str:
    out = io.StringIO()
    call_command("rebuild_index", "--if-outdated", stdout=out)
    return out.getvalue()


def live_index() -> object:
    """What names the live index: the Whoosh generation, or PostgreSQL's entry table."""
    backend = get_backend()
    if hasattr(backend, "store"):
        return backend.store.current()
    with connection.cursor() as cur:
        cur.execute("SELECT to_regclass('rulebook_search_entry')::oid")
        return cur.fetchone()[0]


def api_search(client, text, game):
    return client.get("/api/v1/search", {"q": text, "game": game, "lang": "en"}).json()


def numbers(client, text, game) -> list[str]:
    return [hit["number"] for hit in api_search(client, text, game)["results"]]


def test_an_ingest_that_left_the_index_alone_is_reported_then_rebuilt(index, tmp_path, client):
    assert "rebuilt" in ingest(tmp_path, "alpha", "2026-01-01")
    built = freshness.database_stamp()
    out = ingest(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n", index=False)
    assert "left as it was" in out
    data = freshness.database_stamp()
    assert data.number == built.number + 1

    health = client.get("/healthz")
    body = health.json()["index"]
    assert health.status_code == 200 and body["ok"] is True  # it still answers
    assert body["stale"] is True
    assert body["generation"] == {"built": built.number, "expected": data.number, "current": False}
    found = api_search(client, "lanterns", "alpha")
    assert found["index_stale"] is True and found["results"] == []  # the old text

    said = rebuild_if_outdated()
    assert f"index built from data generation {built.number}, the database is at " in said
    assert f"{data.number}: rebuilding" in said and "current" not in said
    assert numbers(client, "lanterns", "alpha") == ["103"]
    assert api_search(client, "lanterns", "alpha")["index_stale"] is False
    body = client.get("/healthz").json()["index"]
    assert body["stale"] is False and body["generation"]["current"] is True


def test_a_current_index_is_left_alone(index, tmp_path, client):
    ingest(tmp_path, "alpha", "2026-01-01")
    live = live_index()
    said = rebuild_if_outdated()
    assert "is current" in said and "rebuilding" not in said and "Indexed" not in said
    assert live_index() == live
    body = client.get("/healthz").json()["index"]
    assert body["stale"] is False
    assert body["generation"]["built"] == body["generation"]["expected"] >= 1
    assert api_search(client, "upkeep", "alpha")["index_stale"] is False


def test_an_ingest_s_update_stamps_its_generation_once_written(index, tmp_path, client):
    ingest(tmp_path, "alpha", "2026-01-01")
    out = ingest(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n")
    assert "Search index updated" in out and "rebuilt" not in out  # incremental, as before
    assert get_backend().built_generation() == freshness.database_stamp()
    found = api_search(client, "lanterns", "alpha")
    assert found["index_stale"] is False and found["results"]


def test_a_failed_update_leaves_the_index_reported_stale(index, tmp_path, client, monkeypatch):
    ingest(tmp_path, "alpha", "2026-01-01")
    before = get_backend().built_generation()

    def fail(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(type(get_backend()), "replace", fail)
    out = ingest(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n")
    assert "Search index NOT updated" in out
    assert get_backend().built_generation() == before
    assert client.get("/healthz").json()["index"]["stale"] is True
    assert api_search(client, "upkeep", "alpha")["index_stale"] is True


def test_an_update_on_an_index_already_behind_rebuilds_it(index, tmp_path, client):
    """Its own changes alone would leave the other ingest's missing, under a current stamp."""
    ingest(tmp_path, "alpha", "2026-01-01")
    ingest(tmp_path, "beta", "2026-01-01", "103. Beacons glow at dusk.\n", index=False)
    out = ingest(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n")
    assert "Search index was behind (index built from data generation" in out
    assert "Search index rebuilt" in out
    assert numbers(client, "beacons", "beta") == ["103"]
    assert get_backend().built_generation() == freshness.database_stamp()


def test_a_stamp_lands_only_on_the_index_it_expects(index, tmp_path):
    ingest(tmp_path, "alpha", "2026-01-01")
    backend = get_backend()
    built = backend.built_generation()
    other = DataStamp(built.number + 5, "0" * 32)
    assert backend.stamp_generation(other, expected=DataStamp(0, "somebodyelse")) is False
    assert backend.built_generation() == built
    assert backend.stamp_generation(other, expected=built) is True
    assert backend.built_generation() == other
    assert backend.built_format() is not None  # the format stamp survives the data stamp


def test_an_index_built_before_stamps_is_rebuilt(index, tmp_path):
    ingest(tmp_path, "alpha", "2026-01-01")
    backend = get_backend()
    if hasattr(backend, "store"):
        (backend.store.path_of(backend.store.current()) / "DATA").unlink()
    else:  # rolled back with the test's transaction
        with connection.cursor() as cur:
            cur.execute(
                f"COMMENT ON TABLE rulebook_search_entry IS 'rulebook index format {INDEX_FORMAT}'"
            )
    assert backend.built_generation() is None
    assert "index bears no data generation stamp" in rebuild_if_outdated()
    assert backend.built_generation() == freshness.database_stamp()


def test_the_search_page_says_the_index_is_being_updated(index, tmp_path, client):
    ingest(tmp_path, "alpha", "2026-01-01")
    english = "The search index is being updated"
    assert english not in client.get("/en/search/", {"q": "upkeep"}).content.decode()
    ingest(tmp_path, "alpha", "2026-02-01", "103. Lanterns glow at dusk.\n", index=False)
    assert english in client.get("/en/search/", {"q": "upkeep"}).content.decode()
    french = client.get("/fr/search/", {"q": "upkeep"}).content.decode()
    assert "L’index de recherche est en cours de mise à jour" in french


def test_a_kept_answer_says_stale_no_longer_once_the_stamp_lands(index, tmp_path, settings):
    """The stamp lands after the index write, in a step of its own: an answer kept in
    between must not go on saying stale (``results_cache`` keys on the index's writes)."""
    from rulebook.search import SearchQuery, run_search
    from rulebook.search.results_cache import CACHE

    settings.RULEBOOK_SEARCH_CACHE_ENTRIES = 100
    CACHE.clear()
    ingest(tmp_path, "alpha", "2026-01-01")
    backend = get_backend()
    built = backend.built_generation()
    ingest(tmp_path, "gamma", "2026-01-01", index=False)
    query = SearchQuery(text="upkeep", language="en", game="alpha")
    assert run_search(query).index_stale is True
    assert len(CACHE) >= 1
    backend.stamp_generation(freshness.database_stamp(), expected=built)
    assert run_search(query).index_stale is False
    CACHE.clear()


@pytest.fixture
def starfall_index_dir(tmp_path, starfall):
    from .conftest import starfall_entries

    path = tmp_path / "index"
    with override_settings(SEARCH_BACKEND={"BACKEND": WHOOSH, "PATH": path}):
        get_backend().rebuild(starfall_entries())
        assert os.path.islink(path / "current")
        yield path


def test_whoosh_reads_its_stamp_file_once_per_write(starfall_index_dir, monkeypatch):
    """A ``stat`` per request; the file is read again only when a write replaced it."""
    backend = get_backend()
    reads = []
    real = type(starfall_index_dir).read_text

    def counted(path, *args, **kwargs):
        reads.append(path.name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(type(starfall_index_dir), "read_text", counted)
    first = backend.built_generation()
    for _ in range(50):
        assert backend.built_generation() == first
    assert reads.count("DATA") == 1
    backend.stamp_generation(DataStamp(first.number + 1, first.token), expected=first)
    assert backend.built_generation().number == first.number + 1
    assert reads.count("DATA") == 2  # the new file, once


def test_the_stale_check_costs_no_query_in_a_request(index, tmp_path):
    """A search reads the index's generation and the data's token anyway; the check reads
    nothing more (on PostgreSQL the stamp comes in the generation's own statement)."""
    from django.test.utils import CaptureQueriesContext

    from rulebook.models import DataGeneration
    from rulebook.requestscope import request_scope

    ingest(tmp_path, "alpha", "2026-01-01")
    backend = get_backend()
    request_scope.begin()
    try:
        backend.generation()  # what every search reads: the index's generation,
        DataGeneration.current()  # and the data's (the page cache, the validators)
        with CaptureQueriesContext(connection) as queries:
            assert freshness.is_stale(backend) is False
        assert len(queries) == 0, [q["sql"] for q in queries]
    finally:
        request_scope.end()
