"""The site on a phone, in Chromium: nothing scrolls sideways, rule rows keep number and text on
one line, controls are big enough to tap, and a tapped rule number offers copy and share."""

import pytest

pytestmark = pytest.mark.browser

# A 1×1 transparent GIF.
BLANK_GIF = bytes.fromhex(
    "47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b"
)

PHONES = [(360, 740), (390, 844)]
# One page of each type the issue names, plus the other tables and lists a phone meets.
PAGES = [
    "/en/lanternfall/rules/310/",
    "/en/lanternfall/rules/132.1.b.2.a/",
    "/en/lanternfall/keywords/ward/",
    "/en/lanternfall/keywords/",
    "/fr/lanternfall/keywords/",
    "/en/lanternfall/cards/lantern-warden/",
    "/en/lanternfall/cards/",
    "/en/search/?q=dim+lit+embers",
    "/en/linkify/",
    "/en/lanternfall/rules/406/compare/",
    "/en/lanternfall/rules/changes/2026-01..2026-05-01/",
    "/en/lanternfall/rules/711/history/",
    "/en/lanternfall/faq/",
    "/en/lanternfall/",
    "/en/",
    "/en/lanternfall/rules/",
    "/en/hollowmere/rules/",
    "/en/offline/",
]
# Where a rule row's number sits against the first line of its text, and where its last line
# starts: both measured in the page, one row per entry.
ROW_GEOMETRY = """rule => {
  const num = rule.querySelector(':scope > a.num').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(rule.querySelector(':scope > .text'));
  const lines = [];
  for (const r of range.getClientRects()) {
    if (r.width < 1) continue;
    const line = lines.find(l => Math.abs(l.bottom - r.bottom) < 4);
    if (line) { line.left = Math.min(line.left, r.left); line.top = Math.min(line.top, r.top); }
    else lines.push({top: r.top, bottom: r.bottom, left: r.left});
  }
  lines.sort((a, b) => a.top - b.top);
  const first = lines[0], last = lines[lines.length - 1];
  return {numMiddle: (num.top + num.bottom) / 2, firstTop: first.top, firstBottom: first.bottom,
          numRight: num.right, firstLeft: first.left, lastLeft: last.left, lines: lines.length};
}"""


def watch_errors(page):
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return errors


@pytest.fixture(params=PHONES, ids=lambda size: f"{size[0]}x{size[1]}")
def phone(request, browser):
    width, height = request.param
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    # The demo's card images live on example.org, which this machine cannot reach: answer
    # them with a blank image, as a reachable host would.
    context.route("https://example.org/**", lambda route: route.fulfill(body=BLANK_GIF))
    page = context.new_page()
    yield page
    context.close()


def test_no_page_scrolls_sideways(server_url, phone):
    """Against the screen's width: a mobile browser widens its layout viewport (innerWidth)
    to a page that overflows, so a page 401 px wide would measure 401 against 401."""
    errors = watch_errors(phone)
    too_wide = {}
    for path in PAGES:
        response = phone.goto(server_url + path)
        assert response.status == 200, path
        widths = phone.evaluate("[document.documentElement.scrollWidth, screen.width]")
        if widths[0] > widths[1]:
            too_wide[path] = widths
    phone.goto(server_url + "/en/linkify/")
    phone.fill("textarea[name=text]", "See rule 711.2 and rules 405 and 406, then Ward and Swift.")
    phone.select_option("select[name=game]", "lanternfall")
    phone.click(".linkify-form button[type=submit]")
    phone.locator("[data-output=preview] a").first.wait_for()
    widths = phone.evaluate("[document.documentElement.scrollWidth, screen.width]")
    if widths[0] > widths[1]:
        too_wide["linkify result"] = widths
    assert too_wide == {}
    assert errors == []


def test_rule_number_and_text_share_the_first_line(server_url, phone):
    phone.goto(server_url + "/en/lanternfall/rules/310/")
    rows = phone.locator(".rule:has(> a.num):has(> .text)")
    assert rows.count() > 10
    wrapped = 0
    for index in range(rows.count()):
        row = rows.nth(index).evaluate(ROW_GEOMETRY)
        assert row["firstTop"] <= row["numMiddle"] <= row["firstBottom"], index
        assert row["firstLeft"] > row["numRight"]
        # Wrapped lines hang under the text, not under the number.
        assert abs(row["lastLeft"] - row["firstLeft"]) < 1
        wrapped += row["lines"] > 1
    assert wrapped >= 3  # the alignment above was checked on rows that really wrap


