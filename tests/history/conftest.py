"""Fixtures for the history engine: the invented versions, and the real corpus when present.

The corpus is read with ``ingest.parse.parse_file`` when that parser works; otherwise (the
parser is developed alongside) with the small private loader below, which is enough for
comparing versions: numbers, text and the heading flag.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path

import pytest

from ingest.numbers import normalise
from rulebook.history import History, RuleVersion, as_rule_versions

DATA = Path(__file__).resolve().parent.parent / "data" / "history"

ENGLISH = [
    ("2025-10", "en/2025-10_v1.1.md"),
    ("2025-12-01", "en/2025-12-01_v1.2.md"),
    ("2026-03-30", "en/2026-03-30_v1.3.md"),
    ("2026-07-16", "en/2026-07-16_v1.4.json"),
]


def load_fixture(name: str) -> list[RuleVersion]:
    return as_rule_versions(json.loads((DATA / f"{name}.json").read_text("utf-8")))


@pytest.fixture(scope="session")
def v1():
    return load_fixture("v1")


@pytest.fixture(scope="session")
def v2():
    return load_fixture("v2")


@pytest.fixture(scope="session")
def v3():
    return load_fixture("v3")


def load_rules(path: Path) -> list[RuleVersion]:
    """The corpus file's rules, preferring the project's parser.

    Set HISTORY_PRIVATE_LOADER=1 to use the private loader (checks the engine does not
    depend on the parser's repairs).
    """
    if os.environ.get("HISTORY_PRIVATE_LOADER"):
        return private_load(path)
    try:
        from ingest.parse import parse_file

        rules = parse_file(path).rules
        if rules:
            return as_rule_versions(rules)
    except Exception:  # the parser is work in progress; fall back
        pass
    return private_load(path)


_ROW_RE = re.compile(
    r'<div class="rule-row([^"]*)"><div class="rule-id">([^<]*)</div>'
    r'<div class="rule-text">(.*?)</div></div>'
)
_TAG_RE = re.compile(r"<[^>]+>")
_MD_RULE_RE = re.compile(r"^#*\s*(\d{3}(?:\.[0-9a-z]+)*)\.?\s+(.*)$")
_EMPHASIS_RE = re.compile(r"\*\*|(?<!\w)_|_(?!\w)")


def private_load(path: Path) -> list[RuleVersion]:
    """A minimal reader of the three corpus formats (JSON rows, HTML rows, Markdown)."""
    text = path.read_text("utf-8")
    rows: list[tuple[str, str, bool]] = []
    if path.suffix == ".json":
        rows = [(r["id"], r["text"], False) for r in json.loads(text)]
    elif 'class="rule-row' in text:
        for cls, number, body in _ROW_RE.findall(text):
            if number.strip():
                body = html.unescape(_TAG_RE.sub("", body))
                rows.append((number, body, "heading" in cls or "chapter" in cls))
    else:
        rows = _markdown_rows(text)
    out = []
    for number, body, heading in rows:
        norm = normalise(number)
        if norm:
            out.append(RuleVersion(norm, " ".join(body.split()), heading, len(out)))
    return out


def _markdown_rows(text: str) -> list[tuple[str, str, bool]]:
    rows: list[list] = []
    for line in text.splitlines():
        found = _MD_RULE_RE.match(line)
        if found:
            body = _EMPHASIS_RE.sub("", found.group(2)).lstrip("* ")
            rows.append([found.group(1), body, line.startswith("#")])
        elif rows and line.startswith(" ") and line.strip():
            rows[-1][1] += " " + _EMPHASIS_RE.sub("", line.strip())
    return [tuple(row) for row in rows]


@pytest.fixture(scope="session")
def english_history(corpus_dir) -> History:
    """The four English Core Rules versions, oldest first (skips without ../shared)."""
    root = corpus_dir / "core-rules"
    return History([(label, load_rules(root / name)) for label, name in ENGLISH])
