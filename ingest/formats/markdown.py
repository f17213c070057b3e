"""Markdown rules: one rule a line, ``##``/``###`` headings, hard-wrapped continuation lines.

Lines are handled by small processors tried in order, in the manner of Python-Markdown block
processors: the first whose pattern matches a line consumes it. Continuation is the fallback,
so an unexpected line is appended to the rule before it rather than lost.
"""

from __future__ import annotations

import re

from .. import languages
from .base import FormatParser, RawDocument, Row, version_in

# A printed number at the start of a line: "103.1.b.1." / "130.4" (dot missing in the source).
NUMBER = r"\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*\.?"
# Something that looks like a number but is misprinted: "1O3.2.", "103..2.", "103.2b.".
MANGLED = r"(?=[0-9OIl]{3}[.,])(?=[OIl]{0,2}\d)[0-9OIl]{3}(?:[.,]{1,2}[0-9A-Za-z]{1,3})+[.,]?"

EMPHASIS_RES = (
    re.compile(r"\*\*(?=\S)(?P<inner>.+?)(?<=\S)\*\*"),
    re.compile(r"(?<![\w*])\*(?=[^\s*])(?P<inner>[^*]+?)(?<=\S)\*(?![\w*])"),
    re.compile(r"(?<!\w)__(?=\S)(?P<inner>.+?)(?<=\S)__(?!\w)"),
    re.compile(r"(?<!\w)_(?=[^\s_])(?P<inner>[^_]+?)(?<=\S)_(?!\w)"),
)


class LineProcessor:
    """Consumes one kind of line. ``run`` returns True when it took the line."""

    pattern: re.Pattern

    def run(self, line: str, lineno: int, doc: RawDocument) -> bool:
        match = self.pattern.match(line)
        if not match:
            return False
        self.handle(match, lineno, doc)
        return True

    def handle(self, match: re.Match, lineno: int, doc: RawDocument) -> None:
        raise NotImplementedError


class BlankProcessor(LineProcessor):
    # Blank lines separate nothing: wrapped rules sometimes have blank lines inside them.
    pattern = re.compile(r"^\s*$")

    def handle(self, match, lineno, doc):
        pass


class FenceProcessor(LineProcessor):
    """PDF converters fence stray italic lines as code; the content stays, the fence goes."""

    pattern = re.compile(r"^\s*(```|~~~)\s*\w*\s*$")

    def handle(self, match, lineno, doc):
        pass


class TitleProcessor(LineProcessor):
    pattern = re.compile(r"^#\s+(?P<title>[^#].*?)\s*#*\s*$")

    def handle(self, match, lineno, doc):
        if not doc.title:
            doc.title = strip_emphasis(match["title"])[0]


class VersionProcessor(LineProcessor):
    pattern = re.compile(rf"^[#>*_\s]*(?:{languages.updated_label_pattern()})\b.*$", re.IGNORECASE)

    def handle(self, match, lineno, doc):
        doc.version = doc.version or version_in(match.group(0))


class HeadingProcessor(LineProcessor):
    """``## 000. Title`` is a chapter (level 1), ``### 001. Title`` a section (level 2)."""

    pattern = re.compile(rf"^(?P<hashes>#{{2,6}})\s+(?P<num>{NUMBER})\s+(?P<text>.*?)\s*#*\s*$")

    def handle(self, match, lineno, doc):
        level = min(len(match["hashes"]) - 1, 3)
        doc.rows.append(Row(match["num"], match["text"], lineno, heading_level=level))


class RuleProcessor(LineProcessor):
    pattern = re.compile(rf"^(?P<num>{NUMBER})[ \t]+(?P<text>\S.*?)\s*$")

    def handle(self, match, lineno, doc):
        doc.rows.append(Row(match["num"], match["text"], lineno))


class MangledRuleProcessor(RuleProcessor):
    """A misprinted number still starts a row; the shared repair step decides what it is."""

    pattern = re.compile(rf"^(?P<num>{MANGLED})[ \t]+(?P<text>\S.*?)\s*$")


class ContinuationProcessor(LineProcessor):
    pattern = re.compile(r"^\s*(?P<text>\S.*?)\s*$")

    def handle(self, match, lineno, doc):
        if doc.rows:
            doc.rows[-1].tail.append(match["text"])
        else:
            doc.rows.append(Row(None, match["text"], lineno))


PROCESSORS: list[LineProcessor] = [
    BlankProcessor(),
    FenceProcessor(),
    TitleProcessor(),
    VersionProcessor(),
    HeadingProcessor(),
    RuleProcessor(),
    MangledRuleProcessor(),
    ContinuationProcessor(),
]


def strip_emphasis(text: str) -> tuple[str, int]:
    """Remove ``**bold**`` / ``_italic_`` markers; returns the text and how many pairs went."""
    total = 0
    for regex in EMPHASIS_RES:
        while True:
            text, count = regex.subn(r"\g<inner>", text)
            total += count
            if not count:
                break
    return text, total


class MarkdownParser(FormatParser):
    name = "markdown"
    _detect_re = re.compile(rf"^(?:#{{2,6}}\s+)?{NUMBER}[ \t]+\S", re.MULTILINE)

    def detect(self, text: str) -> bool:
        return bool(self._detect_re.search(text))

    def read(self, text: str, filename: str = "") -> RawDocument:
        doc = RawDocument(self.name)
        for lineno, line in enumerate(text.split("\n"), start=1):
            for processor in PROCESSORS:
                if processor.run(line, lineno, doc):
                    break
        for row in doc.rows:
            row.join_tail()
            row.text, count = strip_emphasis(row.text)
            if count:
                row.counts["markdown-emphasis"] = count
        return doc