def test_tap_targets_are_at_least_44_px(server_url, phone):
    controls = {
        "/en/lanternfall/rules/310/": ".site-header a, .site-header input, .site-header button, "
        ".breadcrumbs a, .rule-tools a, .version-switch summary, .rule > a.num, .pager a",
        "/en/lanternfall/": ".quick-links a, .big-search input, .big-search button",
        "/en/lanternfall/rules/": ".toc a",
        "/en/lanternfall/keywords/": "table.keywords tbody th a",
        "/en/search/?q=dim+lit+embers": ".search-hit-title a, .search-form button",
    }
    small = []
    for path, selector in controls.items():
        phone.goto(server_url + path)
        boxes = phone.eval_on_selector_all(
            selector,
            """els => els.filter(e => e.getClientRects().length).map(e => {
                 const r = e.getBoundingClientRect();
                 return [e.textContent.trim().slice(0, 20), r.width, r.height]; })""",
        )
        assert boxes, selector
        small += [(path, *box) for box in boxes if min(box[1], box[2]) < 44]
    assert small == [], small


def test_tapping_a_number_offers_copy_share_and_open(server_url, browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-GB"
    )
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server_url)
    context.add_init_script(
        "navigator.share = data => { window.shared = data; return Promise.resolve(); };"
    )
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server_url + "/en/lanternfall/rules/711/")
    number = page.locator('[id="711.2"] > a.num')
    number.tap()
    assert page.url == server_url + "/en/lanternfall/rules/711/"  # a menu, not a navigation
    menu = page.locator('[id="711.2"] .rule-menu')
    assert menu.is_visible() and number.get_attribute("aria-expanded") == "true"
    pinned = server_url + "/r/2026-05-01/711.2"  # the short link, pinned to the version shown
    menu.get_by_role("button", name="Copy link").tap()
    menu.get_by_text("Link copied").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == pinned
    menu.get_by_role("button", name="Share").tap()
    shared = page.evaluate("window.shared")
    assert shared["url"] == pinned and shared["text"].startswith("711.2 ")
    page.keyboard.press("Escape")
    assert page.locator(".rule-menu").count() == 0
    number.tap()
    page.locator('[id="711.2"] .rule-menu').get_by_role("link", name="Open rule").tap()
    page.wait_for_url(server_url + "/en/lanternfall/rules/711.2/")
    assert errors == []
    context.close()


def test_menu_in_french_and_without_web_share(server_url, browser):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    context.add_init_script("delete Navigator.prototype.share;")
    page = context.new_page()
    page.goto(server_url + "/fr/lanternfall/rules/711/")
    page.locator('[id="711.1"] > a.num').tap()
    menu = page.locator('[id="711.1"] .rule-menu')
    assert menu.get_by_role("button", name="Copier le lien").is_visible()
    assert not menu.locator("[data-menu=share]").is_visible()
    context.close()


def test_with_a_mouse_on_a_wide_screen_the_number_is_a_plain_link(server_url, page):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(server_url + "/en/lanternfall/rules/711/")
    page.locator('[id="711.2"] > a.num').click()
    page.wait_for_url(server_url + "/en/lanternfall/rules/711.2/")
    assert page.locator(".rule-menu").count() == 0


def test_stacked_keyword_table_labels_each_value(server_url, phone):
    phone.goto(server_url + "/fr/lanternfall/keywords/")
    row = phone.locator("table.keywords tbody tr").first
    labels = row.locator("td").evaluate_all(
        "cells => cells.map(c => getComputedStyle(c, '::before').content)"
    )
    assert labels == [
        '"Type "',
        '" · Règle "',
        '" · Règles "',
        '" · Entrées de FAQ "',
        '" · Cartes "',
    ]
    assert row.locator("th a").bounding_box()["y"] < row.locator("td").first.bounding_box()["y"]
