"""Newcomer set-up: favicon, print stylesheet, serving without the demo, quiet static files."""

import logging
import subprocess
from pathlib import Path

import pytest
from django.test import override_settings

from rulebook.web.storage import ForgivingManifestStorage

ROOT = Path(__file__).resolve().parent.parent.parent


def test_favicon_is_served_at_the_root(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # an ICO header
    assert "max-age" in response["Cache-Control"]


@pytest.mark.django_db
def test_pages_link_a_print_stylesheet_that_hides_the_site_around_the_rules(demo_data, client):
    html = client.get("/en/lanternfall/rules/310/").content.decode()
    assert 'href="/static/rulebook/print.css" media="print"' in html
    css = (ROOT / "static/rulebook/print.css").read_text()
    for hidden in (".site-header", ".rule-menu", ".permalink", ".pager", ".site-footer", "nav"):
        assert hidden in css.split("{")[0]
    assert "break-inside: avoid" in css


def test_make_serve_does_not_load_the_demo():
    dry = subprocess.run(
        ["make", "-n", "serve"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "gunicorn" in dry and "collectstatic" in dry and "migrate" in dry
    assert "ingest_demo" not in dry
    run = subprocess.run(["make", "-n", "run"], cwd=ROOT, capture_output=True, text=True).stdout
    assert "ingest_demo" in run


def test_whitenoise_probe_for_a_missing_name_is_not_a_collectstatic_warning(tmp_path, caplog):
    with override_settings(STATIC_ROOT=tmp_path):
        storage = ForgivingManifestStorage(location=tmp_path)
        with caplog.at_level(logging.DEBUG, logger="rulebook.web.storage"):
            assert storage.url("admin/js/jquery.js") == "/static/admin/js/jquery.js"
            storage.url("rulebook/site.css")
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert warnings == [
        "static file rulebook/site.css is not collected; run manage.py collectstatic"
    ]
