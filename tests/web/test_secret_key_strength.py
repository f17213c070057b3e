"""Production refuses a weak secret key at settings import: under 32 characters or under 5
distinct characters. Django's own check only warns, and only under ``check --deploy``."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def import_prod(tmp_path, key: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "RULEBOOK_"))}
    env.pop("DATABASE_URL", None)
    env.update(
        DJANGO_SECRET_KEY=key,
        DJANGO_ALLOWED_HOSTS="rules.example.org",
        RULEBOOK_DATA_DIR=str(tmp_path),
    )
    return subprocess.run(
        [sys.executable, "-c", "import rulebook.settings.prod as s; print(len(s.SECRET_KEY))"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "key",
    [
        "abc",
        "x" * 64,  # long, one distinct character
        "abab" * 20,  # long, two distinct characters
        "abcd" * 20,  # long, four distinct characters
        secrets.token_urlsafe(50)[:31],  # random, one character short
    ],
    ids=["short", "one-char", "two-chars", "four-chars", "31-chars"],
)
def test_a_weak_key_is_refused_at_import(tmp_path, key):
    result = import_prod(tmp_path, key)
    assert result.returncode != 0
    assert (
        "ImproperlyConfigured" in result.stderr and "DJANGO_SECRET_KEY is too weak" in result.stderr
    )


@pytest.mark.parametrize(
    "key", ["abcde" * 7, secrets.token_urlsafe(24)], ids=["35-chars-5-distinct", "32-random"]
)
def test_a_key_at_the_bounds_is_accepted(tmp_path, key):
    result = import_prod(tmp_path, key)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == str(len(key))


def test_the_generated_key_passes(tmp_path):
    """``make run`` uses scripts/secret_key.py: its key must be one production accepts."""
    env = {**os.environ, "RULEBOOK_DATA_DIR": str(tmp_path)}
    key = subprocess.run(
        [sys.executable, "scripts/secret_key.py"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert import_prod(tmp_path, key).returncode == 0
