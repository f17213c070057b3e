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
