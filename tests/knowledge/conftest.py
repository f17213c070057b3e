"""Helpers for the knowledge parser tests: golden-case discovery and JSON-ready output.

These tests need no database; the project-wide conftest only supplies ``corpus_dir``.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data" / "knowledge"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def to_plain(value):
    """Dataclasses (and lists/dicts of them) as plain JSON values."""
    if dataclasses.is_dataclass(value):
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [to_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): to_plain(item) for key, item in value.items()}
    return value


def cases(parser: str) -> list[Path]:
    return sorted(path for path in (DATA / parser).iterdir() if path.is_dir())


def check_golden(case: Path, produced) -> None:
    """Compare with ``out.json``; UPDATE_GOLDEN=1 rewrites it (review the diff before keeping).

    A missing ``out.json`` fails: writing it here would make a new case pass without anyone
    having read what it produced.
    """
    expected_path = case / "out.json"
    produced = json.loads(json.dumps(to_plain(produced), ensure_ascii=False))
    assert UPDATE or expected_path.exists(), f"{expected_path} is missing: run with UPDATE_GOLDEN=1"
    if UPDATE:
        expected_path.write_text(
            json.dumps(produced, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert produced == expected
