"""The site in processes of its own, as it runs in production: commands, then gunicorn.

Tests that need what separate processes share (a database file, Redis, an index on disk) and
nothing else start the site this way: the browser tests, the scale-out tests and the tests of
an ingest run beside a running worker.
"""

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env: dict, *args: str) -> None:
    """``manage.py`` in its own process; its output is kept for the failure message."""
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )


@contextmanager
def gunicorn(env: dict, workers: int = 1):
    """The site under gunicorn on a free port, once it answers; yields its base URL."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "rulebook.wsgi:application"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", str(workers)]
    proc = subprocess.Popen([*command, "--log-level", "warning"], cwd=ROOT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/robots.txt", timeout=1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("gunicorn did not start within 30 s")
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def prod_env(data) -> dict:
    """The environment of the site in production settings on its own SQLite data directory."""
    env = {
        **os.environ,
        "RULEBOOK_DATA_DIR": str(data),
        "DJANGO_SETTINGS_MODULE": "rulebook.settings.prod",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        # Encoding the corpus's rules takes minutes of CPU per served site; the encoder is
        # tested in-process on both engines (tests/search/test_nearest.py).
        "RULEBOOK_ENCODER": "0",
    }
    env.pop("DATABASE_URL", None)
    return env


def serve_data_dir(data, *loads):
    """Migrate a fresh data directory, run the load commands, collect static files, and start
    gunicorn on it; yields the base URL and stops the server afterwards."""
    if os.environ.get("DATABASE_URL", "").startswith("postgres"):
        pytest.skip("browser tests run in the SQLite pass only")
    env = prod_env(data)
    manage(env, "migrate", "--noinput", "-v0")
    for load in loads:
        manage(env, *load)
    manage(env, "collectstatic", "--noinput", "-v0")
    with gunicorn(env) as url:
        yield url
