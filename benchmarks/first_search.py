"""The first search after a worker starts, with and without the start-up warm-up, beside the
hundredth search and ``/robots.txt`` in the same fresh processes.

Usage, from the project root, on a database where ``make ingest-corpus`` has run and whose
index is built (``manage.py rebuild_index``), with the site's environment::

    python benchmarks/first_search.py [--runs 5]

Each run starts a new Python process, sets Django up as ``rulebook.wsgi`` does, optionally
runs ``rulebook.search.warmup.prepare`` and ``settle`` (what every gunicorn worker does
before serving),
then times through the test client: ``/robots.txt``, the first question, then the same
question and a short query a hundred times. Figures only; nothing asserts on timings.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = r"""
import json, os, statistics, sys, time
sys.path.insert(0, os.getcwd())
import django
django.setup()
if sys.argv[1] == "warm":
    from rulebook.search import warmup
    warmup.prepare()
    warmup.settle()
from django.test import Client
c = Client()
def timed(url):
    t = time.perf_counter(); r = c.get(url); ms = (time.perf_counter() - t) * 1000
    assert r.status_code == 200, (url, r.status_code)
    return ms
robots = timed("/robots.txt")
q = "/api/v1/search?q=what+happens+when+a+unit+dies+in+combat&game=riftbound&lang=en"
first = timed(q)
short = timed("/api/v1/search?q=reaction&game=riftbound&lang=en")
again = statistics.median(timed(q) for _ in range(100))
print(json.dumps({"robots": robots, "first": first, "first_short": short, "hundredth": again}))
"""


def run(mode: str) -> dict:
    env = {**os.environ, "RULEBOOK_SEARCH_CACHE_ENTRIES": "0", "RULEBOOK_API_RATE_LIMIT": ""}
    env.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if out.returncode:
        sys.exit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(
        f"{'mode':6} {'robots.txt':>10} {'first question':>15} {'first short':>12} "
        f"{'100th (median)':>15}  ms, median of {args.runs} processes"
    )
    for mode in ("cold", "warm"):
        rows = [run(mode) for _ in range(args.runs)]
        cols = [
            statistics.median(r[k] for r in rows)
            for k in ("robots", "first", "first_short", "hundredth")
        ]
        print(
            f"{mode:6} "
            + " ".join(f"{v:>{w}.1f}" for v, w in zip(cols, (10, 15, 12, 15), strict=True))
        )


if __name__ == "__main__":
    main()
