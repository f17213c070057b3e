"""Unnumbered rules prose: a title, paragraphs, numbered conditions and named entries.

Some games publish rules as prose pages (Warcry's reactions page; our Hollowmere demo's
"Interrupts": a title, explanatory paragraphs, "1. The member has not taken its turn…"
conditions, and entries such as "Parry: A member may use this interrupt…"). Each block becomes a
rule whose "number" is a readable anchor made from its heading or entry name (``parry``,
``duck-and-weave``) or from its place in its section (``interrupts-p2``, ``interrupts-1``), so
that re-ingesting the same page keeps every anchor.

Block processors are small classes with a compiled, named-group pattern, tried in order, as in
Python-Markdown; plain text and HTML are first reduced to the same list of text blocks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bs4 import BeautifulSoup

from . import languages
from .formats.base import version_in
from .knowledge.text import slugify
from .metadata import guess_language
from .model import IngestError, ParsedDocument, ParsedRule

# Words that anchors must not take: they are path segments of the rules URLs.
RESERVED = {"changes", "compare", "history", "feed"}
# Anchors are rule "numbers" in the database and in URLs: keep them short.
ANCHOR_LENGTH = 36


@dataclass
class Block:
    text: str
    line: int
    tag: str = ""  # HTML hint: "h1", "h2", "li", "dt" ...
    label: str = ""  # HTML hint: a <dt> or leading <strong> name


class Processor:
    """Recognises one kind of block; ``pattern`` is matched against the block's text."""

    pattern: re.Pattern = re.compile(r"(?!)")

    def match(self, block: Block, state: ProseState):
        return self.pattern.match(block.text)

    def run(self, match, block: Block, state: ProseState) -> None:
        raise NotImplementedError


class TitleProcessor(Processor):
    pattern = re.compile(r"^(?P<title>[^.!?:]{1,80})$")

    def match(self, block, state):
        first = not state.rules and not state.title
        return (first or block.tag == "h1") and self.pattern.match(block.text)

    def run(self, match, block, state):
        state.title = state.title or match["title"].strip()
        state.add_heading(match["title"].strip(), level=1, line=block.line)


class HeadingProcessor(Processor):
    """A short line with no closing punctuation, such as "Common Interrupts"."""

    pattern = re.compile(r"^(?P<title>[A-Z0-9][^.!?:;]{0,60})$")

    def match(self, block, state):
        if block.tag in ("h2", "h3", "h4", "h5", "h6"):
            return re.match(r"^(?P<title>.+)$", block.text)
        if block.tag or len(block.text.split()) > 8:
            return None
        return self.pattern.match(block.text)

    def run(self, match, block, state):
        level = 3 if block.tag in ("h4", "h5", "h6") else 2
        state.add_heading(match["title"].strip(), level=level, line=block.line)


class ConditionProcessor(Processor):
    """A numbered condition ("1. The member has not taken its turn yet…")."""

    pattern = re.compile(r"^(?P<n>\d{1,2})[.)]\s+(?P<text>.+)$", re.S)

    def match(self, block, state):
        if block.tag == "li":
            return re.match(r"^(?P<n>)(?P<text>.+)$", block.text, re.S)
        return self.pattern.match(block.text)

    def run(self, match, block, state):
        state.add_condition(match["n"], match["text"].strip(), block.line)


class EntryProcessor(Processor):
    """A named entry ("Parry: A member may use this interrupt…")."""

    pattern = re.compile(r"^(?P<name>[A-Z][\w'’-]*(?: [\w'’-]+){0,5}):\s+(?P<text>\S.*)$", re.S)

    def match(self, block, state):
        if block.label:
            return {"name": block.label, "text": block.text}
        return self.pattern.match(block.text)

    def run(self, match, block, state):
        state.add_entry(match["name"].strip(), match["text"].strip(), block.line)


class ParagraphProcessor(Processor):
    pattern = re.compile(r"^(?P<text>.+)$", re.S)

    def run(self, match, block, state):
        state.add_paragraph(match["text"].strip(), block.line)


PROCESSORS: list[Processor] = [
    TitleProcessor(),
    ConditionProcessor(),
    EntryProcessor(),
    HeadingProcessor(),
    ParagraphProcessor(),
]


