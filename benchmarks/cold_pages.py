"""Cold rule pages in one process: the view's own cost, without HTTP or a loaded machine.

    python benchmarks/cold_pages.py [--pages 100] [--seed 15] [--profile out.prof] [--queries]

Run it on a database where ``make ingest-corpus`` ran (``RULEBOOK_DATA_DIR`` /
``DATABASE_URL``). Every run sets a fresh ``RULEBOOK_PAGE_FORMAT``, so no page is in the page
cache; the first page pays for the process's own start-up and is reported on its own.
Prints the median, p90 and max milliseconds of random rule pages of the newest English Core
Rules, and with ``--queries`` the median number of SQL queries per page.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import random
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
os.environ["RULEBOOK_PAGE_FORMAT"] = uuid.uuid4().hex[:8]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--profile")
    parser.add_argument("--queries", action="store_true")
    args = parser.parse_args()

    import django

    django.setup()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from rulebook.models import Document, Rule

    newest = Document.objects.of("riftbound", "core-rules", "en").order_by("version").last()
    numbers = list(
        Rule.objects.in_document(newest).filter(occurrence=1).values_list("number", flat=True)
    )
    rng = random.Random(args.seed)
    paths = [f"/en/riftbound/rules/{n}/" for n in rng.sample(numbers, args.pages + 1)]
    client = Client(HTTP_HOST="127.0.0.1")
    started = time.perf_counter()
    client.get(paths[0])
    print(f"first page of the process: {1000 * (time.perf_counter() - started):.1f} ms")
    profiler = cProfile.Profile() if args.profile else None
    times, counts = [], []
    for path in paths[1:]:
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            if profiler:
                profiler.enable()
            response = client.get(path)
            if profiler:
                profiler.disable()
            times.append(1000 * (time.perf_counter() - started))
        assert response.status_code == 200, (path, response.status_code)
        assert response.get("X-Page-Cache") == "miss", path
        counts.append(len(queries))
    times.sort()
    print(
        f"{len(times)} cold rule pages: median {statistics.median(times):.1f} ms, "
        f"p90 {times[int(len(times) * 0.9)]:.1f} ms, max {times[-1]:.1f} ms"
    )
    if args.queries:
        print(f"queries per page: median {statistics.median(counts)}, max {max(counts)}")
    if profiler:
        profiler.dump_stats(args.profile)


if __name__ == "__main__":
    main()
