"""Document metadata: kind, version, label and language, from the file name and the content.

A version found inside the document describes the text itself, so it wins over the file
name; an explicit ``--doc-version`` flag wins over both because a person checked it. Every
disagreement is reported rather than silently resolved.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from . import languages
from .model import Finding, IngestError

# A version as URLs and parameters write it: "2026-03-30", or "2025-10" where a source names
# only the month. VERSION_RE is the strict check of a real date.
VERSION_PATTERN = r"\d{4}-\d{2}(?:-\d{2})?"
VERSION_RE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?$")
_FILENAME_DATE_RE = re.compile(rf"(?<!\d)(?P<date>{VERSION_PATTERN})(?![\d])")
_FILENAME_LABEL_RE = re.compile(r"(?<![A-Za-z0-9])(?P<label>v\d+(?:\.\d+)*)(?![\d])", re.I)

_WORD_RE = re.compile(r"[^\W\d_]+")


def version_from_filename(name) -> str | None:
    """ "2026-07-16_v1.4.json" -> "2026-07-16"; "2025-10_v1.1.md" -> "2025-10"."""
    match = _FILENAME_DATE_RE.search(PurePath(str(name)).name)
    if not match or not VERSION_RE.match(match["date"]):
        return None
    return match["date"]


def label_from_filename(name) -> str | None:
    """ "2026-07-16_v1.4.json" -> "v1.4"."""
    match = _FILENAME_LABEL_RE.search(PurePath(str(name)).stem)
    return match["label"].lower() if match else None


def validate_version(value: str, source: str) -> str:
    value = value.strip()
    if not VERSION_RE.match(value):
        raise IngestError(f"bad version {value!r} from {source}: expected YYYY-MM-DD or YYYY-MM")
    return value


def resolve_version(
    flag: str | None, in_document: str | None, from_filename: str | None
) -> tuple[str, list[Finding]]:
    """Pick the version (flag > document > filename) and report every disagreement."""
    given = (("flag", flag), ("document", in_document), ("filename", from_filename))
    candidates = [(source, validate_version(value, source)) for source, value in given if value]
    if not candidates:
        raise IngestError("no version: pass --doc-version YYYY-MM-DD")
    chosen_source, chosen = candidates[0]
    findings = []
    for source, value in candidates[1:]:
        if not _agrees(chosen, value):
            findings.append(
                Finding(
                    "version-mismatch",
                    f"{source} says {value}, {chosen_source} says {chosen}; using {chosen}",
                )
            )
    return chosen, findings


def _agrees(chosen: str, other: str) -> bool:
    """ "2025-10" (day missing) agrees with any day of October 2025."""
    return chosen == other or chosen.startswith(other + "-") or other.startswith(chosen + "-")


def guess_language(text: str) -> str:
    """The table language whose common words occur most often (English on a tie)."""
    counts = dict.fromkeys((row.code for row in languages.TABLE), 0)
    for word in _WORD_RE.findall(text.lower()):
        for row in languages.TABLE:
            if word in row.stopwords:
                counts[row.code] += 1
    return max(counts, key=lambda code: (counts[code], code == "en"))


def kind_from_title(title: str | None, patterns: dict[str, str]) -> str | None:
    """The document kind a title line names ("Riftbound Tournament Rules"), None when it
    names none; ``patterns``: kind -> regex alternation (``rulebook.kinds.title_patterns``).
    A title naming two kinds ("Core Rules for Tournament Play") is the one named first."""
    found = []
    for kind, pattern in patterns.items():
        match = re.search(rf"(?<!\w)(?:{pattern})(?!\w)", title or "", re.IGNORECASE)
        if match:
            found.append((match.start(), kind))
    return min(found)[1] if found else None


def resolve_kind(flag: str | None, in_title: str | None, default: str) -> tuple[str, list[Finding]]:
    """Pick the kind (flag > title line > ``default``), reporting a flag the title disagrees
    with: that is how a tournament document gets stored as a Core Rules version."""
    if flag and in_title and flag != in_title:
        detail = f"--kind says {flag}, the title line says {in_title}; using {flag}"
        return flag, [Finding("kind-mismatch", detail)]
    return flag or in_title or default, []
