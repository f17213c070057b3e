"""Community FAQ answers to safe HTML and to plain text.

Resolvers are passed in rather than imported so this stays free of Django: the site decides
what a rule, card or keyword URL is (and may return None when it has no page for it, in which
case the word is shown without a link).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from ingest.numbers import normalise

from . import mdx
from .markdown import Block, Fragments, blocks_text, parse_blocks, render_blocks

Resolver = Callable[[str], "str | None"]

_CALLOUT_WORDS = {"info": "Note", "warn": "Warning", "idea": "Idea", "error": "Warning"}


def _link(url: str | None, text_html: str, css: str, fallback_tag: str) -> str:
    from .markdown import safe_href

    href = safe_href(url) if url else None
    if href is None:
        return f'<{fallback_tag} class="{css}">{text_html}</{fallback_tag}>'
    return f'<a class="{css}" href="{html.escape(href, quote=True)}">{text_html}</a>'


def _tag_html(name: str, attrs: dict[str, str], rule_url, card_url, keyword_url) -> str:
    info = mdx.meaning(name)
    if info.kind == "rule":
        number = normalise(attrs.get("number", "")) or attrs.get("number", "")
        url = rule_url(number) if rule_url else None
        return "(" + _link(url, html.escape(f"rule {number}"), "rule-ref", "span") + ")"
    if info.kind == "card":
        card = attrs.get("name", "")
        return _link(card_url(card) if card_url else None, html.escape(card), "card-ref", "em")
    if info.kind == "icon":
        return mdx.icon_html(*mdx.icon_parts(name, attrs))
    word = html.escape(mdx.keyword_word(name, attrs))
    if info.kind == "keyword":
        url = keyword_url(info.word) if keyword_url else None
        return _link(url, word, "keyword", "strong")
    return f'<strong class="term">{word}</strong>'


def _swap_tags(markdown: str, fragments: Fragments, to_html) -> str:
    """Replace self-closing tags by placeholders, spacing glued citations off the prose."""
    source = markdown.replace("\x00", "")

    def swap(match: re.Match) -> str:
        name, attrs = match["name"], mdx.attributes(match["attrs"])
        token = fragments.add(to_html(name, attrs), mdx.tag_text(name, attrs))
        before = source[match.start() - 1] if match.start() else " "
        kind = mdx.meaning(name).kind
        # "entirety.<Rule/>" and "<Energy/><Fury/>" would read as one glued word otherwise.
        glued = (kind == "rule" and not before.isspace() and before != "(") or before == ">"
        return (" " if glued else "") + token

    return mdx.TAG_RE.sub(swap, source)


def _callout_html(block: Block, inner: str) -> str:
    attrs = mdx.attributes(block.attrs)
    kind = re.sub(r"[^a-z-]", "", attrs.get("type", "note").lower()) or "note"
    title = attrs.get("title") or _CALLOUT_WORDS.get(kind, "")
    heading = f"<p><strong>{html.escape(title)}</strong></p>\n" if title else ""
    css = "callout" if block.name == "Callout" else "callout callout-other"
    return f'<aside class="{css} callout-{kind}">{heading}{inner}</aside>'


def _callout_title(block: Block) -> str:
    attrs = mdx.attributes(block.attrs)
    kind = attrs.get("type", "").lower()
    title = attrs.get("title") or _CALLOUT_WORDS.get(kind, "")
    return f"{title}:" if title else ""


def answer_to_text(markdown: str) -> str:
    """Plain text with every tag spoken: "pay 1 Energy 1 Power of any domain to ready it"."""
    fragments = Fragments()
    swapped = _swap_tags(markdown, fragments, lambda name, attrs: "")
    text = blocks_text(parse_blocks(swapped.splitlines()), fragments, _callout_title)
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def render_answer_html(
    entry,
    resolve_rule_url: Resolver | None = None,
    resolve_card_url: Resolver | None = None,
    resolve_keyword_url: Resolver | None = None,
    resolve_link: Resolver | None = None,
) -> str:
    """Safe HTML for a FaqEntry (or a markdown string).

    ``resolve_link`` rewrites Markdown link targets (the FAQ links to its own pages with
    root-relative paths such as /cards/switcheroo#might-swap); whatever it returns is still
    filtered, so only http(s), relative and fragment hrefs survive.
    """
    markdown = entry if isinstance(entry, str) else entry.answer_markdown
    fragments = Fragments()

    def to_html(name, attrs):
        return _tag_html(name, attrs, resolve_rule_url, resolve_card_url, resolve_keyword_url)

    swapped = _swap_tags(markdown, fragments, to_html)
    blocks = parse_blocks(swapped.splitlines())
    return fragments.restore(render_blocks(blocks, fragments, _callout_html, resolve_link))
