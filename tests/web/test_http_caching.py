"""HTML pages carry validators from the data generation, answer 304, and are kept rendered.

No timing here: the figures are in ``benchmarks/load.py`` and the README.
"""

import io
import re
import shutil
import uuid

import pytest
from django.core.management import call_command

from rulebook.loading.run import IngestOptions, run_ingest

pytestmark = pytest.mark.django_db

RULE = "/en/lanternfall/rules/310/"
PINNED = "/en/lanternfall/rules/2026-01/310/"


def _reingest_as_new_version(demo_dir, tmp_path):
    source = demo_dir / "lanternfall/core-rules/en/2026-05-01_v1.1.md"
    copy = tmp_path / "2026-09-01_v1.2.md"
    shutil.copy(source, copy)
    options = IngestOptions(game="lanternfall", language="en", version="2026-09-01")
    return run_ingest([copy], options)


@pytest.fixture
def fresh_pages(settings):
    """A page format no other test used, so nothing rendered earlier is served here."""
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex


@pytest.mark.parametrize("url", [RULE, PINNED, "/en/lanternfall/keywords/", "/en/"])
def test_pages_send_validators_and_revalidate(demo_data, client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert response["ETag"].startswith('"')
    assert response["Last-Modified"].endswith("GMT")
    assert "must-revalidate" in response["Cache-Control"]
    assert "max-age=" in response["Cache-Control"]


def test_if_none_match_answers_304_without_a_body(demo_data, client):
    etag = client.get(RULE)["ETag"]
    again = client.get(RULE, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert client.get(RULE, HTTP_IF_NONE_MATCH='"something-else"').status_code == 200


def test_if_modified_since_answers_304(demo_data, client):
    stamp = client.get(PINNED)["Last-Modified"]
    assert client.get(PINNED, HTTP_IF_MODIFIED_SINCE=stamp).status_code == 304


def test_the_second_request_is_served_from_the_page_cache(demo_data, client, fresh_pages):
    first = client.get(RULE)
    second = client.get(RULE)
    assert first["X-Page-Cache"] == "miss"
    assert second["X-Page-Cache"] == "hit"
    assert second.content == first.content
    assert second["Content-Security-Policy"]  # outer middleware still applies


def test_a_changing_ingest_changes_validators_and_the_cached_copy(
    demo_data, demo_dir, client, tmp_path, fresh_pages
):
    before = client.get(RULE)
    assert "2026-09-01" not in before.content.decode()
    _reingest_as_new_version(demo_dir, tmp_path)
    after = client.get(RULE, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert after["X-Page-Cache"] == "miss"
    assert "2026-09-01" in after.content.decode()


def test_an_unchanged_reingest_keeps_the_validators(demo_data, demo_dir, client):
    etag = client.get(RULE)["ETag"]
    source = demo_dir / "lanternfall/core-rules/en/2026-05-01_v1.1.md"
    results = run_ingest([source], IngestOptions(game="lanternfall", language="en"))
    assert {result.status for _item, result in results} == {"unchanged"}
    assert client.get(RULE, HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_negotiated_home_page_varies_on_language(demo_data, client):
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    french = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert english["ETag"] != french["ETag"]
    vary = {v.strip() for v in french["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary
    assert '<html lang="fr">' in french.content.decode()


@pytest.mark.parametrize("url", ["/en/linkify/", "/en/search/?q=swift"])
def test_per_request_pages_carry_no_validators(demo_data, client, url):
    response = client.get(url)
    assert response.status_code == 200
    assert "ETag" not in response


def test_missing_pages_are_not_cached(demo_data, client):
    response = client.get("/en/lanternfall/rules/999/")
    assert response.status_code == 404
    assert "X-Page-Cache" not in response and "ETag" not in response


ROW = re.compile(r'<div class="rule [^"]*" id="([^"]+)"')
NEXT = re.compile(r'<a rel="next" href="(\?part=\d+)">')


def test_a_long_section_is_shown_in_parts_linked_without_javascript(
    demo_data, client, settings, fresh_pages
):
    whole = ROW.findall(client.get("/en/lanternfall/rules/300/").content.decode())
    assert len(whole) > 6
    settings.RULEBOOK_SECTION_PART_SIZE = 4
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex
    url, seen, pages = "/en/lanternfall/rules/300/", [], 0
    while url:
        html = client.get(url).content.decode()
        pages += 1
        rows = ROW.findall(html)
        assert 0 < len(rows) <= 4
        seen += rows
        following = NEXT.search(html)
        url = "/en/lanternfall/rules/300/" + following.group(1) if following else None
    assert seen == whole
    assert pages == -(-len(whole) // 4)
    assert client.get(f"/en/lanternfall/rules/300/?part={pages + 1}").status_code == 404
    assert client.get("/en/lanternfall/rules/300/?part=x").status_code == 404


def test_an_ingest_renders_the_new_comparisons_ahead(
    demo_data, demo_dir, client, tmp_path, settings, fresh_pages
):
    settings.RULEBOOK_WARM_ORIGINS = ["http://testserver"]
    source = demo_dir / "lanternfall/core-rules/en/2026-05-01_v1.1.md"
    copy = tmp_path / "2026-09-01_v1.2.md"
    shutil.copy(source, copy)
    out = io.StringIO()
    call_command(
        "ingest", str(copy), "--game", "lanternfall", "--language", "en",
        "--doc-version", "2026-09-01", stdout=out, stderr=io.StringIO(),
    )  # fmt: skip
    assert "Pages rendered ahead: 3." in out.getvalue()  # two consecutive pairs, one to newest
    first = client.get("/en/lanternfall/rules/changes/2026-05-01..2026-09-01/")
    assert first.status_code == 200
    assert first["X-Page-Cache"] == "hit"
    assert client.get("/en/lanternfall/rules/changes/2026-01..2026-09-01/")["X-Page-Cache"] == "hit"


def test_a_request_reads_the_data_generation_once_and_a_bump_reads_it_again(
    demo_data, django_assert_num_queries
):
    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    from rulebook.loading import generation
    from rulebook.models import DataGeneration

    def send(signal):  # as Django's test client does: the test's transaction stays open
        signal.disconnect(close_old_connections)
        try:
            signal.send(sender=None)
        finally:
            signal.connect(close_old_connections)

    send(request_started)
    try:
        token = DataGeneration.current()[0]
        with django_assert_num_queries(0):
            assert DataGeneration.current()[0] == token
        generation.bump()  # an admin edit inside the request
        assert DataGeneration.current()[0] != token
    finally:
        send(request_finished)
    with django_assert_num_queries(1):  # outside a request: every read asks
        DataGeneration.current()
    with django_assert_num_queries(1):
        DataGeneration.current()
