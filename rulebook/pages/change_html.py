"""One change of a full comparison as HTML, written in Python rather than by a template.

Page assembly, so that the ingest can render every comparison ahead (``rulebook.pages.history``)
and the comparison page, its template tag and the warming of the page cache write the same
markup.

A full comparison of the oldest and newest Core Rules shows over two thousand changes; the
per-change template (``_partials/change.html``, still the reference this must match, see
``tests/web/test_change_html.py``) spent most of a cold comparison's second or more resolving
its variables and tags. The markup is the template's, with the same translations and
escaping; every change of a page shares its two URL prefixes.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import reverse
from django.utils import translation
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rulebook.history import render_html

PLACEHOLDER = "100"

CLASS_LABELS = {
    "unchanged": _("unchanged"),
    "renumbered": _("renumbered"),
    "reworded": _("reworded"),
    "moved_reworded": _("moved and reworded"),
    "added": _("added"),
    "removed": _("removed"),
}


def class_label(cls: str):
    """A change class's name in the active language."""
    return CLASS_LABELS.get(cls, cls)


# Saves a ``reverse`` (50 us) per change shown: thousands on a comparison of the corpus.
@lru_cache(maxsize=256)
def _version_url_parts(language: str, game: str, kind: str, version: str) -> tuple[str, str]:
    """The pinned rule URL of a version around its number, reversed once per version."""
    url = reverse(
        "rule_version",
        kwargs={"game": game, "kind": kind, "version": version, "number": PLACEHOLDER},
    )
    cut = url.rindex("/" + PLACEHOLDER + "/") + 1
    return url[:cut], url[cut + len(PLACEHOLDER) :]


def rule_version_url(game: str, kind: str, version: str, number: str) -> str:
    head, tail = _version_url_parts(translation.get_language(), game, kind, version)
    return head + number + tail


def _joined(items) -> SafeString:
    return mark_safe(", ".join(conditional_escape(item) for item in items))


def _badges(change) -> list[str]:
    badges = []
    if change.meaning_flips:
        flips = _joined(change.meaning_flips)
        badges.append(
            format_html(
                '<span class="badge flip" title="{}">⚠ {}: {}</span>',
                flips,
                gettext("meaning flip"),
                flips,
            )
        )
    if change.xref_only:
        badges.append(
            format_html('<span class="badge">{}</span>', gettext("cross-references only"))
        )
    if change.example_only:
        badges.append(format_html('<span class="badge">{}</span>', gettext("example only")))
    worded = []
    if change.split_from:
        worded.append(gettext("split from %(n)s") % {"n": escape(change.split_from)})
    if change.split_into:
        worded.append(gettext("split into %(n)s") % {"n": _joined(change.split_into)})
    if change.merged_into:
        worded.append(gettext("merged into %(n)s") % {"n": escape(change.merged_into)})
    if change.merged_from:
        worded.append(gettext("merged from %(n)s") % {"n": _joined(change.merged_from)})
    # As {% blocktranslate %}: the value is escaped, the translation is not.
    badges += ['<span class="badge">' + text + "</span>" for text in worded]
    return badges


def change_html(change, label: str, game: str, kind: str, old: str, new: str) -> SafeString:
    """``label``: the class's name in the page's language; ``old``/``new``: the versions."""
    old_number = change.old.number if change.old else ""
    new_number = change.new.number if change.new else ""
    head = [format_html('<span class="badge cls">{}</span>', label)]
    if change.old:
        url = rule_version_url(game, kind, old, old_number)
        head.append(format_html('<a class="num" href="{}">{}</a>', url, old_number))
    if change.old and change.new and old_number != new_number:
        head.append("→")
    if change.new and new_number != (old_number or ""):
        url = rule_version_url(game, kind, new, new_number)
        head.append(format_html('<a class="num" href="{}">{}</a>', url, new_number))
    head += _badges(change)
    if change.diff:
        body = '<p class="diff">' + render_html(change.diff) + "</p>"
    elif change.new:
        body = format_html('<p class="text">{}</p>', change.new.text)
    elif change.old:
        body = format_html('<p class="text removed-text">{}</p>', change.old.text)
    else:
        body = ""
    opening = format_html(
        '<article class="change cls-{}" id="change-{}">', change.cls, change.number
    )
    header = "<header>\n    " + "\n    ".join(head) + "\n  </header>"
    return mark_safe(opening + "\n  " + header + "\n  " + body + "\n</article>")
