"""One index per backend per module, built from the Starfall fixture committed to the test DB.

The data is committed outside the per-test transactions (``django_db_blocker``) because an
index lives outside the database's rollback: building it per test would cost more than every
test together. Tests that write (drop a table, rebuild) do so inside their own transaction or
their own index directory.
"""

import os

import pytest
from django.test import override_settings

from rulebook import search
from rulebook.models import Game

from .fixtures import GAME, create_game

WHOOSH = "rulebook.search.whoosh_backend.WhooshBackend"
POSTGRES = "rulebook.search.postgres_backend.PostgresBackend"
BACKENDS = {"whoosh": WHOOSH, "postgres": POSTGRES}


def postgres_configured() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith("postgres")


def module_game(slug: str, django_db_blocker, build):
    """A game of a module's own, for its fixture to ``yield from``: ``build()`` commits it
    (outside the tests' transactions, as an index is built from it), and it is removed
    after the module, so that no other module's search or lexicon meets it."""
    with django_db_blocker.unblock():
        Game.objects.filter(slug=slug).delete()
        build()
    yield slug
    with django_db_blocker.unblock():
        Game.objects.filter(slug=slug).delete()


@pytest.fixture(scope="module")
def starfall(django_db_setup, django_db_blocker):
    yield from module_game(GAME, django_db_blocker, create_game)


def drop_postgres_index() -> None:
    """Drop the PostgreSQL engine's tables a module built, so the next module starts bare."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute("DROP TABLE IF EXISTS rulebook_search_entry, rulebook_search_word")


def module_index(engine: str, game: str, tmp_path_factory, django_db_blocker, **overrides):
    """A module's index of ``game`` on ``engine``, for its fixture to ``yield from``: skipped
    without PostgreSQL, its tables dropped afterwards. ``overrides``: settings while it is
    built (``RULEBOOK_ENCODER=True``: the rules are encoded first, as an ingest does)."""
    if engine == "postgres" and not postgres_configured():
        pytest.skip("PostgreSQL backend: DATABASE_URL does not point at PostgreSQL")
    config = {"BACKEND": BACKENDS[engine], "PATH": tmp_path_factory.mktemp(f"index-{engine}")}
    with override_settings(SEARCH_BACKEND=config, **overrides), django_db_blocker.unblock():
        entries = [e for e in search.entries_from_database() if e.game == game]
        search.encode_rules(entries)  # nothing while the encoder is off (the test settings)
        search.get_backend().rebuild(entries)
    yield config
    if engine == "postgres":
        with django_db_blocker.unblock():
            drop_postgres_index()


def starfall_entries():
    return [e for e in search.entries_from_database() if e.game == GAME]


@pytest.fixture(scope="module", params=["whoosh", "postgres"])
def built_backend(request, starfall, django_db_blocker, tmp_path_factory):
    """Each backend holding the Starfall index, built once per module."""
    if request.param == "postgres" and not postgres_configured():
        pytest.skip("PostgreSQL backend: DATABASE_URL does not point at PostgreSQL")
    path = tmp_path_factory.mktemp(f"index-{request.param}")
    config = {"BACKEND": BACKENDS[request.param], "PATH": path}
    with override_settings(SEARCH_BACKEND=config, RULEBOOK_DEFAULT_GAME=GAME):
        with django_db_blocker.unblock():
            engine = search.get_backend()
            engine.rebuild(starfall_entries())
        yield engine, config
        if request.param == "postgres":
            with django_db_blocker.unblock():
                drop_postgres_index()


@pytest.fixture
def backend(built_backend, settings):
    """The backend under test, configured in settings for this test (after the project-wide
    fixture that gives every test an unbuilt index)."""
    engine, config = built_backend
    settings.SEARCH_BACKEND = config
    settings.RULEBOOK_DEFAULT_GAME = GAME
    return engine


@pytest.fixture(params=[WHOOSH, *([POSTGRES] if postgres_configured() else [])])
def index(request, tmp_path):
    """A fresh index of its own per test, on each engine, which the test's ingests update."""
    config = {"BACKEND": request.param, "PATH": tmp_path / "index", "GRACE_SECONDS": 0}
    with override_settings(SEARCH_BACKEND=config, RULEBOOK_INDEX_AFTER_INGEST=True):
        yield request.param
