import pytest

from tests.dbdata import load_corpus, load_demo


@pytest.fixture(scope="session")
def demo_data(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return load_demo()


@pytest.fixture(scope="session")
def corpus_data(django_db_setup, django_db_blocker, corpus_dir):
    with django_db_blocker.unblock():
        return load_corpus(corpus_dir)
