"""What a player needs at a table, offline (issue 32, item 5): one "Save for offline" on the
demo game keeps both languages of the rules, the keyword, card, FAQ and glossary pages; saved
pages open from this device at once (the worker marks them), the size is said before saving,
and a saved copy updates itself when the site publishes a new version.

The open times are printed (run with ``-s`` to see them), never asserted: what is asserted is
that the page came from the saved copy, with no request reaching the server.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.browser.test_offline import cut
from tests.served import manage, prod_env, serve_data_dir

pytestmark = pytest.mark.browser

SAVED_HEADER = "x-rulebook-offline"
NOT_PAGES = re.compile(r"/static/|/sw\.js$|/favicon\.ico$|/manifest\.webmanifest$|/offline\.json$")
# Pages a player opens at a table, each a different kind of saved page.
TABLE_PAGES = {
    "French rule": "/fr/lanternfall/rules/310/",
    "card page": "/en/lanternfall/cards/lantern-warden/",
    "keyword page": "/en/lanternfall/keywords/ward/",
    "FAQ": "/en/lanternfall/faq/",
    "glossary": "/en/lanternfall/glossary/",
}


def save(page, server_url, lang="en"):
    """Save the demo game; a server that just started measures its pages first, so this may
    take longer than the browser tests' usual wait."""
    page.goto(f"{server_url}/{lang}/lanternfall/")
    panel = page.locator(".offline-panel")
    panel.locator("[data-action=save]").click()
    page.wait_for_selector(".offline-panel[data-saved=saved]", timeout=120_000)
    return panel


def count_server_requests(page) -> list[str]:
    """The URLs the browser (pages and worker) sent towards the server, from now on: every
    request is aborted, as if the server were gone, and noted."""
    sent = []

    def abort(route):
        sent.append(route.request.url)
        route.abort()

    page.context.unroute("**/*")
    page.context.route("**/*", abort)
    return sent


def open_timed(page, url):
    started = time.perf_counter()
    response = page.goto(url)
    return response, (time.perf_counter() - started) * 1000


def test_one_save_keeps_what_a_table_needs_and_opens_it_from_the_device(server_url, offline_phone):
    save(offline_phone, server_url)
    sent = count_server_requests(offline_phone)
    timings = {}
    for name, path in TABLE_PAGES.items():
        response, timings[name] = open_timed(offline_phone, server_url + path)
        assert response.from_service_worker, name
        assert response.headers.get(SAVED_HEADER) == "saved", name
        assert offline_phone.locator("h1").inner_text() not in (
            "Offline reading",
            "Lecture hors ligne",
        )
    assert offline_phone.locator("html").get_attribute("lang") == "en"
    # Every page above came from the saved copy: no page was asked of the server (the worker's
    # stamp check, its refresh of stylesheets and the browser's worker update check are not
    # pages; the demo's card images live on another host, and failed to save).
    pages = [url for url in sent if url.startswith(server_url) and not NOT_PAGES.search(url)]
    assert pages == []
    print("\noffline open times (ms):", {k: round(v) for k, v in timings.items()})
    offline_phone.goto(server_url + "/fr/lanternfall/rules/310/")
    assert offline_phone.locator('[id="316"]').is_visible()
    assert offline_phone.locator("html").get_attribute("lang") == "fr"
    offline_phone.goto(server_url + "/fr/lanternfall/rules/711.2/")  # a French rule, by its number
    assert offline_phone.url == f"{server_url}/fr/lanternfall/rules/711/#711.2"
    offline_phone.goto(server_url + "/fr/lanternfall/keywords/celerite/")
    assert offline_phone.get_by_text("Célérité").count() > 0
    offline_phone.goto(server_url + "/en/lanternfall/cards/")
    assert offline_phone.get_by_role("link", name="Lantern Warden").count() > 0
    assert offline_phone.errors == []


def test_the_size_is_said_before_saving_and_failed_card_images_do_not_fail_the_save(
    server_url, offline_phone
):
    offline_phone.goto(f"{server_url}/en/lanternfall/")
    estimate = offline_phone.locator(".offline-panel [data-field=estimate]")
    expect(estimate).to_have_text(re.compile(r"^To save: \d+ pages, about [\d.,]+\s?MB\.$"))
    manifest = offline_phone.evaluate("fetch('/en/lanternfall/offline.json').then(r => r.json())")
    pages = int(re.search(r"(\d+) pages", estimate.inner_text()).group(1))
    assert pages == len(manifest["urls"]) and manifest["images"]  # the demo's images all fail
    megabytes = float(re.search(r"about ([\d.]+)", estimate.inner_text()).group(1))
    assert megabytes == pytest.approx(manifest["size"]["bytes"] / 1048576, abs=0.06)
    offline_phone.locator(".offline-panel [data-action=save]").click()
    offline_phone.wait_for_selector(".offline-panel[data-saved=saved]")
    saved = offline_phone.evaluate(
        """async () => {
        const name = (await caches.keys()).find(n => n.startsWith('rulebook-saved|'));
        return (await (await caches.open(name)).match('/offline-copy.json')).json();
    }"""
    )
    assert saved["saved"]["pages"] == len(manifest["urls"]) and saved["saved"]["images"] == 0
    # The estimate is within a fifth of what the save really stored (pages and assets).
    assert saved["saved"]["bytes"] == pytest.approx(manifest["size"]["bytes"], rel=0.2)
    assert offline_phone.errors == []


@pytest.fixture(scope="module")
def changing_site(tmp_path_factory):
    """The demo on a server of its own, whose data a test changes: (base URL, ingest)."""
    data = tmp_path_factory.mktemp("browser-offline-update")
    server = serve_data_dir(data, ("ingest_demo", "-v0"))
    url = next(server)
    env = prod_env(data)
    yield url, lambda *args: manage(env, "ingest", *args, "-v0")
    server.close()


def test_saved_copy_updates_itself_when_a_new_version_is_published(
    changing_site, offline_phone, demo_dir, tmp_path
):
    url, ingest = changing_site
    panel = save(offline_phone, url)
    before = panel.get_attribute("data-stamp")
    rules = (demo_dir / "lanternfall/core-rules/en/2026-05-01_v1.1.md").read_text("utf-8")
    newer = tmp_path / "2026-09-01_v1.2.md"
    newer.write_text(rules.replace("2026-05-01", "2026-09-01"), encoding="utf-8")
    ingest(str(newer), "--game", "lanternfall", "--doc-version", "2026-09-01")

    response = offline_phone.goto(f"{url}/en/lanternfall/")  # the saved game page, at once
    assert response.headers.get(SAVED_HEADER) == "saved"
    panel = offline_phone.locator(".offline-panel")
    expect(panel.locator("[data-field=updated]")).to_contain_text(
        "Updated to version 2026-09-01", timeout=30_000
    )
    expect(panel).to_have_attribute("data-saved", "saved")
    expect(panel.locator("[data-field=updated]")).to_contain_text("(was version 2026-05-01)")
    names = offline_phone.evaluate(
        "(async () => (await caches.keys()).filter(n => n.startsWith('rulebook-saved|')))()"
    )
    assert len(names) == 1 and not names[0].endswith(before)
    cut(offline_phone)
    response = offline_phone.goto(f"{url}/en/lanternfall/rules/")
    assert response.headers.get(SAVED_HEADER) == "saved"
    assert "2026-09-01" in offline_phone.content()
    assert offline_phone.errors == []
