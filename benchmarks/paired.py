"""Is a change to search more than noise? Two runs of ``search_eval.py`` compared question
by question.

Every round of tuning has moved the FAQ tuning half (96 questions) by ±0.01 to ±0.02, and an
adapter learned again with another seed moved it by as much: a difference of two means is
not enough to tell a change from chance. ``search_eval.py --save run.json`` keeps each
question's reciprocal rank (strict and lenient) per set and system; ``--against
run.json`` then prints, for each set both runs asked, the mean paired difference, a 95%
interval for it from resampling the questions (a paired bootstrap), and how many questions
rose and fell. An interval that holds 0 is a change the set cannot tell from noise::

    python benchmarks/search_eval.py --half tuning --sets questions,fold --fold 0 --save a.json
    # ... change the code ...
    python benchmarks/search_eval.py --half tuning --sets questions,fold --fold 0 --against a.json

Questions are paired by their text, so a set whose questions changed between runs compares
only those in both. Choose on the training side; a held-out set is read once, at the end,
where a comparison reports a decision and does not make it.
"""

from __future__ import annotations

import json
from pathlib import Path

ROUNDS = 10_000  # resamples: the interval's ends move by 0.001 to 0.002 from seed to seed
SEED = 0


class Record:
    """The reciprocal ranks of one run, per set and system, to save or to compare."""

    def __init__(self, runs: dict | None = None):
        self.runs: dict[str, dict[str, dict]] = runs or {}

    def add(self, label: str, system: str, questions, strict, lenient) -> None:
        ranks = {"q": list(questions), "strict": list(strict), "lenient": list(lenient)}
        self.runs.setdefault(label, {})[system] = ranks

    def save(self, path: str) -> None:
        Path(path).write_text(json.dumps(self.runs, ensure_ascii=False, indent=1))

    @classmethod
    def load(cls, path: str) -> Record:
        return cls(json.loads(Path(path).read_text()))


def paired(before: list[float], after: list[float], rounds=ROUNDS, seed=SEED) -> dict:
    """The mean of ``after - before`` over the same questions, with a 95% interval from
    ``rounds`` resamples of the questions, and how many rose and fell."""
    import numpy

    diff = numpy.asarray(after, dtype=float) - numpy.asarray(before, dtype=float)
    if not len(diff):
        return {"n": 0, "mean": 0.0, "low": 0.0, "high": 0.0, "rose": 0, "fell": 0}
    picks = numpy.random.default_rng(seed).integers(0, len(diff), (rounds, len(diff)))
    means = diff[picks].mean(axis=1)
    low, high = numpy.percentile(means, [2.5, 97.5])
    return {
        "n": len(diff),
        "mean": float(diff.mean()),
        "low": float(low),
        "high": float(high),
        "rose": int((diff > 0).sum()),
        "fell": int((diff < 0).sum()),
    }


def compare(before: Record, after: Record, system_prefix: str = "ours") -> list[tuple]:
    """(set, system, strict, lenient) for each set and system of ours both runs hold, the
    questions paired by their text."""
    rows = []
    for label, systems in after.runs.items():
        for system, now in systems.items():
            then = before.runs.get(label, {}).get(system)
            if not system.startswith(system_prefix) or then is None:
                continue
            earlier = {q: i for i, q in enumerate(then["q"])}
            both = [(earlier[q], i) for i, q in enumerate(now["q"]) if q in earlier]
            found = []
            for kind in ("strict", "lenient"):
                old = [then[kind][j] for j, _ in both]
                new = [now[kind][i] for _, i in both]
                found.append(paired(old, new))
            rows.append((label, system, *found))
    return rows


def finish(record: Record, save: str | None, against: str | None) -> None:
    """At a run's end: keep its ranks (``--save``), compare them with a kept run's."""
    if save:
        record.save(save)
    if against:
        report(compare(Record.load(against), record))


def report(rows: list[tuple]) -> None:
    """One line per set: the paired differences, strict then lenient."""
    print(f"\n{'against the saved run':40} {'system':20} {'n':>4}  strict and lenient MRR@10:")
    print(f"{'':67}mean [95% interval] rose/fell")
    for label, system, strict, lenient in rows:
        print(f"{label:40} {system:20} {strict['n']:4}  {_cell(strict)}  {_cell(lenient)}")


def _cell(found: dict) -> str:
    sure = "*" if found["low"] > 0 or found["high"] < 0 else " "
    return (
        f"{found['mean']:+.3f} [{found['low']:+.3f}, {found['high']:+.3f}]{sure}"
        f" {found['rose']:3}/{found['fell']:<3}"
    )
