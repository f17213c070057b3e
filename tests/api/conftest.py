import pytest
from django.core.cache import cache
from django.urls import NoReverseMatch, reverse

from tests.dbdata import load_demo


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
