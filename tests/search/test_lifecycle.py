"""Index lifecycle: generations, atomic swap, readers reopening, cleanup, and the DB fallback."""

import os
import time

import pytest
from django.core.management import call_command
from django.test import override_settings

from rulebook.search import SearchQuery, get_backend, run_search
from rulebook.search.whoosh_backend import WhooshBackend

from .conftest import WHOOSH, postgres_configured, starfall_entries
from .fixtures import GAME

pytestmark = pytest.mark.django_db


@pytest.fixture
def index_dir(tmp_path, starfall):
    config = {"BACKEND": WHOOSH, "PATH": tmp_path / "index", "GRACE_SECONDS": 0}
    with override_settings(SEARCH_BACKEND=config, RULEBOOK_DEFAULT_GAME=GAME):
        yield tmp_path / "index"


def query(text, **kwargs):
    return run_search(SearchQuery(text=text, language="en", **kwargs))


def test_rebuild_index_command_swaps_generations(index_dir):
    call_command("rebuild_index", verbosity=0)
    first = os.readlink(index_dir / "current")
    time.sleep(0.01)
    call_command("rebuild_index", verbosity=0)
    second = os.readlink(index_dir / "current")
    assert first != second and (index_dir / second).is_dir()
    assert (index_dir / first).is_dir(), "the previous generation is kept"
    call_command("rebuild_index", verbosity=0)
    names = sorted(p.name for p in index_dir.iterdir() if p.name.startswith("gen-"))
    assert first not in names and len(names) == 2, "older generations are pruned"


def test_reader_reopens_after_another_process_rebuilt(index_dir):
    reader = get_backend()
    other = WhooshBackend({"PATH": index_dir})  # stands for a second process
    entries = starfall_entries()
    other.rebuild(entries)
    assert reader.search(SearchQuery("quasar", language="en")).total == 0
    entry = next(e for e in entries if e.number == "703.1")
    entry.text = "Quasar shields glow."
    other.rebuild(entries)
    assert reader.search(SearchQuery("quasar", language="en")).total == 1


def test_missing_index_falls_back_to_the_database(index_dir):
    results = query("closed state")
    assert results.degraded and results.message
    assert "301.1" in [h.number for h in results.hits]
    assert all(h.url for h in results.hits)
    assert query("closed zebracorn").broadened


def test_corrupt_index_falls_back_to_the_database(index_dir):
    get_backend().rebuild(starfall_entries())
    live = index_dir / os.readlink(index_dir / "current")
    for path in live.iterdir():
        path.write_bytes(b"\x00garbage")
    fresh = WhooshBackend({"PATH": index_dir})
    assert not fresh.is_available()
    with override_settings(SEARCH_BACKEND={"BACKEND": WHOOSH, "PATH": index_dir, "X": 1}):
        results = query("closed state")
    assert results.degraded and "301.1" in [h.number for h in results.hits]


def test_degraded_page_and_api(index_dir, client):
    page = client.get("/en/search/", {"q": "closed state"}).content.decode()
    assert "notice-warning" in page and "301.1" in page
    data = client.get("/api/v1/search", {"q": "closed state"}).json()
    assert data["degraded"] is True and data["total"] >= 1
    assert client.get("/api/v1/suggest", {"q": "clo"}).json()["suggestions"] == []


def test_rebuild_after_ingest_reports(index_dir):
    from io import StringIO

    from rulebook.search import rebuild_after_ingest

    out = StringIO()
    assert rebuild_after_ingest(stdout=out) > 0
    assert "rebuilt" in out.getvalue()


@pytest.mark.skipif(not postgres_configured(), reason="DATABASE_URL is not PostgreSQL")
def test_postgres_missing_table_falls_back(starfall, tmp_path):
    from django.db import connection

    config = {"BACKEND": "rulebook.search.postgres_backend.PostgresBackend", "PATH": tmp_path}
    with override_settings(SEARCH_BACKEND=config, RULEBOOK_DEFAULT_GAME=GAME):
        backend = get_backend()
        backend.rebuild(starfall_entries())
        assert not query("closed state").degraded
        with connection.cursor() as cur:  # rolled back with the test's transaction
            cur.execute("DROP TABLE rulebook_search_entry")
        assert not backend.is_available()
        results = query("closed state")
        assert results.degraded and "301.1" in [h.number for h in results.hits]


@pytest.mark.skipif(not postgres_configured(), reason="DATABASE_URL is not PostgreSQL")
def test_postgres_reads_generation_and_stems_once_per_request(starfall, tmp_path, client):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    config = {"BACKEND": "rulebook.search.postgres_backend.PostgresBackend", "PATH": tmp_path}
    with override_settings(SEARCH_BACKEND=config, RULEBOOK_DEFAULT_GAME=GAME):
        backend = get_backend()
        backend.rebuild(starfall_entries())

        def reads(call) -> tuple[int, int]:
            """(table oid reads, stem look-ups) that ``call`` makes."""
            with CaptureQueriesContext(connection) as queries:
                call()
            sqls = [q["sql"] for q in queries.captured_queries]
            return sum("to_regclass" in s for s in sqls), sum("search_stat s" in s for s in sqls)

        def search():
            # A French query with one typo: names, spelling, the search, other-language hits.
            return client.get("/api/v1/search", {"q": "closd state", "lang": "fr"})

        assert search().status_code == 200
        assert reads(search) == (1, 2)  # "closd" and "state" are not French words

        # Outside a request nothing is kept: a rebuild elsewhere is seen at once.
        def twice():
            for _ in range(2):
                backend.generation(), backend.knows_stem("closd", "fr")

        assert reads(twice) == (2, 2)
