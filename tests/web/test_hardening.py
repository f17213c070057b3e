"""Deployment hardening: a private secret key, hosts that cannot be forged into URLs, client
addresses that cannot be spoofed past the rate limit, throttled admin logins, validators that
cover the language, and client errors that do not flood the log."""

import logging
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

from rulebook.logfilters import ClientErrorFilter

ROOT = Path(__file__).resolve().parents[2]


def _manage(tmp_path, *args, **env):
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "RULEBOOK_"))}
    clean.pop("DATABASE_URL", None)
    clean.update(
        DJANGO_SETTINGS_MODULE="rulebook.settings.prod", RULEBOOK_DATA_DIR=str(tmp_path), **env
    )
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=clean,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_prod_refuses_to_start_without_a_secret_key(tmp_path):
    result = _manage(tmp_path, "check")
    assert result.returncode != 0 and "DJANGO_SECRET_KEY" in result.stderr


def test_prod_refuses_wildcard_hosts_without_a_base_url(tmp_path):
    key = secrets.token_urlsafe(50)
    result = _manage(tmp_path, "check", DJANGO_SECRET_KEY=key, DJANGO_ALLOWED_HOSTS="*")
    assert result.returncode != 0 and "RULEBOOK_BASE_URL" in result.stderr
    with_base = _manage(
        tmp_path,
        "check",
        DJANGO_SECRET_KEY=key,
        DJANGO_ALLOWED_HOSTS="*",
        RULEBOOK_BASE_URL="https://rules.example.org",
    )
    assert with_base.returncode == 0, with_base.stderr


def test_check_deploy_is_clean_with_a_key_https_and_real_hosts(tmp_path):
    result = _manage(
        tmp_path,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        RULEBOOK_HTTPS="1",
        DJANGO_ALLOWED_HOSTS="rules.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_make_run_key_is_generated_once_and_reused(tmp_path):
    env = {**os.environ, "RULEBOOK_DATA_DIR": str(tmp_path)}
    run = [sys.executable, "scripts/secret_key.py"]
    first = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    again = subprocess.run(run, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    assert len(first.stdout) >= 50 and first.stdout == again.stdout
    assert (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


@pytest.mark.django_db
def test_spoofed_leftmost_forwarded_for_does_not_escape_the_rate_limit(settings, client):
    settings.RULEBOOK_TRUSTED_PROXIES = 1
    settings.RULEBOOK_API_RATE_LIMIT = "3/min"
    statuses = []
    for spoof in range(6):
        response = client.get(
            "/api/v1/games", headers={"X-Forwarded-For": f"10.0.{spoof}.1, 198.51.100.77"}
        )
        statuses.append(response.status_code)
    assert statuses[:3] == [200, 200, 200] and statuses[3:] == [429, 429, 429]


@pytest.mark.django_db
def test_admin_logins_are_throttled(settings, client):
    settings.RULEBOOK_ADMIN_LOGIN_ATTEMPTS = 3
    address = f"203.0.113.{secrets.randbelow(250)}"
    codes = [
        client.post(
            "/admin/login/", {"username": "x", "password": "y"}, REMOTE_ADDR=address
        ).status_code
        for _ in range(5)
    ]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]


@pytest.mark.django_db
def test_base_url_wins_over_a_forged_host(demo_data, settings, client):
    settings.RULEBOOK_BASE_URL = "https://rules.example.org"
    html = client.get("/en/lanternfall/", headers={"Host": "evil.example"}).content.decode()
    assert "evil.example" not in html
    assert 'rel="canonical" href="https://rules.example.org/en/lanternfall/"' in html


@pytest.mark.django_db
def test_api_etag_covers_language_and_base_url(demo_data, settings, client):
    url = "/api/v1/games"
    en = client.get(url, headers={"Accept-Language": "en"})
    fr = client.get(url, headers={"Accept-Language": "fr", "If-None-Match": en["ETag"]})
    assert fr.status_code == 200 and fr["ETag"] != en["ETag"]
    other_host = client.get(url, headers={"Host": "other.example", "Accept-Language": "en"})
    assert other_host["ETag"] != en["ETag"]


def test_client_errors_log_at_info_and_sampled(settings):
    settings.RULEBOOK_CLIENT_ERROR_LOG_SAMPLE = 10
    log_filter = ClientErrorFilter()

    def record(status):
        rec = logging.LogRecord("django.request", logging.WARNING, "", 0, "x", (), None)
        rec.status_code = status
        return rec

    kept = [r for r in (record(429) for _ in range(100)) if log_filter.filter(r)]
    assert len(kept) == 10 and all(r.levelno == logging.INFO for r in kept)
    server = record(500)
    server.levelno = logging.ERROR
    assert log_filter.filter(server) and server.levelno == logging.ERROR
