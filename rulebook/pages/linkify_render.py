"""Rendering linked text: escaped HTML, Markdown for chat, BBCode for forums, and JSON.

What is pasted into a discussion links each rule by its pinned short link (``Target.pasted``),
so the link keeps meaning the rule it meant after a renumbering; the site's own preview links
the pages themselves, which its hover previews read.

Every renderer escapes the text it copies: HTML is escaped, Markdown specials are
backslash-escaped (URLs, mentions and code spans are copied raw so chat clients still
recognise them), BBCode has no escape so text is copied as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from django.utils.html import escape

from ingest.urls import safe_url

if TYPE_CHECKING:
    from rulebook.pages.linkify import Linked

_MD_SPECIAL_RE = re.compile(r"([\\`*_~|\[\]<>#^])")
# The URLs inside a pasted link that would be copied as is: Markdown ``](url)``, an HTML
# ``<a href>`` (only the plain form), BBCode ``[url=…]`` and ``[url]…[/url]``.
_PASTED_URL_RE = re.compile(
    r"\]\((?P<md>[^\s()]*)\)\Z|\A<a\s+href=(?P<q>[\"'])(?P<html>[^\"'<>]*)(?P=q)\s*>[^<]*</a>\Z"
    r"|\A\[url=(?P<bb>[^\]\s]*)\]|\A\[url\](?P<bbin>[^\[]*)\[/url\]\Z",
    re.IGNORECASE,
)
_BB_PAIR_RE = re.compile(r"\[(url|img)(?:=([^\]]*))?\]([^\[]*)\[/\1\]", re.IGNORECASE)
_BB_OPEN_RE = re.compile(r"\[(?:url|img)=([^\]]*)\]", re.IGNORECASE)
_MD_LINE_START_RE = re.compile(r"(?m)^(\s*)([-+]|\d+\.)(?=\s)")


def _segments(linked: Linked):
    """(kind, text, link) in order: kind is "text", "raw" (URL, mention, code) or "link"."""
    marks = sorted(
        [(a, b, "raw", None) for a, b in linked.protected]
        + [(link.start, link.end, "link", link) for link in linked.links]
    )
    cursor = 0
    for start, end, kind, link in marks:
        if start < cursor:
            continue
        if start > cursor:
            yield "text", linked.text[cursor:start], None
        yield kind, linked.text[start:end], link
        cursor = end
    if cursor < len(linked.text):
        yield "text", linked.text[cursor:], None


def _link_url_ok(url: str) -> bool:
    """A root-relative path of this site, or an absolute http(s) URL."""
    if url.startswith("/") and not url.startswith("//"):
        return True
    return safe_url(url) is not None


def pasted_link_is_safe(snippet: str) -> bool:
    """Whether an already-written link the user pasted may be copied as is into the outputs:
    only when every URL in it is http(s) (else it is treated as text, and escaped)."""
    if snippet.lower().startswith(("http://", "https://", "www.", "`")) or snippet[:2] in (
        "<@",
        "<#",
        "<:",
    ):
        return True
    urls = [
        next(g for g in (m["md"], m["html"], m["bb"], m["bbin"]) if g is not None)
        for m in _PASTED_URL_RE.finditer(snippet)
    ]
    return bool(urls) and all(_link_url_ok(url) for url in urls)


def bbcode_text(text: str) -> str:
    """Text copied into BBCode, where nothing can be escaped: a ``[url]`` or ``[img]`` tag
    whose target is not http(s) loses its tags (its label stays as plain text)."""

    def pair(match: re.Match) -> str:
        target = match[2] if match[2] is not None else match[3]
        if safe_url(target.strip()) is not None:
            return match[0]
        return match[3] if match[2] is not None or match[1].lower() == "url" else ""

    text = _BB_PAIR_RE.sub(pair, text)
    return _BB_OPEN_RE.sub(lambda m: m[0] if safe_url(m[1].strip()) else "", text)


def to_html(linked: Linked, absolute: Callable[[str], str], previews: bool = False) -> str:
    """Escaped HTML; links carry a ``title`` (or, for the site's own pages, a CSS tooltip)."""
    out = []
    for kind, text, link in _segments(linked):
        if kind != "link":
            out.append(escape(text))
        elif previews:
            out.append(
                f'<a class="xref" href="{escape(absolute(link.target.path))}" '
                f'data-target="{escape(link.target.number)}">{escape(text)}</a>'
                f'<span class="xref-preview" role="tooltip">{escape(link.target.preview)}</span>'
            )
        else:
            out.append(
                f'<a href="{escape(absolute(link.target.pasted))}" '
                f'title="{escape(link.target.preview)}">{escape(text)}</a>'
            )
    return "".join(out).replace("\r\n", "\n").replace("\n", "<br>\n")


def markdown_escape(text: str) -> str:
    """Backslash-escape what Discord or Reddit would read as markup."""

    def line_start(match):
        marker = match[2]
        return match[1] + (marker[:-1] + "\\." if marker.endswith(".") else "\\" + marker)

    return _MD_LINE_START_RE.sub(line_start, _MD_SPECIAL_RE.sub(r"\\\1", text))


def _markdown_url(url: str) -> str:
    return url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")


def to_markdown(linked: Linked, absolute: Callable[[str], str]) -> str:
    out = []
    for kind, text, link in _segments(linked):
        if kind == "raw":
            out.append(text)
        elif kind == "link":
            url = _markdown_url(absolute(link.target.pasted))
            out.append(f"[{markdown_escape(text)}]({url})")
        else:
            out.append(markdown_escape(text))
    return "".join(out)


def to_bbcode(linked: Linked, absolute: Callable[[str], str]) -> str:
    out = []
    for kind, text, link in _segments(linked):
        if kind == "link":
            url = absolute(link.target.pasted).replace("[", "%5B").replace("]", "%5D")
            out.append(f"[url={url}]{bbcode_text(text)}[/url]")
        else:
            out.append(text if kind == "raw" else bbcode_text(text))
    return "".join(out)


def references_json(linked: Linked, absolute: Callable[[str], str]) -> list[dict]:
    """``url``: the page (pinned only when a version was named); ``short_url``: the link the
    outputs carry, a short link pinned to the version linked against."""
    return [
        {
            "kind": t.kind,
            "number": t.number,
            "title": t.title,
            "url": absolute(t.path),
            "short_url": absolute(t.pasted),
        }
        for t in linked.references
    ]


def render_all(linked, request, previews: bool = False) -> dict:
    """The three copyable outputs plus the references, URLs absolute for pasting anywhere."""
    absolute = request.build_absolute_uri
    return {
        "html": to_html(linked, absolute),
        "markdown": to_markdown(linked, absolute),
        "bbcode": to_bbcode(linked, absolute),
        "references": references_json(linked, absolute),
        "unresolved": linked.unresolved,
        "preview": to_html(linked, absolute, previews=True) if previews else None,
    }
