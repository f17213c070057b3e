"""A JSON array of ``{"id", "text", "section", "top"}`` rows, in rule order.

There is no date inside and no heading flag: a row is a heading candidate when its text is
its own ``section`` value. That heuristic has false positives where the converter glued a
heading onto a rule (``"… the game ends. 197. Locations"`` becomes both text and section), so
the final decision is taken after glued splits, in :mod:`ingest.headings`.
"""

from __future__ import annotations

import json
import re

from ..model import Finding
from .base import FormatParser, RawDocument, Row, fail

# The type each field of a row must have; a number or a list where text belongs means the
# file was produced by something else than the converter we know, so the row is suspect.
_FIELD_TYPES = {
    "id": (str,),
    "text": (str,),
    "section": (str, type(None)),
    "top": (str, type(None)),
}

_DETECT_RE = re.compile(r'^\s*\[\s*(?:\]|\{\s*"(?:id|text|section|top)"\s*:)')


class JsonRowsParser(FormatParser):
    name = "json-rows"

    def detect(self, text: str) -> bool:
        return bool(_DETECT_RE.match(text))

    def read(self, text: str, filename: str = "") -> RawDocument:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            message = f"invalid JSON: {exc.msg} (column {exc.colno})"
            raise fail(message, filename, exc.lineno) from None
        if not isinstance(data, list):
            raise fail("expected a JSON array of rule rows", filename, 1)
        doc = RawDocument(self.name)
        for index, item in enumerate(data, start=1):
            doc.rows.append(self._row(item, index, filename))
            doc.findings.extend(_type_findings(item, index))
        return doc

    @staticmethod
    def _row(item, index: int, filename: str) -> Row:
        # JSON has no useful line numbers (often one line); the 1-based row index stands in.
        if not isinstance(item, dict) or "text" not in item:
            raise fail(f"row {index} is not an object with a 'text' field", filename, index)
        number = str(item.get("id") or "").strip() or None
        text = " ".join(str(item.get("text") or "").split())
        section = item.get("section")
        section = " ".join(str(section).split()) if section is not None else None
        level = 0
        if number and section and text == section:
            # Chapters are the round hundreds: 000 Golden and Silver Rules, 100, 300 …
            level = 1 if number.isdigit() and int(number) % 100 == 0 else 2
        return Row(number, text, index, heading_level=level, section=section)


def _type_findings(item: dict, index: int) -> list[Finding]:
    """One ``wrong-type`` anomaly per field of the wrong JSON type (the loader refuses a
    document with any unless told to accept anomalies)."""
    return [
        Finding(
            "wrong-type",
            f"row {index}: {name!r} is {type(item[name]).__name__}, expected a string",
            line=index,
        )
        for name, allowed in _FIELD_TYPES.items()
        if name in item and not isinstance(item[name], allowed)
    ]
