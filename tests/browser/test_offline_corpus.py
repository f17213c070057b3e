"""The issue's own walk-through on the real Riftbound rules: save on /en/riftbound/, cut the
server, read 813 and 813.1.c and the Reaction keyword page; the same in French; and the phone
widths of the pages that used to scroll sideways. Skipped without ../shared."""

import pytest

from tests.browser.test_offline import cut, search_from_header

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    yield page
    context.close()


@pytest.mark.parametrize(
    "lang, offline_title", [("en", "Offline reading"), ("fr", "Lecture hors ligne")]
)
def test_riftbound_813_reads_offline(corpus_server_url, phone, lang, offline_title):
    base = f"{corpus_server_url}/{lang}/riftbound"
    phone.goto(base + "/")
    phone.locator(".offline-panel [data-action=save]").click()
    phone.wait_for_selector(".offline-panel[data-saved=saved]", timeout=120_000)
    cut(phone)
    phone.goto(base + "/rules/813/")
    assert phone.locator('[id="813.1.c"]').is_visible()
    phone.goto(base + "/rules/813.1.c/")
    assert phone.url == base + "/rules/813/#813.1.c"
    assert phone.locator('[id="813.1.c"]').evaluate("el => el.matches(':target')")
    phone.goto(base + "/keywords/reaction/")
    assert phone.locator("h1").inner_text() != offline_title
    search_from_header(phone, "813.1.c")
    assert phone.url == base + "/rules/813/#813.1.c"
    phone.goto(base + "/rules/changes/")
    assert phone.locator("h1").inner_text() == offline_title
    assert phone.errors == []


def test_riftbound_pages_fit_a_360_px_phone(corpus_server_url, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True)
    page = context.new_page()
    for path in [
        "/en/riftbound/rules/813/",
        "/en/riftbound/keywords/",
        "/fr/riftbound/keywords/",
        "/en/riftbound/keywords/reaction/",
        "/en/riftbound/rules/813/compare/",
    ]:
        page.goto(corpus_server_url + path)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
    context.close()
