"""First hits after an ingest, in one process each: comparisons, keyword pages, side by side.

    python benchmarks/first_hits.py [--runs 3] [--seed 15] [--src DIR] [--json]

Run it on a database where ``make ingest-corpus`` ran (``RULEBOOK_DATA_DIR`` /
``DATABASE_URL`` name it, as for the site; static files collected). Each run is a fresh
process with an empty page cache of its own (nothing is read from or written to the site's),
as a worker is right after an ingest: it has served other pages (``/robots.txt``, the home
page and a rule page in each language, every template compiled), but holds nothing of the new
data generation. It then asks, in a shuffled order, once each:

* every range of the English Core Rules versions (``/en/…/rules/changes/<old>..<new>/``);
* every keyword page of the newest Core Rules, English and French;
* every part of ``/fr/riftbound/rules/300/compare/`` (size and time);

and ``/robots.txt`` 200 times after those, the run's yardstick. Prints the median, p95 and
max milliseconds of each, over all runs, and the first of each kind within its process.
``--src`` runs the same on another checkout (a baseline: its own database, same machine).
The page format (``RULEBOOK_PAGE_FORMAT``) is the site's: what an ingest stored for it is
read as the site would.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NEXT_PART = re.compile(r'<a rel="next" href="\?part=(\d+)">')


def child(src: Path, seed: int) -> dict:
    """One process: warm as a worker is, then every first hit once."""
    sys.path.insert(0, str(src))
    os.chdir(src)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))
    import django

    django.setup()
    from django.conf import settings
    from django.template.loader import get_template
    from django.test import Client
    from django.test.utils import override_settings

    from rulebook.models import Document, Keyword

    page_cache = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    with override_settings(
        CACHES={**settings.CACHES, "first-hits": page_cache}, RULEBOOK_PAGE_CACHE="first-hits"
    ):
        client = Client(HTTP_HOST="127.0.0.1")
        for path in ("/robots.txt", "/en/", "/en/riftbound/rules/100/", "/fr/riftbound/rules/100/"):
            client.get(path)
        for name in ("comparison", "keyword", "compare"):
            get_template(f"rulebook/{name}.html")
        urls = _urls(Document, Keyword)
        rng = random.Random(seed)
        for paths in urls.values():
            rng.shuffle(paths)
        out = {kind: [_timed(client, path) for path in paths] for kind, paths in urls.items()}
        out["compare-300"] = _compare_parts(client, "/fr/riftbound/rules/300/compare/")
        out["robots"] = [_timed(client, "/robots.txt") for _ in range(200)]
    return out


def _urls(Document, Keyword) -> dict[str, list[str]]:
    english = list(Document.objects.of("riftbound", "core-rules", "en").order_by("version"))
    if len(english) < 2:
        sys.exit("needs the corpus: run `make ingest-corpus` on this data directory first")
    versions = [d.version for d in english]
    ranges = [
        f"/en/riftbound/rules/changes/{old}..{new}/"
        for i, old in enumerate(versions)
        for new in versions[i + 1 :]
    ]
    keywords = []
    for language in ("en", "fr"):
        newest = Document.objects.of("riftbound", "core-rules", language).order_by("version")
        slugs = Keyword.objects.filter(document=newest.last()).values_list("slug", flat=True)
        keywords += [f"/{language}/riftbound/keywords/{slug}/" for slug in sorted(slugs)]
    return {"ranges": ranges, "keywords": keywords}


def _timed(client, path: str, keep: bool = False) -> dict:
    started = time.perf_counter()
    response = client.get(path)
    ms = 1000 * (time.perf_counter() - started)
    if response.status_code != 200:
        sys.exit(f"{path}: {response.status_code}")
    hit = {"path": path, "ms": ms, "bytes": len(response.content)}
    if keep:
        hit["html"] = response.content.decode()
    return hit


def _compare_parts(client, base: str) -> list[dict]:
    """Every part of a side-by-side page, following its "next part" links."""
    found, path = [], base
    while path:
        found.append(_timed(client, path, keep=True))
        following = NEXT_PART.search(found[-1].pop("html"))
        path = f"{base}?part={following.group(1)}" if following else None
    return found


def stats(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (
        f"median {statistics.median(ordered):.1f}, p95 {p95:.1f}, max {ordered[-1]:.1f} ms "
        f"(n={len(ordered)})"
    )


def report(runs: list[dict]) -> None:
    for kind, label in (("ranges", "comparison ranges, first hit"),
                        ("keywords", "keyword pages, cold")):  # fmt: skip
        every = [hit["ms"] for run in runs for hit in run[kind]]
        first = [run[kind][0]["ms"] for run in runs]
        print(f"{label}: {stats(every)}; first of its process: {stats(first)}")
    parts = [hit for run in runs for hit in run["compare-300"]]
    sizes = sorted({hit["bytes"] for hit in parts})
    print(
        f"/fr/riftbound/rules/300/compare/: {len(runs[0]['compare-300'])} part(s) of "
        f"{sizes[0] // 1024}–{sizes[-1] // 1024} KB; first hit {stats([h['ms'] for h in parts])}"
    )
    print(f"/robots.txt: {stats([hit['ms'] for run in runs for hit in run['robots']])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--src", type=Path, default=ROOT)
    parser.add_argument("--json", action="store_true", help="print every run's hits as JSON")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.src.resolve(), args.seed)))
        return
    runs = []
    for run in range(args.runs):
        command = [sys.executable, __file__, "--child", "--src", str(args.src)]
        command += ["--seed", str(args.seed + run)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode:
            sys.exit(done.stderr[-2000:])
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    report(runs)
    if args.json:
        print(json.dumps(runs))


if __name__ == "__main__":
    main()
