"""``benchmarks/engine_parity.py compare --show-differences``: which engine's first result is
judged relevant where the two differ (the judged sets are the benchmark's own files)."""

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _parity():
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import engine_parity

        return engine_parity
    finally:
        sys.path.remove(str(BENCHMARKS))


def test_differing_firsts_are_listed_with_the_engine_whose_first_is_relevant(capsys):
    parity = _parity()
    question = parity.corpus.judged()["en"][0]
    relevant = question["relevant"][0]
    key = f"en|{question['q']}"
    a = {key: [f"rule:{relevant}"]}
    b = {key: ["rule:not-a-rule"]}
    parity.differences(a, b)
    parity.differences(b, a)
    parity.differences(a, a)  # the same first: not listed
    lines = [line for line in capsys.readouterr().out.splitlines() if key[:40] in line]
    assert [line.split()[0] for line in lines] == ["a", "b"]
