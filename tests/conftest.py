"""Fixtures shared by every test layer: where the data lives, and databases loaded with it."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "demo"
# RULEBOOK_SHARED_DIR, for a checkout that is not beside ../shared.
SHARED = Path(os.environ.get("RULEBOOK_SHARED_DIR") or ROOT.parent / "shared").resolve()
CORPUS = SHARED / "corpus" / "riftbound"


@pytest.fixture(scope="session")
def corpus_dir():
    """The real Riftbound documents; tests that need them skip on a machine without ../shared."""
    if not CORPUS.is_dir():
        pytest.skip(f"../shared/corpus is not present (looked in {CORPUS})")
    return CORPUS


@pytest.fixture(scope="session")
def demo_dir():
    return DEMO


@pytest.fixture(scope="session")
def demo_data(django_db_setup, django_db_blocker):
    """The demo games, FAQ and cards included, committed once for the whole session."""
    from tests.dbdata import load_demo

    with django_db_blocker.unblock():
        return load_demo()


@pytest.fixture(scope="session")
def corpus_data(django_db_setup, django_db_blocker, corpus_dir):
    """Every real Core Rules file, English and French (skipped without ../shared)."""
    from tests.dbdata import load_corpus

    with django_db_blocker.unblock():
        return load_corpus(corpus_dir)


@pytest.fixture(scope="session")
def corpus_knowledge(django_db_setup, django_db_blocker, corpus_data, corpus_dir):
    """The corpus rules (through ``corpus_data``) plus the FAQ, errata and card files."""
    from tests.dbdata import load_corpus_knowledge

    with django_db_blocker.unblock():
        return load_corpus_knowledge(corpus_dir)


WHOOSH = "rulebook.search.whoosh_backend.WhooshBackend"
DEMO_GAMES = {"lanternfall", "hollowmere"}


def build_index(path: Path, games=None) -> dict:
    """Build a Whoosh index of the committed rows (of ``games`` only, when given) at ``path``.

    Filtering by game keeps an index's content independent of which other session data earlier
    tests happened to load, so a test sees the same index in any order.
    """
    from django.test import override_settings

    from rulebook import search

    config = {"BACKEND": WHOOSH, "PATH": path}
    entries = search.entries_from_database()
    if games is not None:
        entries = [entry for entry in entries if entry.game in games]
    with override_settings(SEARCH_BACKEND=config):
        search.get_backend().rebuild(entries)
    return config


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts and ends in the default language.

    A request leaves its negotiated language active on the thread (Django does not reset it),
    so a French request in one test would otherwise change what the next test renders.
    """
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def no_request_left_open():
    """Each test ends as if its last request had finished.

    Values kept for a request (``rulebook.requestscope``) are dropped when it finishes; a test
    that leaves a streamed response unread never finishes it, and a later test would read
    them outside any request.
    """
    yield
    from rulebook.requestscope import request_scope

    request_scope.end()


@pytest.fixture(autouse=True)
def unbuilt_default_index(settings, tmp_path_factory):
    """Each test starts with an index path of its own that nothing has built.

    Ingest commands leave the index alone; a test that searches asks for ``demo_index``, or
    turns ``RULEBOOK_INDEX_AFTER_INGEST`` on and so builds its own, there.
    """
    path = tmp_path_factory.getbasetemp() / "unbuilt-indexes" / os.urandom(6).hex()
    settings.SEARCH_BACKEND = {**settings.SEARCH_BACKEND, "PATH": path}
    settings.RULEBOOK_INDEX_AFTER_INGEST = False  # a test that searches after ingest turns it on


@pytest.fixture(scope="session")
def demo_index_config(demo_data, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock():
        return build_index(tmp_path_factory.mktemp("demo-index"), DEMO_GAMES)


@pytest.fixture(scope="session")
def corpus_index_config(corpus_knowledge, django_db_blocker, tmp_path_factory):
    with django_db_blocker.unblock():
        return build_index(tmp_path_factory.mktemp("corpus-index"), {"riftbound"})


@pytest.fixture
def demo_index(demo_index_config, settings):
    """The demo games' index, built once per session; this test searches it."""
    settings.SEARCH_BACKEND = demo_index_config


@pytest.fixture
def corpus_index(corpus_index_config, settings):
    """The Riftbound corpus index (rules, FAQ, cards), built once per session."""
    settings.SEARCH_BACKEND = corpus_index_config
