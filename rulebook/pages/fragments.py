"""Same-page links in text written for another page: each leads somewhere here, or is no link.

An official FAQ article says "skip down to the [Frequently Asked Questions](#FAQ) section":
``#FAQ`` named a heading on the publisher's page. Here the article is cut into entries, each
with an anchor of its own, and no element is called "FAQ". A fragment that names no element
of the page is read by the link's words, then by its own name, against the entries' questions
and sections (an initialism too: "FAQ" is "Frequently Asked Questions"); the link then goes to
the first entry it names. A fragment that names nothing stays as text, not a dead link.
"""

from __future__ import annotations

import html
import re

from django.utils.safestring import mark_safe

from ingest.terms import fold

LINK_RE = re.compile(
    r'<a\b(?P<before>[^>]*?)\shref="#(?P<fragment>[^"]*)"(?P<after>[^>]*)>'
    r"(?P<inner>.*?)</a>",
    re.S,
)
ID_RE = re.compile(r'\sid="([^"]+)"')
TAG_RE = re.compile(r"<[^>]+>")


def _key(text: str) -> str:
    return " ".join(re.findall(r"\w+", fold(html.unescape(text))))


def _initials(text: str) -> str:
    words = re.findall(r"\w+", text)
    return "".join(w[0] for w in words).lower() if len(words) > 1 else ""


def faq_targets(items) -> dict[str, str]:
    """What a fragment may name, read as a key, with the anchor it leads to: each entry's
    question, and each section's name and initials (its first entry)."""
    targets: dict[str, str] = {}
    for item in items:
        entry = item.entry
        for name in (entry.section, entry.question):
            if name:
                targets.setdefault(_key(name), entry.anchor)
                if _initials(name):
                    targets.setdefault(_initials(name), entry.anchor)
    return targets


def settle(markup: str, targets: dict[str, str], ids: set[str]):
    """``markup`` (safe HTML) with every ``href="#x"`` naming an element of ``ids``, read
    again through ``targets``, or unlinked."""

    def one(match: re.Match) -> str:
        fragment = html.unescape(match["fragment"])
        if fragment in ids:
            return match.group(0)
        words = _key(TAG_RE.sub("", match["inner"]))
        anchor = targets.get(words) or targets.get(_key(fragment))
        if anchor is None:
            return match["inner"]
        href = html.escape(anchor, quote=True)
        return f'<a{match["before"]} href="#{href}"{match["after"]}>{match["inner"]}</a>'

    if 'href="#' not in markup:
        return markup
    return mark_safe(LINK_RE.sub(one, str(markup)))


def settle_faq_page(intro_html, items):
    """The intro and every answer of an FAQ page with their same-page links settled."""
    ids = {item.entry.anchor for item in items}
    for markup in (intro_html, *(item.answer_html for item in items)):
        ids.update(ID_RE.findall(str(markup or "")))
    targets = faq_targets(items)
    for item in items:
        item.answer_html = settle(item.answer_html, targets, ids)
    return settle(intro_html or "", targets, ids)
