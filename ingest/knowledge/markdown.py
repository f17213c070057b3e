"""A deliberately small, safe Markdown subset: paragraphs, headings, lists, emphasis, links.

Why not a Markdown library: the sources are third-party text shown on our pages, so the output
must contain only markup we wrote. Every character of source text goes through html.escape;
the only tags that can appear are <p>, <strong>, <em>, <a>, <ul>, <ol>, <li> and whatever the
caller's container/fragment hooks produce (those hooks escape their own text). Links survive
only with http(s), root-relative or fragment hrefs, so ``javascript:`` never reaches a page.

Callers that have inline extensions (MDX tags, icons) swap them for placeholder tokens made by
:class:`Fragments` before rendering; the tokens contain no escapable characters and are swapped
back for the caller's HTML at the end.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ingest.urls import safe_url

_TOKEN_RE = re.compile("\x00(\\d+)\x00")
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*(?:\[#(?P<anchor>[\w-]+)\])?\s*$")
_BULLET_RE = re.compile(r"^\s{0,3}([-*+])\s+(.*)$")
_ORDERED_RE = re.compile(r"^\s{0,3}(\d{1,3})[.)]\s+(.*)$")
_OPEN_RE = re.compile(r"^\s*<([A-Z][A-Za-z]*)(\s[^>]*)?>\s*$")
_LINK_RE = re.compile(r"\[((?:[^\[\]]|\[[^\]]*\])+)\]\(\s*([^()\s]+)\s*\)")
_BOLD_RE = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC_RE = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_UNDERSCORE_RE = re.compile(r"(?<![\w])_(?=\S)(.+?)(?<=\S)_(?![\w])")
_SCHEME_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.\-]*:")


class Fragments:
    """Pre-rendered HTML held aside while the surrounding text is escaped."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.texts: list[str] = []

    def add(self, html_fragment: str, text: str = "") -> str:
        """Store ``html_fragment`` (and its plain-text form); return the placeholder token."""
        self.items.append(html_fragment)
        self.texts.append(text)
        return f"\x00{len(self.items) - 1}\x00"

    def restore(self, value: str, plain: bool = False) -> str:
        source = self.texts if plain else self.items
        # Fragments can nest (a link around a tag), so restore until no token is left.
        for _ in range(5):
            if "\x00" not in value:
                break
            value = _TOKEN_RE.sub(lambda m: source[int(m.group(1))], value)
        return value


@dataclass
class Block:
    kind: str  # "p", "h", "ul", "ol", "container"
    text: str = ""
    items: list[str] = field(default_factory=list)
    name: str = ""  # container tag name
    attrs: str = ""  # container attributes, raw
    children: list[Block] = field(default_factory=list)


def safe_href(href: str) -> str | None:
    """The href if it is http(s), relative or a fragment; None for any other scheme."""
    href = href.strip()
    if not href or any(ord(ch) < 32 for ch in href) or href.startswith("//"):
        return None
    if _SCHEME_RE.match(href):
        return safe_url(href)
    return href


def parse_blocks(lines: list[str]) -> list[Block]:
    """Group lines into blocks. A list item swallows indented and lazy continuation lines."""
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        index += 1
        if not stripped:
            continue
        opened = _OPEN_RE.match(line)
        if opened:
            index = _container(lines, index, opened, blocks)
            continue
        heading = _HEADING_RE.match(stripped)
        if heading:
            blocks.append(Block("h", text=heading.group(2)))
            continue
        kind, first = _list_item(line)
        if kind:
            index = _list(lines, index, kind, first, blocks)
            continue
        paragraph = [stripped]
        while index < len(lines) and _continues_paragraph(lines[index]):
            paragraph.append(lines[index].strip())
            index += 1
        blocks.append(Block("p", text="\n".join(paragraph)))
    return blocks


def _container(lines: list[str], index: int, opened: re.Match, blocks: list[Block]) -> int:
    name, attrs = opened.group(1), opened.group(2) or ""
    inner: list[str] = []
    depth = 1
    while index < len(lines):
        line = lines[index]
        index += 1
        if _OPEN_RE.match(line) and _OPEN_RE.match(line).group(1) == name:
            depth += 1
        elif line.strip() == f"</{name}>":
            depth -= 1
            if depth == 0:
                break
        inner.append(line)
    dedented = [line[1:] if line.startswith("\t") else line for line in inner]
    blocks.append(Block("container", name=name, attrs=attrs, children=parse_blocks(dedented)))
    return index


def _list_item(line: str) -> tuple[str, str]:
    bullet = _BULLET_RE.match(line)
    if bullet and not line.lstrip().startswith("**"):
        return "ul", bullet.group(2)
    ordered = _ORDERED_RE.match(line)
    if ordered:
        return "ol", ordered.group(2)
    return "", ""


