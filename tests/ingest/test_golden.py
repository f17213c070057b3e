"""Golden tests: every ``tests/data/ingest/<format>/<case>/in.*`` must parse to its ``out.json``.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/ingest/test_golden.py``,
then read the diff: a golden file is only as good as the person who checked it.
"""

from __future__ import annotations

import json
import os

import pytest

from ingest.model import IngestError

from .golden import DATA, case_dirs, dump, expected, input_file, parse_case, run_case

CASES = case_dirs()
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
ERROR_CASES = [case for case in CASES if "error" in expected(case)]


@pytest.mark.parametrize("case", CASES, ids=[str(c.relative_to(DATA)) for c in CASES])
def test_golden(case):
    result = run_case(case)
    expected_path = case / "out.json"
    if UPDATE:
        expected_path.write_text(dump(result), encoding="utf-8")
    assert result == json.loads(expected_path.read_text(encoding="utf-8"))


def test_the_error_cases_are_the_known_ones():
    """A case that starts failing to parse must not turn into an "error" golden unnoticed."""
    names = {f"{case.parent.name}/{case.name}" for case in ERROR_CASES}
    assert names == {
        "errors/no-rules",
        "html-rows/truncated",
        "json-rows/truncated",
        "markdown/binary",
        "markdown/empty",
        "markdown/invalid-utf8",
    }


@pytest.mark.parametrize("case", ERROR_CASES, ids=[str(c.relative_to(DATA)) for c in ERROR_CASES])
def test_error_case_raises_its_error(case):
    want = expected(case)
    with pytest.raises(IngestError) as caught:
        parse_case(case)
    assert (caught.value.reason, caught.value.location) == (want["error"], want["location"])
    assert str(caught.value).startswith(want["location"])


def test_every_format_has_cases():
    formats = {case.parent.name for case in CASES}
    assert {"markdown", "html-rows", "json-rows", "html"} <= formats


@pytest.mark.parametrize("case", [c for c in CASES if c not in ERROR_CASES], ids=str)
def test_case_format_detected_from_content(case):
    """The directory names the format; detection must agree without looking at extensions."""
    result = run_case(case)
    assert "error" not in result, (input_file(case), result.get("error"))
    assert result["format"] == case.parent.name, input_file(case)
