"""Icons drawn into markup already rendered: official FAQ answers and card errata.

Card texts are tokenized before they become HTML (``cards.render_ability_html``). The official
FAQ quotes card texts inside Markdown, with the shorthand the Core Rules define ("[Hidden] (Hide
now for [A] to react with later for [0].)"), and that Markdown is rendered first; so the same
tokens are found again in the rendered markup's text runs and drawn with the same icon markup,
while tags, and text inside ``code`` or ``pre``, are left as they are.
"""

from __future__ import annotations

import html
import re

from .cards import BRACKET_RE, ICON_RE, tokenize
from .mdx import icon_html

# A tag ends at the first ">" outside its quoted attribute values.
_TAG_RE = re.compile(
    r"""<(?P<close>/?)(?P<name>[A-Za-z][A-Za-z0-9]*)?(?:[^>"']|"[^"]*"|'[^']*')*>"""
)
_CANDIDATE_RE = re.compile(f"{ICON_RE.pattern}|{BRACKET_RE.pattern}")
_VERBATIM = {"code", "pre"}


def icons_in_markup(markup: str) -> str:
    """``markup`` (HTML this project rendered: its text runs are escaped text) with every icon
    token or shorthand in its text drawn as a labelled icon; nothing else changes."""
    out: list[str] = []
    cursor, verbatim = 0, 0
    for tag in _TAG_RE.finditer(markup):
        out.append(_drawn(markup[cursor : tag.start()], verbatim))
        out.append(tag.group(0))
        if (tag["name"] or "").lower() in _VERBATIM:
            verbatim = max(0, verbatim + (-1 if tag["close"] else 1))
        cursor = tag.end()
    out.append(_drawn(markup[cursor:], verbatim))
    return "".join(out)


def _drawn(run: str, verbatim: int) -> str:
    text = html.unescape(run)
    if verbatim or not _CANDIDATE_RE.search(text):
        return run
    tokens = tokenize(text)
    if not any(token.kind == "icon" for token in tokens):
        return run
    return "".join(
        icon_html(token.text, token.label)
        if token.kind == "icon"
        else html.escape(token.text, quote=False)
        for token in tokens
    )
