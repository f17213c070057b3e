"""The issue's own walk-through on the real Riftbound rules: save on /en/riftbound/, cut the
server, read 813 and 813.1.c and the Reaction keyword page; the same in French; and the phone
widths of the pages that used to scroll sideways. Skipped without ../shared."""

import pytest

from tests.browser.test_offline import cut, search_from_header

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    "lang, offline_title", [("en", "Offline reading"), ("fr", "Lecture hors ligne")]
)
def test_riftbound_813_reads_offline(corpus_server_url, offline_phone, lang, offline_title):
    base = f"{corpus_server_url}/{lang}/riftbound"
    offline_phone.goto(base + "/")
    offline_phone.locator(".offline-panel [data-action=save]").click()
    offline_phone.wait_for_selector(".offline-panel[data-saved=saved]", timeout=120_000)
    cut(offline_phone)
    offline_phone.goto(base + "/rules/813/")
    assert offline_phone.locator('[id="813.1.c"]').is_visible()
    offline_phone.goto(base + "/rules/813.1.c/")
    assert offline_phone.url == base + "/rules/813/#813.1.c"
    assert offline_phone.locator('[id="813.1.c"]').evaluate("el => el.matches(':target')")
    offline_phone.goto(base + "/keywords/reaction/")
    assert offline_phone.locator("h1").inner_text() != offline_title
    search_from_header(offline_phone, "813.1.c")
    assert offline_phone.url == base + "/rules/813/#813.1.c"
    offline_phone.goto(base + "/rules/changes/")
    assert offline_phone.locator("h1").inner_text() == offline_title
    assert offline_phone.errors == []


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
