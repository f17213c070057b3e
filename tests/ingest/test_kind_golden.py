"""Golden tests of kind detection: ``tests/data/kinds/<case>/in.*`` is read the way the ingest
command reads a rules file (``rulebook.loading.run.prepare``), with the options of its
``args.json`` when there is one, and must give its ``out.json``: the title line, the kind
stored, and any disagreement reported.

Regenerate after an intended change with ``UPDATE_GOLDEN=1 pytest tests/ingest/test_kind_golden.py``
and read the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rulebook.loading.run import IngestOptions, prepare

DATA = Path(__file__).resolve().parents[1] / "data" / "kinds"
CASES = sorted(p.parent for p in DATA.glob("*/in.*"))
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


def run_case(case: Path) -> dict:
    (path,) = case.glob("in.*")
    args = case / "args.json"
    options = IngestOptions(game="kinds", **json.loads(args.read_text()) if args.exists() else {})
    prepared = prepare(path, options)
    return {
        "title": prepared.parsed.title,
        "kind": prepared.meta.kind,
        "anomalies": [f.detail for f in prepared.parsed.anomalies if f.kind == "kind-mismatch"],
    }


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_kind_golden(case):
    result = run_case(case)
    expected_path = case / "out.json"
    if UPDATE:
        expected_path.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n")
    assert result == json.loads(expected_path.read_text(encoding="utf-8"))


def test_cases_cover_both_kinds_and_the_default():
    kinds = {json.loads((case / "out.json").read_text())["kind"] for case in CASES}
    assert kinds == {"core-rules", "tournament-rules"}
    assert len(CASES) >= 8
