"""Links made for discussions, in Chromium (issue 32, item 6): "Copy link" copies the short
link pinned to the version shown, and a renumbered number says what it used to be.

Served from our own Emberwick documents (``tests/data/tournament``), where 120 "Privacy"
becomes 125 and 120 is then "Ownership"; ``/r/`` leads into that game."""

import pytest

from tests.served import serve_data_dir
from tests.tournament import CORE, DATA, GAME

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def emberwick_url(tmp_path_factory):
    load = ("ingest", *[str(DATA / name) for name in CORE], "--game", GAME, "-v0")
    server = serve_data_dir(tmp_path_factory.mktemp("browser-emberwick"), load)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("RULEBOOK_DEFAULT_GAME", GAME)  # read by the commands and gunicorn
        url = next(server)
    yield url
    next(server, None)


def test_copy_link_copies_the_pinned_short_link(emberwick_url, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=emberwick_url)
    page = context.new_page()
    page.goto(f"{emberwick_url}/r/120")
    page.wait_for_url(f"{emberwick_url}/en/{GAME}/rules/120/")
    page.locator('[id="120.1"] > a.num').tap()
    menu = page.locator('[id="120.1"] .rule-menu')
    menu.get_by_role("button", name="Copy link").tap()
    menu.get_by_text("Link copied").wait_for()
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied == f"{emberwick_url}/r/2031-06-01/120.1"
    page.goto(copied)
    page.wait_for_url(f"{emberwick_url}/en/{GAME}/rules/2031-06-01/120.1/")
    context.close()


def test_an_old_number_says_what_it_was(emberwick_url, page):
    page.goto(f"{emberwick_url}/r/120")
    notice = page.locator(".notice.earlier-meanings")
    assert notice.is_visible()
    assert " ".join(notice.inner_text().split()) == "In 2031-01-10, 120 was Privacy (now 125)."
    notice.get_by_role("link", name="now 125").click()
    page.wait_for_url(f"{emberwick_url}/en/{GAME}/rules/125/")


def test_a_pinned_link_says_where_its_rule_went(emberwick_url, page):
    page.goto(f"{emberwick_url}/r/2031-01-10/120")
    page.wait_for_url(f"{emberwick_url}/en/{GAME}/rules/2031-01-10/120/")
    assert page.locator("h1").inner_text().endswith("Privacy")
    notice = page.locator(".notice.successor")
    assert "In the newest version (2031-06-01) this rule is 125" in notice.inner_text()
