"""Any HTML page where rules are table rows, list items or paragraphs that start with a number.

Tournament rules and fan sites publish this way. Headings are numbered ``<h1>``..``<h6>``
elements, or rows whose content is all ``<th>``/``<strong>``. Text before the first numbered
element is page furniture (navigation, intro) and is not a rule.
"""

from __future__ import annotations

import re

from bs4 import BeautifulSoup

from .base import FormatParser, RawDocument, Row, version_in

NUMBER_START_RE = re.compile(
    r"^\s*(?P<num>\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*\.?)(?:\s+|$)(?P<text>.*)$", re.S
)
_DETECT_RE = re.compile(
    r"<(?:td|th|li|p|h[1-6])\b[^>]*>\s*(?:<[^>]+>\s*)*\d{3}(?:\.[0-9a-z]{1,3})*\.?(?:\s|<)",
    re.IGNORECASE,
)
BLOCKS = ["tr", "li", "p", "h1", "h2", "h3", "h4", "h5", "h6", "dt", "dd"]
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


def _clean(text: str) -> str:
    return " ".join(text.split())


class HtmlParser(FormatParser):
    name = "html"

    def detect(self, text: str) -> bool:
        return bool(_DETECT_RE.search(text))

    def read(self, text: str, filename: str = "") -> RawDocument:
        # html.parser (not lxml) because it records source line numbers for every tag.
        soup = BeautifulSoup(text, "html.parser")
        doc = RawDocument(self.name, title=self._title(soup))
        doc.version = version_in(soup.get_text(" "))
        levels = self._heading_levels(soup)
        taken: set[int] = set()
        for element in soup.find_all(BLOCKS):
            if any(id(parent) in taken for parent in element.parents):
                continue
            taken.add(id(element))
            row = self._row(element, levels)
            if row is None:
                continue
            if row.number_raw is None and not doc.rows:
                continue  # page furniture before the rules
            doc.rows.append(row)
        return doc

    @staticmethod
    def _title(soup) -> str:
        if soup.title and soup.title.get_text(strip=True):
            return _clean(soup.title.get_text(" "))
        for h1 in soup.find_all("h1"):
            text = _clean(h1.get_text(" "))
            if not NUMBER_START_RE.match(text):
                return text
        return ""

    @staticmethod
    def _heading_levels(soup) -> dict[str, int]:
        """Numbered heading tags, outermost first: two or more kinds give chapters and sections."""
        tags = sorted(
            {h.name for h in soup.find_all(HEADINGS) if NUMBER_START_RE.match(h.get_text(" "))}
        )
        if len(tags) == 1:
            return {tags[0]: 2}
        return {tag: (1 if i == 0 else 2 if i == 1 else 3) for i, tag in enumerate(tags)}

    def _row(self, element, levels: dict[str, int]) -> Row | None:
        line = element.sourceline or 0
        if element.name == "tr":
            cells = element.find_all(["td", "th"], recursive=False)
            text = _clean(" ".join(cell.get_text(" ") for cell in cells))
            bold = bool(cells) and all(cell.name == "th" or _all_bold(cell) for cell in cells)
        else:
            text = _clean(element.get_text(" "))
            bold = _all_bold(element)
        if not text:
            return None
        match = NUMBER_START_RE.match(text)
        if not match:
            return Row(None, text, line)
        if element.name in HEADINGS:
            level = levels.get(element.name, 2)
        else:
            level = 2 if bold else 0
        return Row(match["num"], _clean(match["text"]), line, heading_level=level)


def _all_bold(element) -> bool:
    """True when every piece of text in ``element`` sits inside <strong>/<b>/<th>."""
    pieces = [s for s in element.find_all(string=True) if s.strip()]
    return bool(pieces) and all(s.find_parent(["strong", "b", "th"]) for s in pieces)
