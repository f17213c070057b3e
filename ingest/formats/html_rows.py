"""Rule rows as HTML inside Markdown (``<div class="rule-row rule-heading">`` ...).

The row markup comes from a PDF converter: the ``rule-id`` cell may be empty (title, date,
or a fragment of a sentence the converter broke into pieces), and ``rule-heading`` marks
anything printed in bold, sub-rules included. Which rows are real headings is decided later,
from the number as well as the class.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from .base import FormatParser, LineIndex, RawDocument, Row, fail, version_in

ROW_START_RE = re.compile(r"""<div\b[^>]*\bclass\s*=\s*["'][^"']*\brule-row\b[^"']*["']""")
ENTITY_RE = re.compile(r"&(?:#\d+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")
DIV_OPEN_RE = re.compile(r"<div\b")
DIV_CLOSE_RE = re.compile(r"</div\s*>")

CLASS_LEVELS = {"rule-chapter": 1, "rule-heading": 2, "rule-plain": 0, "rule-cont": 0}


class HtmlRowsParser(FormatParser):
    name = "html-rows"

    def detect(self, text: str) -> bool:
        return bool(ROW_START_RE.search(text)) and "rule-id" in text

    def read(self, text: str, filename: str = "") -> RawDocument:
        starts = [m.start() for m in ROW_START_RE.finditer(text)]
        lines = LineIndex(text)
        chunks = [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]
        for start, chunk in zip(starts, chunks, strict=True):
            # An unclosed row swallows the rest of the file in a lenient parser; refuse it.
            if len(DIV_CLOSE_RE.findall(chunk)) < len(DIV_OPEN_RE.findall(chunk)):
                raise fail("truncated rule row (missing </div>)", filename, lines.line(start))
        soup = BeautifulSoup(text, "lxml")
        found = soup.find_all("div", class_="rule-row")
        if len(found) != len(starts):
            raise fail(
                f"malformed rule rows: {len(starts)} row starts but {len(found)} parsed rows",
                filename,
                lines.line(starts[len(found)] if len(found) < len(starts) else starts[-1]),
            )
        doc = RawDocument(self.name)
        for start, chunk, div in zip(starts, chunks, found, strict=True):
            self._add_row(doc, div, chunk, lines.line(start))
        return doc

    def _add_row(self, doc: RawDocument, div, chunk: str, lineno: int) -> None:
        id_cell = div.find(class_="rule-id")
        text_cell = div.find(class_="rule-text")
        number = id_cell.get_text(" ", strip=True) if id_cell else ""
        text = " ".join(text_cell.get_text(" ").split()) if text_cell else ""
        if not number and not doc.rows:
            # Before the first rule, number-less rows are the title and the date line.
            if version_in(text) and not doc.version:
                doc.version = version_in(text)
                return
            if not doc.title:
                doc.title = text
                return
        row = Row(number or None, text, lineno, heading_level=self._level(div))
        entities = len(ENTITY_RE.findall(chunk.split("rule-text", 1)[-1]))
        if entities:
            row.counts["html-entities"] = entities
        doc.rows.append(row)

    @staticmethod
    def _level(div) -> int | None:
        for css in div.get("class", []):
            if css in CLASS_LEVELS:
                return CLASS_LEVELS[css]
        return None
