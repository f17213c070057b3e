"""Time the version comparison engine on the real Core Rules (needs ../shared/corpus).

    python benchmarks/compare_bench.py [repeats]

Prints, for each pair of successive English versions, the rule counts, the change counts and
the best and median wall time of ``compare`` (parsing excluded), then the time of a full
four-version timeline for Reaction, and a stress case: v1.3 against itself with every number
shifted, so that no rule keeps its number and every pairing has to come from content.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulebook.history import CLASSES, History, RuleVersion, compare  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "riftbound" / "core-rules" / "en"
VERSIONS = [
    ("2025-10", "2025-10_v1.1.md"),
    ("2025-12-01", "2025-12-01_v1.2.md"),
    ("2026-03-30", "2026-03-30_v1.3.md"),
    ("2026-07-16", "2026-07-16_v1.4.json"),
]


def load(name: str) -> list:
    from ingest.parse import parse_file

    return parse_file(CORPUS / name).rules


def timed(fn, repeats: int) -> tuple[float, float, object]:
    times, result = [], None
    for _ in range(repeats):
        started = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times), result


def main(repeats: int = 5) -> None:
    if not CORPUS.is_dir():
        sys.exit(f"corpus not found at {CORPUS}")
    docs = [(label, load(name)) for label, name in VERSIONS]
    for (a_label, a), (b_label, b) in zip(docs, docs[1:], strict=False):
        best, median, result = timed(lambda a=a, b=b: compare(a, b), repeats)
        counts = ", ".join(f"{c} {result.summary[c]}" for c in CLASSES)
        print(
            f"{a_label} ({len(a)}) -> {b_label} ({len(b)}): "
            f"best {best * 1000:.0f} ms, median {median * 1000:.0f} ms | {counts}"
        )
    best, median, steps = timed(lambda: History(docs).timeline("2025-10", "729"), repeats)
    path = " -> ".join(f"{s.number} ({s.version})" for s in steps)
    print(f"timeline of Reaction, 3 comparisons: best {best * 1000:.0f} ms | {path}")
    v13 = docs[2][1]
    shifted = [
        RuleVersion(str(int(r.number[:3]) + 1000) + r.number[3:], r.text, r.heading, i)
        for i, r in enumerate(v13)
    ]
    best, median, result = timed(lambda: compare(v13, shifted), repeats)
    print(
        f"stress: v1.3 against itself renumbered ({len(v13)} rules): best "
        f"{best * 1000:.0f} ms, median {median * 1000:.0f} ms, "
        f"renumbered {result.summary['renumbered']}, added {result.summary['added']}"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
