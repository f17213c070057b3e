"""Warming the page cache after an ingest renders each comparison with page assembly, as
its first reader's request would, without a test client."""

import inspect
import io
import shutil
import uuid

import pytest
from django.core.management import call_command

from rulebook.web import caching

pytestmark = pytest.mark.django_db

RANGES = [
    "/en/lanternfall/rules/changes/2026-01..2026-05-01/",
    "/en/lanternfall/rules/changes/2026-05-01..2026-09-01/",
    "/en/lanternfall/rules/changes/2026-01..2026-09-01/",
]


def _page_cache(settings, name):
    settings.CACHES = {
        **settings.CACHES,
        name: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache",
               "LOCATION": uuid.uuid4().hex},
    }  # fmt: skip
    settings.RULEBOOK_PAGE_CACHE = name


def test_warmed_comparisons_are_the_pages_a_request_writes(
    demo_data, demo_dir, client, tmp_path, settings
):
    _page_cache(settings, "warmed")
    settings.RULEBOOK_WARM_ORIGINS = ["http://testserver"]
    copy = tmp_path / "2026-09-01_v1.2.md"
    shutil.copy(demo_dir / "lanternfall/core-rules/en/2026-05-01_v1.1.md", copy)
    out = io.StringIO()
    call_command(
        "ingest", str(copy), "--game", "lanternfall", "--language", "en",
        "--doc-version", "2026-09-01", stdout=out, stderr=io.StringIO(),
    )  # fmt: skip
    assert "Pages rendered ahead: 3." in out.getvalue()
    warmed = [client.get(url) for url in RANGES]
    assert [response["X-Page-Cache"] for response in warmed] == ["hit"] * 3
    _page_cache(settings, "written-on-request")
    written = [client.get(url) for url in RANGES]
    assert [response["X-Page-Cache"] for response in written] == ["miss"] * 3
    assert [r.content for r in written] == [r.content for r in warmed]


def test_warming_uses_no_test_client():
    assert "django.test" not in inspect.getsource(caching)


def test_any_stored_page_is_warmed_through_its_own_view(demo_data, client, settings):
    """Whatever the page, in either language: the view's decorator keeps it, under the key a
    reader's request asks for; a page kept nowhere (search) is not rendered."""
    _page_cache(settings, "warmed-by-view")
    pages = ["/en/lanternfall/rules/310/", "/fr/lanternfall/rules/310/", "/en/lanternfall/"]
    assert caching.warm(["http://testserver"], [*pages, "/en/search/"]) == 2
    answers = [client.get(url) for url in pages]
    assert [r.status_code for r in answers] == [200] * 3
    assert [r.get("X-Page-Cache") for r in answers] == ["hit", "hit", None]
    assert '<html lang="fr">' in answers[1].content.decode()
