import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def api_settings(settings):
    """No rate limit unless a test sets one, and a clean cache (the limit counts in it)."""
    settings.RULEBOOK_API_RATE_LIMIT = None
    cache.clear()
    yield settings
    cache.clear()
