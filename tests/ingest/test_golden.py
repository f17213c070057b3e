"""Golden tests: every ``tests/data/ingest/<format>/<case>/in.*`` must parse to its ``out.json``.

Regenerate after an intended change with ``REGEN_GOLDEN=1 pytest tests/ingest/test_golden.py``,
then read the diff: a golden file is only as good as the person who checked it.
"""

from __future__ import annotations

import json
import os

import pytest

from .golden import DATA, case_dirs, dump, input_file, run_case

CASES = case_dirs()


@pytest.mark.parametrize("case", CASES, ids=[str(c.relative_to(DATA)) for c in CASES])
def test_golden(case):
    result = run_case(case)
    expected_path = case / "out.json"
    if os.environ.get("REGEN_GOLDEN"):
        expected_path.write_text(dump(result), encoding="utf-8")
    expected = json.loads(expected_path.read_text(encoding="utf-8"))
    assert result == expected


def test_every_format_has_cases():
    formats = {case.parent.name for case in CASES}
    assert {"markdown", "html-rows", "json-rows", "html"} <= formats


@pytest.mark.parametrize("case", [c for c in CASES if c.parent.name != "errors"], ids=str)
def test_case_format_detected_from_content(case):
    """The directory names the format; detection must agree without looking at extensions."""
    result = run_case(case)
    if "error" not in result:
        assert result["format"] == case.parent.name, input_file(case)
