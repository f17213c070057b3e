"""Parse time against document size: synthetic numbered rules at 10k, 20k, 40k and 80k lines.

``python benchmarks/parse_scaling.py [--sizes 10000,20000,40000,80000] [--repeat 3]`` prints,
per size, the best of ``repeat`` parses (``ingest.parse.parse_text``, the whole pipeline:
format detection, repairs, glued splits, headings, numbering checks) and the time per line.
Linear parsing keeps the per-line time flat: the 80k figure should stay within 1.5x of 10k.
The generated text is our own: chapters of sections of rules with sub-rules, lettered steps
and cross-references, so every stage of the pipeline has work to do.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest.parse import parse_text  # noqa: E402

WORDS = (
    "a player may play a unit when their turn begins and the board holds no other effect "
    "that says otherwise so the next step follows after damage is dealt to each target"
).split()


def synthetic(lines: int) -> str:
    """A Markdown rules document of about ``lines`` lines: chapters 100-900, up to 98 rules
    per chapter, each with up to 99 sub-rules and lettered steps; every seventh rule wraps
    onto a second line, as PDF conversions do."""
    out = ["# Synthetic Rules", "", "Last Updated: 2026-01-01", ""]
    serial = 0
    for chapter in range(100, 1000, 100):
        out += [f"## {chapter}. Chapter {chapter}", ""]
        for number in range(chapter + 1, chapter + 99):
            out.append(f"### {number}. Section {number}")
            for sub in range(1, 100):
                serial += 1
                words = " ".join(WORDS[(serial + i) % len(WORDS)] for i in range(12 + serial % 9))
                step, base = (sub - 1) % 5, sub - (sub - 1) % 5
                label = f"{number}.{base}." + (f"{'abcd'[step - 1]}." if step else "")
                out.append(f"{label} {words.capitalize()}. See rule {chapter + 1}.")
                if serial % 7 == 0:
                    out.append(words)
                if len(out) >= lines:
                    return "\n".join(out) + "\n"
    raise ValueError(f"the generator stops before {lines:,} lines")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,20000,40000,80000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for size in sizes:
        text = synthetic(size)
        best = min(_time(text) for _ in range(args.repeat))
        rows.append((size, best))
    base = rows[0][1] / rows[0][0]
    print("| lines | parse (s) | µs per line | vs smallest |")
    print("| --- | --- | --- | --- |")
    for size, seconds in rows:
        per_line = seconds / size
        print(f"| {size:,} | {seconds:.2f} | {per_line * 1e6:.1f} | {per_line / base:.2f}× |")


def _time(text: str) -> float:
    start = time.perf_counter()
    parsed = parse_text(text, "synthetic.md")
    elapsed = time.perf_counter() - start
    assert parsed.rules, "the synthetic document parsed to nothing"
    return elapsed


if __name__ == "__main__":
    main()
