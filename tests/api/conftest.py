import pytest
from django.core.cache import cache
from django.urls import NoReverseMatch, reverse

from tests.dbdata import load_corpus, load_corpus_knowledge, load_demo


@pytest.fixture(scope="session")
def demo_data(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return load_demo()


def _site_includes_api() -> bool:
    try:
        reverse("api_linkify")
        reverse("linkify")
    except NoReverseMatch:
        return False
    return True


@pytest.fixture(autouse=True)
def api_settings(settings):
    """The real URLconf once it includes the API, else one that does; no rate limit."""
    if not _site_includes_api():
        settings.ROOT_URLCONF = "tests.api.urls"
    settings.RULEBOOK_API_RATE_LIMIT = None
    cache.clear()
    yield settings
    cache.clear()


@pytest.fixture(scope="session")
def corpus_knowledge(django_db_setup, django_db_blocker, corpus_dir):
    """The corpus rules plus its FAQ, errata and card files (as tests/knowledge_web loads
    them; a second load in the same session is a no-op)."""
    with django_db_blocker.unblock():
        load_corpus(corpus_dir)
        return load_corpus_knowledge(corpus_dir)
