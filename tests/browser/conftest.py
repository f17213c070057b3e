"""A real server and a real browser: gunicorn on a private data directory, Debian's Chromium.

The server runs in its own process with its own SQLite file, loaded by the same commands the
README's run command uses, so these tests see what a visitor sees and never share state with the
in-process test database.
"""

import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

pytestmark = pytest.mark.browser


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _manage(env, *args):
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )


def _serve(data, *loads):
    """Migrate a fresh data directory, run the load commands, collect static files, and start
    gunicorn on it; yields the base URL and stops the server afterwards."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("browser tests run in the SQLite pass only")
    env = {
        **os.environ,
        "RULEBOOK_DATA_DIR": str(data),
        "DJANGO_SETTINGS_MODULE": "rulebook.settings.prod",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    }
    env.pop("DATABASE_URL", None)
    _manage(env, "migrate", "--noinput", "-v0")
    for load in loads:
        _manage(env, *load)
    _manage(env, "collectstatic", "--noinput", "-v0")
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "rulebook.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/robots.txt", timeout=1)
            break
        except OSError:
            time.sleep(0.2)
    else:
        proc.terminate()
        pytest.fail("gunicorn did not start within 30 s")
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server_url(tmp_path_factory):
    """The demo games (Lanternfall, Hollowmere), as ``make run`` serves them."""
    yield from _serve(tmp_path_factory.mktemp("browser-data"), ("ingest_demo", "-v0"))


@pytest.fixture(scope="session")
def corpus_server_url(tmp_path_factory, corpus_dir):
    """The newest real Riftbound Core Rules, English and French (skipped without ../shared)."""
    newest = [corpus_dir / "core-rules" / lang / "2026-07-16_v1.4.json" for lang in ("en", "fr")]
    if not all(path.is_file() for path in newest):
        pytest.skip("the 2026-07-16 Riftbound Core Rules are not in ../shared/corpus")
    loads = [("ingest", str(path), "--game", "riftbound", "-v0") for path in newest]
    yield from _serve(tmp_path_factory.mktemp("browser-corpus"), *loads)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

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
