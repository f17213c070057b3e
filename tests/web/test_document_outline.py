"""A rule page's span, citations, neighbouring sections and language links come from the copy
of the document's rules that each process keeps: an ingest that changes the document shows."""

import re
import uuid

import pytest

from rulebook.loading.run import IngestOptions, run_ingest

pytestmark = pytest.mark.django_db

SOURCE = "lanternfall/core-rules/en/2026-05-01_v1.1.md"
REMOVED = (
    '<div class="rule-row rule-plain level-3"><div class="rule-id">103.1.b.3.</div>'
    '<div class="rule-text">A card with two hues matches only a Hue Identity that contains both '
    "of them, even if the Lamplighter shows other hues as well.</div></div>"
)


def _next_link(html: str) -> str:
    return re.search(r'<a rel="next"[^>]*>(.*?)</a>', html, re.S).group(1)


def _cited_by_103_4_a(client, number: str) -> bool:
    html = client.get(f"/en/lanternfall/rules/{number}/").content.decode()
    return 'class="referenced-by"' in html and "/en/lanternfall/rules/103.4.a/" in html


def _english_link(html: str) -> str:
    return re.search(r'<a href="([^"]*)" class="lang-link" hreflang="en"', html).group(1)


def _replace_english(demo_dir, tmp_path):
    text = (demo_dir / SOURCE).read_text(encoding="utf-8")
    assert REMOVED in text
    text = text.replace(REMOVED + "\n", "").replace(">Setup</div>", ">Getting Ready</div>")
    text = text.replace("See rule 106.", "See rule 107.")
    changed = tmp_path / "2026-05-01_v1.1.md"
    changed.write_text(text, encoding="utf-8")
    options = IngestOptions(game="lanternfall", language="en", replace=True)
    results = run_ingest([changed], options)
    assert {result.status for _item, result in results} == {"updated"}


def test_a_replaced_version_changes_the_span_section_links_and_language_links(
    demo_data, demo_dir, client, tmp_path, settings
):
    settings.RULEBOOK_PAGE_FORMAT = uuid.uuid4().hex
    english = client.get("/en/lanternfall/rules/101/").content.decode()
    french = client.get("/fr/lanternfall/rules/103.1.b.3/").content.decode()
    assert "Setup" in _next_link(english)
    assert _english_link(french) == "/en/lanternfall/rules/103.1.b.3/"
    assert 'id="103.1.b.3"' in client.get("/en/lanternfall/rules/103.1.b/").content.decode()
    assert _cited_by_103_4_a(client, "106") and not _cited_by_103_4_a(client, "107")

    _replace_english(demo_dir, tmp_path)

    english = client.get("/en/lanternfall/rules/101/").content.decode()
    french = client.get("/fr/lanternfall/rules/103.1.b.3/").content.decode()
    assert "Getting Ready" in _next_link(english)
    assert _english_link(french) == "/en/lanternfall/rules/"
    assert 'id="103.1.b.3"' not in client.get("/en/lanternfall/rules/103.1.b/").content.decode()
    assert _cited_by_103_4_a(client, "107") and not _cited_by_103_4_a(client, "106")