def _list(lines: list[str], index: int, kind: str, first: str, blocks: list[Block]) -> int:
    items = [first.strip()]
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            # A blank line ends the list unless the next line is another item of the same kind.
            following = lines[index + 1] if index + 1 < len(lines) else ""
            if _list_item(following)[0] == kind:
                index += 1
                continue
            break
        next_kind, text = _list_item(line)
        if next_kind == kind:
            items.append(text.strip())
        elif next_kind or not _continues_paragraph(line):
            break
        else:
            items[-1] += "\n" + line.strip()
        index += 1
    blocks.append(Block(kind, items=items))
    return index


def _continues_paragraph(line: str) -> bool:
    stripped = line.strip()
    if not stripped or _HEADING_RE.match(stripped) or _OPEN_RE.match(line):
        return False
    return not (_list_item(line)[0] and not line.startswith(("\t", "    ")))


def render_inline(text: str, fragments: Fragments, resolve_link=None) -> str:
    """Escape ``text`` and apply links, bold and italic; placeholders pass through intact."""

    def link(match: re.Match) -> str:
        label = render_inline(match.group(1), fragments, resolve_link)
        target = resolve_link(match.group(2)) if resolve_link else match.group(2)
        href = safe_href(target) if target else None
        if href is None:
            return fragments.add(label, fragments.restore(label, plain=True))
        rel = ' rel="external nofollow noopener"' if safe_url(href) else ""
        anchor = f'<a href="{html.escape(href, quote=True)}"{rel}>{label}</a>'
        return fragments.add(anchor, _plain_inline(match.group(1)))

    text = _LINK_RE.sub(link, text)
    out = html.escape(text, quote=False)
    out = _BOLD_RE.sub(r"<strong>\1</strong>", out)
    out = _ITALIC_RE.sub(r"<em>\1</em>", out)
    return _UNDERSCORE_RE.sub(r"<em>\1</em>", out)


def _plain_inline(text: str) -> str:
    text = _LINK_RE.sub(lambda m: m.group(1), text)
    text = _BOLD_RE.sub(r"\1", text)
    text = _ITALIC_RE.sub(r"\1", text)
    return _UNDERSCORE_RE.sub(r"\1", text)


ContainerHook = Callable[[Block, str], str]


def render_blocks(
    blocks: list[Block], fragments: Fragments, container: ContainerHook | None, resolve_link=None
) -> str:
    """HTML for ``blocks``; placeholders are left in for the caller to restore once."""
    parts = []
    for block in blocks:
        if block.kind == "p":
            parts.append(f"<p>{render_inline(block.text, fragments, resolve_link)}</p>")
        elif block.kind == "h":
            parts.append(
                f"<p><strong>{render_inline(block.text, fragments, resolve_link)}</strong></p>"
            )
        elif block.kind in ("ul", "ol"):
            items = "".join(
                f"<li>{render_inline(item, fragments, resolve_link)}</li>" for item in block.items
            )
            parts.append(f"<{block.kind}>{items}</{block.kind}>")
        else:
            inner = render_blocks(block.children, fragments, container, resolve_link)
            parts.append(container(block, inner) if container else inner)
    return "\n".join(parts)


def blocks_text(blocks: list[Block], fragments: Fragments, container_title=None) -> str:
    """Plain text for ``blocks``: paragraphs split by blank lines, list items as "- item"."""
    parts = []
    for block in blocks:
        if block.kind in ("p", "h"):
            parts.append(_flat(_plain_inline(block.text)))
        elif block.kind in ("ul", "ol"):
            marks = (
                ["-"] * len(block.items)
                if block.kind == "ul"
                else [f"{n}." for n in range(1, len(block.items) + 1)]
            )
            parts.append(
                "\n".join(
                    f"{mark} {_flat(_plain_inline(item))}"
                    for mark, item in zip(marks, block.items, strict=True)
                )
            )
        else:
            title = container_title(block) if container_title else ""
            inner = blocks_text(block.children, fragments, container_title)
            parts.append(f"{title}\n{inner}" if title else inner)
    return fragments.restore("\n\n".join(parts), plain=True)


def _flat(text: str) -> str:
    return re.sub(r"\s*\n\s*", " ", text).strip()


def render_markdown(source: str, resolve_link=None) -> str:
    """Safe HTML for plain Markdown (no extensions): what the official FAQ answers need."""
    fragments = Fragments()
    blocks = parse_blocks(source.replace("\x00", "").splitlines())
    return fragments.restore(render_blocks(blocks, fragments, None, resolve_link))


def markdown_text(source: str) -> str:
    """Plain text for plain Markdown."""
    fragments = Fragments()
    return blocks_text(parse_blocks(source.replace("\x00", "").splitlines()), fragments)
