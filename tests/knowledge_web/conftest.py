"""Fixtures for the keyword, FAQ and card pages: data loaded once per session."""

import pytest

from tests.dbdata import load_corpus, load_corpus_knowledge, load_demo


@pytest.fixture(scope="session")
def demo_data(django_db_setup, django_db_blocker):
    """The demo game, knowledge files included (a second load elsewhere is a no-op)."""
    with django_db_blocker.unblock():
        return load_demo()


@pytest.fixture(scope="session")
def corpus_data(django_db_setup, django_db_blocker, corpus_dir):
    with django_db_blocker.unblock():
        return load_corpus(corpus_dir)


@pytest.fixture(scope="session")
def corpus_knowledge(django_db_setup, django_db_blocker, corpus_data, corpus_dir):
    """The corpus rules (through ``corpus_data``) plus the FAQ, errata and card files."""
    with django_db_blocker.unblock():
        return load_corpus_knowledge(corpus_dir)
