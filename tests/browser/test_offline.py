"""Reading offline in Chromium: save a game on its page, take the server away, read on.

The server is taken away by aborting every request of the browser context: unlike
``set_offline``, context routes also cut the service worker's own fetches, so anything that
still loads comes from this device. Every test gets a fresh context, hence a fresh worker and
empty Cache Storage.
"""

import pytest
from playwright.sync_api import expect

from ingest import numbers

pytestmark = pytest.mark.browser

SAVED_CACHES = "(async () => (await caches.keys()).filter(n => n.startsWith('rulebook-saved|')))()"


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(msg.text))
    yield page
    context.close()


def save(page, server_url, lang="en"):
    page.goto(f"{server_url}/{lang}/lanternfall/")
    panel = page.locator(".offline-panel")
    panel.locator("[data-action=save]").click()
    # Saving fetches every page of the game: on a slow two-core machine running the suite
    # on both cores it once took over Playwright's default 30 s (CI, 2026-12-05).
    page.wait_for_selector(".offline-panel[data-saved=saved]", timeout=120_000)
    return panel


def cut(page):
    page.context.route("**/*", lambda route: route.abort())


def search_from_header(page, text):
    page.fill("#site-q", text)
    page.press("#site-q", "Enter")
    page.wait_for_load_state()


def test_saved_game_reads_offline_in_english(server_url, phone):
    panel = save(phone, server_url)
    summary = panel.locator("[data-field=summary]").inner_text()
    assert "pages" in summary and "version 2026-05-01" in summary and "MB" in summary
    assert panel.locator("[data-action=remove]").is_visible()
    phone.goto(f"{server_url}/en/lanternfall/rules/changes/")  # visited online: kept too
    cut(phone)

    phone.goto(f"{server_url}/en/lanternfall/rules/310/")
    assert phone.locator('[id="316"]').is_visible()
    phone.goto(f"{server_url}/en/lanternfall/rules/711.2/")
    assert phone.url == f"{server_url}/en/lanternfall/rules/711/#711.2"
    assert phone.locator('[id="711.2"]').evaluate("el => el.matches(':target')")
    phone.goto(f"{server_url}/en/lanternfall/rules/132.1b2a/")  # a loose number, another section
    assert phone.url == f"{server_url}/en/lanternfall/rules/130/#132.1.b.2.a"
    phone.goto(
        f"{server_url}/en/lanternfall/rules/2026-05-01/405.1/"
    )  # pinned to the saved version
    assert phone.url == f"{server_url}/en/lanternfall/rules/404/#405.1"
    phone.goto(f"{server_url}/en/lanternfall/keywords/ward/")
    assert phone.get_by_role("heading", name="Ward").first.is_visible()
    assert phone.locator('[id="714.3"]').is_visible()
    phone.goto(f"{server_url}/en/lanternfall/rules/700/")  # a chapter: its entry in the contents
    assert phone.url == f"{server_url}/en/lanternfall/rules/#toc-700"

    search_from_header(phone, "711.2")
    assert phone.url == f"{server_url}/en/lanternfall/rules/711/#711.2"
    assert phone.locator('[id="711.2"]').is_visible()
    search_from_header(phone, "rule 132.1b2a")
    assert phone.url == f"{server_url}/en/lanternfall/rules/130/#132.1.b.2.a"

    phone.goto(f"{server_url}/en/lanternfall/faq/")
    assert phone.locator("h1").inner_text() != "Offline reading"

    phone.goto(f"{server_url}/en/lanternfall/rules/changes/")
    assert phone.locator("h1").inner_text() != "Offline reading"

    phone.goto(f"{server_url}/en/lanternfall/rules/711/history/")  # neither saved nor visited
    assert phone.locator("h1").inner_text() == "Offline reading"
    assert phone.locator("[data-field=missed]").inner_text() == "/en/lanternfall/rules/711/history/"
    saved = phone.locator(".saved-list")
    # The lists are filled from Cache Storage after the page loads: wait for them.
    expect(saved.get_by_role("link", name="Lanternfall (EN)")).to_be_visible()
    expect(saved).to_contain_text("version 2026-05-01")
    visited = phone.locator('.visited-list a[href="/en/lanternfall/rules/changes/"]')
    expect(visited).to_be_visible()
    search_from_header(phone, "why does the lantern flicker")
    assert phone.locator("h1").inner_text() == "Offline reading"
    assert phone.errors == []


def test_saved_game_reads_offline_in_french(server_url, phone):
    save(phone, server_url, "fr")
    cut(phone)
    phone.goto(f"{server_url}/fr/lanternfall/rules/310/")
    assert phone.locator('[id="316"]').is_visible()
    assert phone.locator("html").get_attribute("lang") == "fr"
    phone.goto(f"{server_url}/fr/lanternfall/rules/711.2/")
    assert phone.url == f"{server_url}/fr/lanternfall/rules/711/#711.2"
    phone.goto(f"{server_url}/fr/lanternfall/keywords/celerite/")
    assert phone.locator('[id="711.2"]').count() + phone.get_by_text("Célérité").count() > 0
    search_from_header(phone, "règle 711.2")
    assert phone.url == f"{server_url}/fr/lanternfall/rules/711/#711.2"
    phone.goto(f"{server_url}/fr/lanternfall/rules/changes/")
    assert phone.locator("h1").inner_text() == "Lecture hors ligne"
    expect(phone.get_by_role("link", name="Lanternfall (FR)")).to_be_visible()
    # The French copy holds the English rules too, but its card pages are the French ones.
    phone.goto(f"{server_url}/en/lanternfall/rules/310/")
    assert phone.locator('[id="316"]').is_visible()
    phone.goto(f"{server_url}/en/lanternfall/cards/")
    assert phone.locator("h1").inner_text() == "Offline reading"
    assert phone.errors == []


