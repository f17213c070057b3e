"""Bounds on what one document may hold, so that a hostile or broken file fails at ingest with
a ``file:line`` error instead of producing a 7-second page, a 60 MB history or a search
worker killed mid-query. The values come from the caller (Django settings, via the loader):
this package stays free of Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import numbers
from .model import IngestError, ParsedDocument


@dataclass(frozen=True)
class Limits:
    file_bytes: int = 20 * 1024 * 1024
    rule_chars: int = 20_000
    depth: int = 8
    rules: int = 20_000


def check_file_size(path: Path, limits: Limits) -> None:
    size = path.stat().st_size
    if size > limits.file_bytes:
        raise IngestError(
            f"file is {size:,} bytes, over the limit of {limits.file_bytes:,}", f"{path}:1"
        )


def check_document(parsed: ParsedDocument, filename: str, limits: Limits) -> None:
    """The first rule beyond a limit, as an IngestError pointing at its line."""
    if len(parsed.rules) > limits.rules:
        rule = parsed.rules[limits.rules]
        raise IngestError(
            f"{len(parsed.rules):,} rules, over the limit of {limits.rules:,} per document",
            f"{filename}:{rule.line}",
        )
    for rule in parsed.rules:
        if len(rule.text) > limits.rule_chars:
            raise IngestError(
                f"rule {rule.number} has {len(rule.text):,} characters, over the limit of "
                f"{limits.rule_chars:,}",
                f"{filename}:{rule.line}",
            )
        depth = rule.depth if rule.depth is not None else numbers.depth(rule.number)
        if depth > limits.depth:
            raise IngestError(
                f"rule {rule.number} is nested {depth} levels deep, over the limit of "
                f"{limits.depth}",
                f"{filename}:{rule.line}",
            )
