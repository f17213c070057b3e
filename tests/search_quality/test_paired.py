"""``benchmarks/paired.py``: whether two runs of the evaluation differ by more than the
questions' own noise, question by question."""

from .benchmark_modules import load


def _paired():
    return load("paired")


def test_the_same_ranks_differ_by_nothing():
    found = _paired().paired([1.0, 0.5, 0.0], [1.0, 0.5, 0.0])
    assert found == {"n": 3, "mean": 0.0, "low": 0.0, "high": 0.0, "rose": 0, "fell": 0}


def test_a_rise_on_every_question_is_told_from_noise():
    found = _paired().paired([0.0] * 40, [0.5] * 20 + [1.0] * 20)
    assert found["low"] > 0 and found["rose"] == 40 and found["fell"] == 0


def test_one_question_rising_is_not():
    found = _paired().paired([0.5] * 40, [1.0] + [0.5] * 39)
    assert found["mean"] > 0 and found["low"] <= 0 <= found["high"]
    assert (found["rose"], found["fell"]) == (1, 0)


def test_questions_are_paired_by_their_text(tmp_path):
    paired = _paired()
    before, after = paired.Record(), paired.Record()
    before.add("set", "ours/whoosh", ["a", "b", "gone"], [1.0, 0.0, 1.0], [1.0, 0.5, 1.0])
    before.add("set", "bm25 (fts5)", ["a", "b"], [0.0, 0.0], [0.0, 0.0])
    after.add("set", "ours/whoosh", ["b", "a", "new"], [0.5, 1.0, 0.0], [0.5, 1.0, 0.0])
    after.add("set", "bm25 (fts5)", ["a", "b"], [1.0, 1.0], [1.0, 1.0])
    after.add("other set", "ours/whoosh", ["a"], [1.0], [1.0])
    path = tmp_path / "run.json"
    before.save(str(path))
    rows = paired.compare(paired.Record.load(str(path)), after)
    assert [(label, system) for label, system, _, _ in rows] == [("set", "ours/whoosh")]
    _, _, strict, lenient = rows[0]
    assert strict["n"] == 2 and strict["mean"] == 0.25 and strict["rose"] == 1  # "b" rose
    assert lenient["mean"] == 0.0  # "b": 0.5 before and after


def test_the_evaluation_counts_first_places_as_before():
    search_eval = load("search_eval")
    ranked = [["413", "413.2.a"], ["999"], ["116"]]
    relevant = [{"413.2.a"}, {"116"}, {"116"}]
    assert search_eval.first_ranks(ranked, relevant, False) == [2, None, 1]
    assert search_eval.first_ranks(ranked, relevant, True) == [1, None, 1]  # 413 holds it
    found = search_eval.metrics(ranked, relevant, False)
    assert found == {"hit@1": 1 / 3, "hit@5": 2 / 3, "MRR@10": (0.5 + 1) / 3}
