"""An ingest run by another process reaches a running worker's reading of queries.

The worker keeps card, keyword and heading names in memory (the lexicon). An incremental
ingest from the command line updates the index in place, so the worker must notice the data
changed, not only the index: here a card added by a separate ``manage.py ingest`` is read as
a name by a worker that had already answered a search before it existed.
"""

import json
import os
import secrets
import urllib.parse
import urllib.request
import uuid

import pytest

from tests.load.conftest import SAMPLE
from tests.served import gunicorn, manage

NAME = "Keeper of the Quiet Hall"  # five words: read as a question unless known as a name
GALLERY = {
    "source": "Test Gallery",
    "updatedAt": "2031-06-01",
    "count": 1,
    "cards": [
        {
            "id": "tst-001",
            "name": NAME,
            "publicCode": "TST-001/010",
            "collectorNumber": 1,
            "set": "Testset",
            "setId": "TST",
            "domains": ["Ember"],
            "rarity": "Common",
            "cardTypes": ["Unit"],
            "superTypes": [],
            "energy": "2",
            "might": "2",
            "power": "",
            "tags": [],
            "imageAlt": "",
            "imageUrl": "",
            "abilityText": "When you play me, draw a card.",
        }
    ],
}


def _search(base: str, text: str) -> dict:
    query = urllib.parse.urlencode({"q": text, "game": "testgame"})
    with urllib.request.urlopen(f"{base}/api/v1/search?{query}", timeout=30) as response:
        return json.load(response)


@pytest.fixture
def server_env(tmp_path):
    """The environment of the site's processes: SQLite and Whoosh, or, in the PostgreSQL
    pass, a database of this test's own on that server and the PostgreSQL search."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "rulebook.settings.prod",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "RULEBOOK_DATA_DIR": str(tmp_path / "data"),
        "RULEBOOK_SEARCH_BACKEND": "rulebook.search.whoosh_backend.WhooshBackend",
    }
    env.pop("REDIS_URL", None)
    url = env.pop("DATABASE_URL", "")
    if not url.startswith("postgres"):
        yield env
        return
    psycopg = pytest.importorskip("psycopg")
    name = f"rulebook_other_process_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url.replace("postgres://", "postgresql://", 1), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            env["DATABASE_URL"] = f"{url.rsplit('/', 1)[0]}/{name}"
            env["RULEBOOK_SEARCH_BACKEND"] = "rulebook.search.postgres_backend.PostgresBackend"
            yield env
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def one_worker(tmp_path, server_env):
    env = server_env
    sample = tmp_path / "sample_2026-02-03_v1.0.md"
    sample.write_text(SAMPLE, encoding="utf-8")
    manage(env, "migrate", "-v0")
    manage(env, "ingest", "-v0", str(sample), "--game", "testgame")

    def ingest_cards():
        gallery = tmp_path / "gallery.json"
        gallery.write_text(json.dumps(GALLERY), encoding="utf-8")
        manage(env, "ingest", "-v0", str(gallery), "--game", "testgame")

    with gunicorn(env) as base:
        yield base, ingest_cards


def test_a_card_ingested_by_another_process_is_read_as_a_name(one_worker):
    base, ingest_cards = one_worker
    before = _search(base, NAME)  # the worker has read its names now
    assert not any(hit["kind"] == "card" for hit in before["results"])
    ingest_cards()
    after = _search(base, NAME)
    assert after["results"], after
    first = after["results"][0]
    assert (first["kind"], first["title"]) == ("card", NAME)
