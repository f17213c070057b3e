"""No page is wider than a 360 px phone, the languages side by side say which row is which
once they stack, and a keyword's cards come a page at a time without JavaScript (issue 32,
item 4).

The demo's words are short; the server also holds Widewords (``tests/widewords.py``), a game
of our own whose terms, names and URLs are longer than a phone's line, and 130 Paper Moths
carrying [Swift], so Swift's card list has three pages. The width is compared with 360, not
with ``innerWidth``: a mobile browser widens its layout viewport to a page that overflows.
"""

from __future__ import annotations

import pytest

from tests.moths import SWIFT_TEXT, write_moth_gallery
from tests.served import serve_data_dir
from tests.widewords import GAME, write_widewords

pytestmark = pytest.mark.browser

WIDTH = 360
# A 1×1 transparent GIF, for the demo's card images on a host this machine cannot reach.
BLANK_GIF = bytes.fromhex(
    "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"
)
WIDE = f"/en/{GAME}"
# Every page type, on the demo and on the game of long words.
PAGES = [
    "/en/",
    "/en/lanternfall/",
    "/en/lanternfall/rules/",
    "/en/lanternfall/rules/310/",
    "/en/lanternfall/glossary/",
    "/fr/lanternfall/glossary/",
    "/en/lanternfall/rules/406/compare/",
    "/en/lanternfall/rules/711/history/",
    "/en/lanternfall/rules/changes/",
    "/en/lanternfall/rules/changes/2026-01..2026-05-01/",
    "/en/lanternfall/keywords/",
    "/en/lanternfall/keywords/swift/",
    "/en/lanternfall/keywords/swift/?page=2",
    "/en/lanternfall/faq/",
    "/en/lanternfall/cards/",
    "/en/lanternfall/cards/lantern-warden/",
    "/en/search/?q=dim+lit+embers",
    "/en/linkify/",
    "/en/offline/",
    f"{WIDE}/",
    f"{WIDE}/rules/",
    f"{WIDE}/rules/101/",
    f"{WIDE}/glossary/",
    f"/fr/{GAME}/glossary/",
    f"{WIDE}/rules/102/compare/",
    f"/fr/{GAME}/rules/101/compare/",
    f"{WIDE}/rules/102/history/",
    f"{WIDE}/rules/changes/",
    f"{WIDE}/rules/changes/2026-02-01..2026-05-01/",
    f"{WIDE}/keywords/",
    f"{WIDE}/keywords/lanternwardenreawakening/",
    f"/fr/{GAME}/keywords/reveildesgardiensdelanterne/",
    "/en/search/?q=Overwinterlanternkeepership",
]


@pytest.fixture(scope="module")
def wide_url(tmp_path_factory, demo_dir):
    """The demo, Widewords, and Swift on 130 more cards."""
    files = tmp_path_factory.mktemp("widewords")
    moths = write_moth_gallery(demo_dir, files, ability=SWIFT_TEXT)
    loads = [
        ("ingest_demo", "-v0"),
        ("ingest", *map(str, write_widewords(files)), "--game", GAME, "-v0"),
        ("ingest", str(moths), "--game", "lanternfall", "-v0"),
    ]
    yield from serve_data_dir(tmp_path_factory.mktemp("browser-widewords"), *loads)


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    context.route("https://example.org/**", lambda route: route.fulfill(body=BLANK_GIF))
    yield context.new_page()
    context.close()


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_no_page_is_wider_than_the_phone(wide_url, phone):
    too_wide = {}
    for path in PAGES:
        assert phone.goto(wide_url + path).status == 200, path
        if page_width(phone) > WIDTH:
            too_wide[path] = page_width(phone)
    phone.goto(wide_url + "/en/linkify/")
    phone.fill("textarea[name=text]", "Rules 101 and 102.1, then Lanternwardenreawakening.")
    phone.select_option("select[name=game]", GAME)
    phone.click(".linkify-form button[type=submit]")
    phone.locator("[data-output=preview] a").first.wait_for()
    if page_width(phone) > WIDTH:
        too_wide["linkify result"] = page_width(phone)
    assert too_wide == {}


def test_a_glossary_wider_than_the_phone_wraps_in_its_own_box(wide_url, phone):
    phone.goto(wide_url + f"/fr/{GAME}/glossary/")
    box = phone.locator(".table-scroll:has(table.glossary)")
    assert box.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    assert box.evaluate("e => e.getBoundingClientRect().right") <= WIDTH
    assert phone.get_by_role("cell", name="Gardiennagedeslanternesdhiver").is_visible()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_stacked_compare_rows_name_their_language(wide_url, phone, language):
    phone.goto(wide_url + f"/{language}/lanternfall/rules/406/compare/")
    names = phone.locator(".compare-head .compare-cell strong").all_inner_texts()
    assert len(names) == 2
    cells = phone.locator(".compare-row:not(.compare-head) > .compare-cell")
    assert cells.count() >= 8
    tops = set()
    for index in range(cells.count()):
        cell = cells.nth(index)
        code = cell.get_attribute("lang")
        label = cell.locator(":scope > .compare-lang")
        assert label.is_visible(), index
        assert label.locator("[aria-hidden=true]").inner_text() == code.upper()
        assert label.get_attribute("lang") == language  # its words are the page's
        assert label.locator(".visually-hidden").text_content() == names[index % 2]
        tops.add(round(cell.bounding_box()["y"]))
    assert len(tops) == cells.count()  # stacked: every cell on its own line


def test_side_by_side_columns_need_no_label(wide_url, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB")
    page = context.new_page()
    page.goto(wide_url + "/en/lanternfall/rules/406/compare/")
    assert page.locator(".compare-lang").count() >= 8
    assert not any(label.is_visible() for label in page.locator(".compare-lang").all())
    context.close()


def test_keyword_cards_page_by_page_without_javascript(wide_url, browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740},
        is_mobile=True,
        locale="en-GB",
        java_script_enabled=False,
    )
    context.route("https://example.org/**", lambda route: route.fulfill(body=BLANK_GIF))
    page = context.new_page()
    swift = wide_url + "/en/lanternfall/keywords/swift/"
    page.goto(swift)
    cards = page.locator(".keyword-cards .card-row > a:first-child")
    first = cards.all_inner_texts()
    pager = page.locator(".keyword-cards nav.card-pager")
    assert len(first) == 60 and "Page 1 of 3" in pager.inner_text()
    pager.get_by_role("link", name="Next").click()
    page.wait_for_url(swift + "?page=2#cards")
    second = cards.all_inner_texts()
    assert len(second) == 60 and not set(first) & set(second)
    assert page_width(page) <= WIDTH
    page.locator(".keyword-cards nav.card-pager").get_by_role("link", name="3").click()
    page.wait_for_url(swift + "?page=3#cards")
    assert 0 < cards.count() <= 60 and "Page 3 of 3" in pager.inner_text()
    context.close()