def test_remove_saved_copy_empties_cache_storage(server_url, phone):
    panel = save(phone, server_url)
    assert phone.evaluate(SAVED_CACHES) == [
        "rulebook-saved|en|lanternfall|" + panel.get_attribute("data-stamp")
    ]
    phone.goto(f"{server_url}/en/lanternfall/rules/711/")  # a visited page of that game
    phone.goto(f"{server_url}/en/lanternfall/")
    phone.locator(".offline-panel [data-action=remove]").click()
    phone.wait_for_selector(".offline-panel[data-saved=none]")
    assert phone.evaluate(SAVED_CACHES) == []
    for path in ["/en/lanternfall/rules/310/", "/en/lanternfall/rules/711/", "/en/lanternfall/"]:
        assert phone.evaluate(f"caches.match('{path}').then(r => r === undefined)"), path
    assert phone.locator(".offline-panel [data-action=save]").is_visible()
    cut(phone)
    phone.goto(f"{server_url}/en/lanternfall/rules/310/")
    assert phone.locator("h1").inner_text() == "Offline reading"
    expect(phone.get_by_text("Nothing is saved yet.")).to_be_visible()
    assert phone.errors == []


def test_stale_copy_updates_itself_and_says_so(server_url, phone):
    panel = save(phone, server_url)
    current = panel.get_attribute("data-stamp")
    # The copy on this device was saved from older data: rewrite its stamp.
    phone.evaluate(
        """async () => {
        const name = (await caches.keys()).find(n => n.startsWith('rulebook-saved|'));
        const cache = await caches.open(name);
        const meta = await (await cache.match('/offline-copy.json')).json();
        meta.stamp = 'older';
        await cache.put('/offline-copy.json', new Response(JSON.stringify(meta)));
    }"""
    )
    phone.reload()  # the saved page; the worker then finds the site's stamp changed
    expect(panel.locator("[data-field=updated]")).to_contain_text(
        "Updated to version 2026-05-01", timeout=60_000
    )
    expect(panel).to_have_attribute("data-saved", "saved")
    assert phone.evaluate(SAVED_CACHES) == ["rulebook-saved|en|lanternfall|" + current]
    assert not panel.get_by_text("Update available").is_visible()
    assert phone.errors == []


def test_without_service_workers_the_site_is_the_plain_site(server_url, browser):
    context = browser.new_context(service_workers="block", locale="en-GB")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server_url}/en/lanternfall/")
    page.goto(f"{server_url}/en/lanternfall/rules/310/")
    page.goto(f"{server_url}/en/lanternfall/")
    assert page.locator(".offline-panel").is_hidden()
    assert (
        page.evaluate("navigator.serviceWorker ? navigator.serviceWorker.controller : null") is None
    )
    page.get_by_role("link", name="Rules", exact=True).click()
    page.wait_for_url(f"{server_url}/en/lanternfall/rules/")
    assert errors == []
    context.close()


def test_without_javascript_the_save_panel_stays_hidden(server_url, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{server_url}/en/lanternfall/")
    assert page.locator(".offline-panel").is_hidden()
    assert page.get_by_role("link", name="Rules", exact=True).is_visible()
    page.goto(f"{server_url}/en/offline/")
    assert page.get_by_text("Saved copies need JavaScript").is_visible()
    context.close()


NUMBER_INPUTS = [
    "813",
    "813.1.c.2",
    "813.1c2",
    "rule 813.1c2",
    "Rules 405.1",
    "CR 405.1",
    "cr405",
    "r813",
    "813.1.C.2",
    "règle 349",
    "Règles 349.2a",
    "regle 101",
    "core rule 101.1",
    "§ 101",
    "813.1.c.2.",
    "  813.1c  ",
    "813.c.c",
    "8131",
    "81",
    "813..1",
    "813.1.c.2.a.3",
    "101.aa",
    "101.1.aaa",
    "461~2",
    "abc",
    "take-cover",
    "Reaction",
    "",
    "r",
    "c12",
    "813.1.c.d",
    "135.2.e.7.a",
]


def test_number_normaliser_agrees_with_the_server(server_url, page):
    page.goto(f"{server_url}/en/offline/")
    browser_side = page.evaluate(
        "inputs => inputs.map(v => [RuleNumbers.normalise(v), RuleNumbers.lookupKey(v)])",
        NUMBER_INPUTS,
    )
    server_side = [[numbers.normalise(v), numbers.lookup_key(v)] for v in NUMBER_INPUTS]
    assert dict(zip(NUMBER_INPUTS, browser_side, strict=True)) == dict(
        zip(NUMBER_INPUTS, server_side, strict=True)
    )
