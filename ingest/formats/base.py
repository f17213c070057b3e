"""What every format parser hands to the shared pipeline.

Format parsers only know their syntax. They turn a source into ``Row`` objects, leaving the
number unvalidated and the text unrepaired, so that repairs, heading rules and anomaly checks
are written once in :mod:`ingest.repair` and behave the same for every format.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from .. import languages
from ..model import Finding, IngestError

# "Last Updated: 2026-03-30", "Last Updated: 2025-10-" (day missing), "Mise à jour : 2026-07-16".
VERSION_RE = re.compile(
    rf"(?:{languages.updated_label_pattern()}|version)\s*:?\s*"
    r"(?P<year>\d{4})-(?P<month>\d{2})(?:-(?P<day>\d{2}))?",
    re.IGNORECASE,
)


@dataclass
class Row:
    """One numbered (or number-less) unit of a source, before repairs."""

    number_raw: str | None  # None: a fragment with no number
    text: str
    line: int
    heading_level: int | None = None  # None: the format does not say; 0: plain; 1..3: heading
    section: str | None = None  # JSON ``section`` field, when there is one
    counts: dict[str, int] = field(default_factory=dict)  # syntax repairs done while reading
    # Wrapped lines waiting to be joined onto ``text`` (joined once: appending each line to a
    # string made a many-line rule quadratic to read).
    tail: list[str] = field(default_factory=list, repr=False)

    def join_tail(self) -> None:
        if self.tail:
            self.text = " ".join([self.text, *self.tail] if self.text else self.tail)
            self.tail = []


@dataclass
class RawDocument:
    format: str
    rows: list[Row] = field(default_factory=list)
    title: str = ""
    version: str | None = None
    findings: list[Finding] = field(default_factory=list)  # anomalies seen while reading


class FormatParser:
    """Base for format parsers. Subclasses set ``name`` and implement both methods."""

    name = ""

    def detect(self, text: str) -> bool:
        raise NotImplementedError

    def read(self, text: str, filename: str = "") -> RawDocument:
        raise NotImplementedError


def version_in(text: str) -> str | None:
    """The date in a "Last Updated" line, month only when the day is missing."""
    match = VERSION_RE.search(text)
    if not match:
        return None
    version = f"{match['year']}-{match['month']}"
    return f"{version}-{match['day']}" if match["day"] else version


def location(filename: str, line: int) -> str:
    return f"{filename or '<text>'}:{line}"


def fail(message: str, filename: str, line: int) -> IngestError:
    return IngestError(message, location(filename, line))


class LineIndex:
    """Maps character offsets to 1-based line numbers."""

    def __init__(self, text: str):
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)
