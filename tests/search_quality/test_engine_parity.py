"""``benchmarks/engine_parity.py compare --show-differences``: which engine's first result is
judged relevant where the two differ (the judged sets are the benchmark's own files)."""

from .benchmark_modules import load


def test_differing_firsts_are_listed_with_the_engine_whose_first_is_relevant(capsys):
    parity = load("engine_parity")
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