class ProseState:
    """The rules built so far, the open section and the anchors already taken."""

    def __init__(self):
        self.rules: list[ParsedRule] = []
        self.title = ""
        self.section = ""
        self.paragraphs = 0
        self.items = 0
        self.taken: set[str] = set(RESERVED)

    def anchor(self, base: str) -> str:
        candidate, n = base, 2
        while candidate in self.taken:
            candidate, n = f"{base}-{n}", n + 1
        self.taken.add(candidate)
        return candidate

    def _add(self, anchor, text, line, heading_level=0, title="", depth=1):
        rule = ParsedRule(
            number_raw="",
            number=anchor,
            text=text,
            heading=bool(heading_level),
            heading_level=heading_level,
            line=line,
        )
        rule.title, rule.depth = title, depth
        self.rules.append(rule)

    def add_heading(self, title, level, line):
        self.section = self.anchor(slugify(title, ANCHOR_LENGTH))
        self.paragraphs = self.items = 0
        self._add(self.section, title, line, heading_level=level, title=title, depth=level - 1)

    def add_entry(self, name, text, line):
        anchor = self.anchor(slugify(name, ANCHOR_LENGTH))
        self._add(anchor, text, line, heading_level=3, title=name, depth=2)

    def add_condition(self, n, text, line):
        self.items += 1
        base = f"{self.section or 'intro'}-{n or self.items}"
        self._add(self.anchor(base), text, line, depth=2)

    def add_paragraph(self, text, line):
        self.paragraphs += 1
        base = f"{self.section or 'intro'}-p{self.paragraphs}"
        self._add(self.anchor(base), text, line, depth=1)


def text_blocks(text: str) -> list[Block]:
    """Blank lines separate blocks; in a run of entry or condition lines, each line is one."""
    blocks: list[Block] = []
    for match in re.finditer(r"(?:[^\n]*\S[^\n]*\n?)+", text):
        line = text.count("\n", 0, match.start()) + 1
        lines = [ln.strip() for ln in match.group(0).splitlines() if ln.strip()]
        if len(lines) > 1 and all(_starts_item(ln) for ln in lines[1:]):
            blocks.extend(Block(ln, line + i) for i, ln in enumerate(lines))
        else:
            blocks.append(Block(" ".join(lines), line))
    return blocks


def _starts_item(line: str) -> bool:
    return bool(EntryProcessor.pattern.match(line) or ConditionProcessor.pattern.match(line))


def html_blocks(html: str) -> list[Block]:
    soup = BeautifulSoup(html, "lxml")
    blocks = []
    for element in soup.find_all(["h1", "h2", "h3", "h4", "h5", "h6", "p", "li", "dt", "dd"]):
        text = " ".join(element.get_text(" ").split())
        if not text:
            continue
        line = getattr(element, "sourceline", 0) or 0
        strong = element.find(["strong", "b"]) if element.name == "p" else None
        if element.name == "dd" and blocks and blocks[-1].tag == "dt":
            blocks[-1] = Block(text, blocks[-1].line, "dd", label=blocks[-1].text)
        elif strong and _labelled(text, strong.get_text().strip()):
            name = strong.get_text().strip().rstrip(":")
            body = text[len(strong.get_text().strip()) :].lstrip().lstrip(":").strip()
            blocks.append(Block(body, line, "p", label=name))
        else:
            blocks.append(Block(text, line, element.name))
    return blocks


def _labelled(text: str, name: str) -> bool:
    """``<p><strong>Counter:</strong> text</p>`` or ``<strong>Counter</strong>: text``."""
    rest = text[len(name) :].lstrip()
    return bool(name) and text.startswith(name) and (name.endswith(":") or rest.startswith(":"))


_VERSION_LINE = re.compile(
    rf"^(?:{languages.updated_label_pattern()})\s*:?\s*\d{{4}}-\d{{2}}(?:-\d{{2}})?\.?$", re.I
)


def is_html(text: str) -> bool:
    return bool(re.search(r"<(?:html|body|p|h[1-6])\b", text[:4000], re.I))


def parse_prose(text: str, filename: str = "") -> ParsedDocument:
    """Every block of a prose page as a rule with a readable anchor; nothing is dropped."""
    html = is_html(text)
    blocks = html_blocks(text) if html else text_blocks(text)
    if not blocks:
        raise IngestError("no text found", f"{filename or '<text>'}:1")
    state = ProseState()
    for block in blocks:
        if _VERSION_LINE.match(block.text):
            continue  # "Last updated: 2026-06-01" is the document's version, not a rule
        for processor in PROCESSORS:
            match = processor.match(block, state)
            if match:
                processor.run(match, block, state)
                break
    plain = " ".join(block.text for block in blocks)
    return ParsedDocument(
        format="prose-html" if html else "prose-text",
        title=state.title,
        version=version_in(plain[:2000]),
        language=guess_language(plain),
        rules=state.rules,
    )
