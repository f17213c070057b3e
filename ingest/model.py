"""Dataclasses that parsers produce and the load step consumes.

They are the contract between the pure parsing code and Django: nothing in here knows about
models, and the load step never looks at source text again.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class IngestError(Exception):
    """Unreadable input. ``location`` is ``file:line`` so the message points at the problem."""

    def __init__(self, message: str, location: str = ""):
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location
        self.reason = message


@dataclass
class Finding:
    """A repair made or an anomaly seen, with enough context to find it in the source."""

    kind: str  # "split-glued-heading", "duplicate-number", ...
    detail: str
    number: str | None = None
    line: int | None = None

    def as_dict(self) -> dict:
        return {"kind": self.kind, "detail": self.detail, "number": self.number, "line": self.line}


@dataclass
class ParsedRule:
    """One numbered rule as the source gives it, after safe repairs."""

    number_raw: str  # as printed: "813.1.c.2." or "813.1.c.2"
    number: str  # normalised, no trailing dot
    text: str
    heading: bool = False
    heading_level: int = 0  # 0 not a heading, 1 chapter, 2 section, 3 step
    line: int = 0  # 1-based source line (JSON: 1-based row index)
    repairs: list[str] = field(default_factory=list)  # kinds of repair that touched this rule
    # Prose documents only: an entry's name ("Counter") and the depth its layout gives it.
    title: str = ""
    depth: int | None = None


@dataclass
class ParsedDocument:
    """A whole numbered document: its metadata as found, its rules and its report findings."""

    format: str  # "markdown", "html-rows", "json-rows", "html"
    title: str = ""
    version: str | None = None  # found inside the document: "2026-03-30" or "2025-10"
    language: str | None = None
    rules: list[ParsedRule] = field(default_factory=list)
    repairs: list[Finding] = field(default_factory=list)
    anomalies: list[Finding] = field(default_factory=list)


@dataclass
class ParsedReference:
    """A cross-reference found in a rule's text, before it is resolved against a document."""

    source_index: int  # index of the citing rule in ParsedDocument.rules
    written: str  # as written: "rule 349", "rules 401-406"
    target: str  # one normalised number; ranges and lists expand to several references
    kind: str  # "see", "rule", "range", "list"
    start: int  # offsets of ``written`` in the rule text, for linking
    end: int
