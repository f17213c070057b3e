"""Importing the settings creates nothing; the commands that write make what they need."""

import os
import secrets
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _env(data_dir, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(RULEBOOK_DATA_DIR=str(data_dir), **extra)
    return env


@pytest.mark.parametrize("module", ["base", "dev", "prod"])
def test_importing_the_settings_creates_no_directory(tmp_path, module):
    data_dir = tmp_path / "not-yet" / "data"
    env = _env(
        data_dir, DJANGO_SECRET_KEY=secrets.token_urlsafe(50), DJANGO_ALLOWED_HOSTS="example.org"
    )
    code = f"import rulebook.settings.{module} as s; print(s.DATA_DIR)"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(data_dir)
    assert list(tmp_path.iterdir()) == []


def test_a_command_on_a_fresh_data_directory_makes_the_database_directory(tmp_path):
    data_dir = tmp_path / "fresh" / "data"
    done = subprocess.run(
        [sys.executable, "manage.py", "showmigrations", "rulebook"],
        cwd=ROOT,
        # With Redis as the cache no file cache makes the data directory first; nothing is
        # written to Redis (the prefix is this test's own).
        env=_env(
            data_dir,
            DJANGO_SETTINGS_MODULE="rulebook.settings.dev",
            REDIS_URL="redis://127.0.0.1:6379/0",
            RULEBOOK_CACHE_PREFIX=f"rulebook-test-house-{secrets.token_hex(6)}",
        ),
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "[ ] 0001_initial" in done.stdout
    assert (data_dir / "rulebook.sqlite3").is_file()
