"""Which knowledge parser a file needs, decided from its content (the name is only a hint).

One ``ingest`` command takes any file; routing by content means a renamed download still goes
to the right parser, and a rules document is left alone (None) for the rules pipeline.
"""

from __future__ import annotations

import json
import re

_FILE_MARKER_RE = re.compile(r"^<!--\s*FILE:\s*\S+\.mdx?\s*-->", re.MULTILINE)
_MDX_QUESTION_RE = re.compile(r"^##\s+.+\[#[\w-]+\]\s*$", re.MULTILINE)


def detect_kind(text: str, filename: str = "") -> str | None:
    """ "faq-community", "faq-official", "errata", "cards", "banned" or None."""
    stripped = text.lstrip("\ufeff \t\r\n")
    if stripped[:1] in "[{":
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError:
            return None
        return _json_kind(data, filename)
    if _FILE_MARKER_RE.search(text) and _MDX_QUESTION_RE.search(text):
        return "faq-community"
    if (
        stripped.startswith("---")
        and _MDX_QUESTION_RE.search(text)
        and ("<Rule " in text or "reviewedCoreRulesVersion" in text)
    ):
        return "faq-community"
    return None


def _json_kind(data, filename: str) -> str | None:
    if isinstance(data, dict):
        cards = data.get("cards")
        if isinstance(cards, list) and cards and isinstance(cards[0], dict) and "name" in cards[0]:
            return "cards"
        names = data.get("names")
        if isinstance(names, list) and all(isinstance(n, str) for n in names):
            return "banned"
        return None
    if not isinstance(data, list) or not data:
        return None
    if all(isinstance(item, str) for item in data):
        return "banned" if "ban" in filename.lower() else None
    if not all(isinstance(item, dict) for item in data):
        return None
    if all("content" in item for item in data):
        kinds = {str(item.get("kind", "")).lower() for item in data}
        if kinds == {"errata"} or any("[NEW TEXT]" in item["content"] for item in data):
            return "errata" if kinds <= {"errata", ""} else "faq-official"
        return "faq-official"
    return None
