"""No untranslated interface string: every template string is marked, and French has them all.

Two checks cover the whole interface rather than a sample of pages: a lint that finds visible
text in templates that is not inside a translation tag, and a catalogue check that every marked
string has a French translation. A rendered French page is then read for English leftovers.
"""

import gettext
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
SAME_IN_FRENCH = {
    "FAQ",
    "HTML",
    "Version",
    "version",  # the Discord option name is the same word in French
    "Document",
    "Sections",
    "Markdown (Discord, Reddit)",
    "BBCode (forums)",
    "JSON",
    "Contexte",
    "Type",
    "Rulebook",
    "Action",
    "Types",
    "Total",
    "Source",
    "Article",
    "Note",
    "Description",
    "Question",
    "Questions",
    "Code",
    "Permalink",
    "Rite",
    "Options",
    "Format",
    "API",
    "Date",
    "Aliases",
    "Errata",
}
TAG = re.compile(r"{%.*?%}|{{.*?}}|{#.*?#}", re.S)
HTML_TAG = re.compile(r"<[^>]+>", re.S)
ATTRS = re.compile(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"')
TRANSLATE = re.compile(r"{%\s*translate\s+(['\"])(.+?)\1")
BLOCKS = re.compile(
    r"{%\s*blocktranslate\b[^%]*%}(.*?){%\s*(?:plural|endblocktranslate)\s*%}", re.S
)
# Brand names, codes, and OpenGraph values that are not shown to readers.
ALLOWED_TEXT = {
    "Rulebook",
    "JSON",
    "EN",
    "FR",
    "Atom",
    "CC",
    "BY-SA",
    "riftboundfaq.com",
    "OpenSearch",
    "article",
    "website",
    "summary",
}


def _visible_text(source: str) -> str:
    source = re.sub(r"<script.*?</script>|<style.*?</style>", "", source, flags=re.S)
    source = re.sub(r"{%\s*blocktranslate.*?endblocktranslate\s*%}", "", source, flags=re.S)
    source = re.sub(r"{%\s*comment\s*%}.*?{%\s*endcomment\s*%}", "", source, flags=re.S)
    return HTML_TAG.sub(" ", TAG.sub(" ", source))


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: str(p.relative_to(ROOT)))
def test_template_has_no_unmarked_text(path):
    source = path.read_text(encoding="utf-8")
    leftovers = [
        w
        for w in re.findall(r"[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'’-]+", _visible_text(source))
        if w not in ALLOWED_TEXT
    ]
    assert leftovers == [], f"unmarked text in {path.name}: {leftovers[:10]}"
    marked = re.sub(r"{%\s*blocktranslate.*?endblocktranslate\s*%}", "", source, flags=re.S)
    for value in ATTRS.findall(TAG.sub("", marked)):
        words = [w for w in re.findall(r"[A-Za-z]{2,}", value) if w not in ALLOWED_TEXT]
        assert not words, f"unmarked attribute in {path.name}: {value}"


def _catalogue():
    return gettext.translation("django", ROOT / "locale", languages=["fr"])


def test_every_marked_template_string_is_translated():
    catalogue = _catalogue()
    missing = []
    for path in TEMPLATES:
        source = path.read_text(encoding="utf-8")
        for _quote, message in TRANSLATE.findall(source):
            if catalogue.gettext(message) == message and message not in SAME_IN_FRENCH:
                missing.append((path.name, message))
        for body in BLOCKS.findall(source):
            message = re.sub(r"{{\s*(\w+)[^}]*}}", r"%(\1)s", body)
            if catalogue.gettext(message) == message and message.strip() not in SAME_IN_FRENCH:
                missing.append((path.name, message))
    assert missing == []


def test_po_file_has_no_empty_or_fuzzy_entries():
    po = (ROOT / "locale/fr/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    entries = po.split("\n\n")[1:]
    fuzzy = [e for e in entries if "#, fuzzy" in e]
    empty = [
        e
        for e in entries
        if re.search(r'msgstr(?:\[\d\])? ""\s*$', e)
        and not re.search(r'msgstr(?:\[\d\])? ""\n"', e)
    ]
    assert fuzzy == [] and empty == []


def test_compiled_catalogue_matches_the_po_file():
    po = (ROOT / "locale/fr/LC_MESSAGES/django.po").read_text(encoding="utf-8")
    catalogue = _catalogue()
    entries = re.findall(r'^(?:msgctxt "(.*)"\n)?msgid "(.+)"$', po, flags=re.M)
    for context, msgid in entries[:400]:
        text = msgid.encode().decode("unicode_escape").encode("latin-1").decode("utf-8")
        if text in SAME_IN_FRENCH:
            continue
        found = catalogue.pgettext(context, text) if context else catalogue.gettext(text)
        assert found != text or "%(" in text, text


@pytest.mark.django_db
def test_french_page_has_no_english_interface_words(demo_data, client):
    html = client.get("/fr/lanternfall/rules/310/").content.decode()
    chrome = re.sub(r"<(article|main)\b.*?</\1>", "", html, flags=re.S)
    for english in [
        "Skip to content",
        "Search the rules",
        "Breadcrumbs",
        "History",
        "Referenced by",
        "side by side",
        "unofficial fan project",
    ]:
        assert english not in chrome
    assert "Aller au contenu" in html and "Historique" in html


@pytest.mark.django_db
def test_french_typography_uses_non_breaking_spaces(demo_data, client):
    html = client.get("/fr/lanternfall/rules/changes/").content.decode()
    assert "\u00a0:" in html or "\u202f;" in html or "\u202f?" in html or "\u00a0»" in html


@pytest.mark.django_db
def test_french_dates_and_numbers_are_localised(demo_data, client):
    html = client.get("/fr/lanternfall/rules/").content.decode()
    assert "1 mai 2026" in html or "1er mai 2026" in html
    english = client.get("/en/lanternfall/rules/").content.decode()
    assert "May 1, 2026" in english or "1 May 2026" in english
