"""A real server and a real browser: gunicorn on a private data directory, Debian's Chromium.

The server runs in its own process with its own SQLite file, loaded by the same commands the
README's run command uses, so these tests see what a visitor sees and never share state with the
in-process test database.
"""

import os
import shutil
from pathlib import Path

import pytest

from tests.served import serve_data_dir

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    """The demo games (Lanternfall, Hollowmere), as ``make run`` serves them."""
    yield from serve_data_dir(tmp_path_factory.mktemp("browser-data"), ("ingest_demo", "-v0"))


@pytest.fixture(scope="session")
def corpus_server_url(tmp_path_factory, corpus_dir):
    """The newest real Riftbound Core Rules, English and French (skipped without ../shared)."""
    newest = [corpus_dir / "core-rules" / lang / "2026-07-16_v1.4.json" for lang in ("en", "fr")]
    if not all(path.is_file() for path in newest):
        pytest.skip("the 2026-07-16 Riftbound Core Rules are not in ../shared/corpus")
    loads = [("ingest", str(path), "--game", "riftbound", "-v0") for path in newest]
    yield from serve_data_dir(tmp_path_factory.mktemp("browser-corpus"), *loads)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API drives an asyncio loop from this thread; with several tests per
    # process (pytest-xdist) Django then took later tests' plain ORM calls for calls from a
    # coroutine (SynchronousOnlyOperation). Nothing here runs Django code in a coroutine.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as pw:
        instance = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield instance
        instance.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="en-GB")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def offline_phone(browser):
    """A 390 px phone whose script errors are kept in ``page.errors``, for the offline tests
    (a service worker's failures show there)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()
