"""Load benchmark over HTTP: gunicorn started here on 127.0.0.1, client threads, bounded runs.

    python benchmarks/load.py [--port 8131] [--workers 2] [--threads 8] [--src DIR]
                              [--reingest PATH ...] [--seed 15]

Run it on a database where ``make ingest-corpus`` ran (``RULEBOOK_DATA_DIR`` / ``DATABASE_URL``
name it, as for the site). It starts ``gunicorn`` from ``--src`` (default: this checkout; point
it at another checkout to measure a baseline on the same data and machine), then prints req/s,
p50, p99 and errors for:

* ``/robots.txt``, the ceiling of a Django view on this machine;
* 300 random rule pages of the newest English Core Rules, cold, then again after that pass;
* keyword pages;
* the full comparison of the oldest and newest English versions: its first request, and then
  a repeat with the ETag (304) and warm requests;
* the first request of a few history pages;
* the same mix while ``manage.py ingest --force`` re-ingests ``--reingest`` paths (with
  ``RULEBOOK_WARM_ORIGINS`` set to this server), then the first comparison and history
  pages after that ingest.

Every request goes to 127.0.0.1 and every scenario has a fixed number of requests (the
re-ingest mix runs until the ingest ends, at most ``--mix-limit`` requests). Each run sets a
fresh ``RULEBOOK_PAGE_FORMAT``, so the page cache starts cold.
"""

from __future__ import annotations

import argparse
import os
import random
import secrets
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"


def fetch(url: str, headers: dict | None = None) -> tuple[int, float]:
    """(status, seconds); status 0 is a connection error."""
    request = urllib.request.Request(url, headers=headers or {})
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as exc:
        exc.read()
        status = exc.code
    except OSError:
        status = 0
    return status, time.perf_counter() - started


def run(urls: list[str], threads: int) -> dict:
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        answers = list(pool.map(fetch, urls))
    wall = time.perf_counter() - started
    return summary(answers, wall)


def summary(answers, wall: float) -> dict:
    times = sorted(seconds for _status, seconds in answers)
    errors = sum(1 for status, _seconds in answers if status == 0 or status >= 500)
    return {
        "n": len(answers),
        "rps": len(answers) / wall if wall else 0.0,
        "p50": 1000 * statistics.median(times) if times else 0.0,
        "p99": 1000 * times[min(len(times) - 1, int(len(times) * 0.99))] if times else 0.0,
        "errors": errors,
    }


def line(name: str, result: dict) -> str:
    return (
        f"| {name} | {result['n']} | {result['rps']:,.0f} | {result['p50']:.1f} | "
        f"{result['p99']:.1f} | {result['errors']} |"
    )


def pick_urls(seed: int) -> dict:
    """Rule, keyword, comparison and history URLs from the site's own database."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
    os.environ.setdefault("DJANGO_SECRET_KEY", SECRET_KEY)
    import django

    django.setup()
    from rulebook.models import Document, Keyword, Rule

    documents = list(Document.objects.of("riftbound", "core-rules", "en").order_by("version"))
    if len(documents) < 2:
        sys.exit("needs the corpus: run `make ingest-corpus` on this data directory first")
    newest = documents[-1]
    rng = random.Random(seed)
    numbers = list(
        Rule.objects.in_document(newest).filter(occurrence=1).values_list("number", flat=True)
    )
    rules = [f"/en/riftbound/rules/{n}/" for n in rng.sample(numbers, min(300, len(numbers)))]
    slugs = list(
        Keyword.objects.filter(document=newest).values_list("slug", flat=True).order_by("slug")
    )
    keywords = [f"/en/riftbound/keywords/{slug}/" for slug in slugs]
    span = f"{documents[0].version}..{newest.version}"
    histories = [f"/en/riftbound/rules/{n}/history/" for n in rng.sample(numbers, 5)]
    return {
        "rules": rules,
        "keywords": keywords,
        "compare": f"/en/riftbound/rules/changes/{span}/",
        "histories": histories,
    }


# One page format per run, shared by the server and the re-ingest (which renders ahead).
FORMAT = f"bench-{uuid.uuid4().hex[:8]}"
SECRET_KEY = secrets.token_urlsafe(50)


def start_server(src: Path, port: int, workers: int) -> subprocess.Popen:
    env = {**os.environ, "RULEBOOK_PAGE_FORMAT": FORMAT}
    env.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
    env.setdefault("DJANGO_SECRET_KEY", SECRET_KEY)  # no sessions in these runs
    gunicorn = Path(sys.executable).with_name("gunicorn")
    command = [str(gunicorn), "rulebook.wsgi:application", "--bind", f"{HOST}:{port}"]
    command += ["--workers", str(workers), "--log-level", "warning", "--timeout", "120"]
    server = subprocess.Popen(command, cwd=src, env=env)
    for _ in range(600):
        if fetch(f"http://{HOST}:{port}/robots.txt")[0] == 200:
            return server
        time.sleep(0.1)
    server.terminate()
    sys.exit("gunicorn did not start")


def mix_during_ingest(base, urls, threads, src, paths, limit) -> tuple[dict, float]:
    """The mix, looping until ``ingest --force`` ends (or ``limit`` requests)."""
    mix = ["/robots.txt", *urls["rules"][:50], *urls["keywords"][:20], urls["compare"]]
    command = [sys.executable, "manage.py", "ingest", "-v0", "--force", *map(str, paths)]
    env = {**os.environ, "RULEBOOK_PAGE_FORMAT": FORMAT, "RULEBOOK_WARM_ORIGINS": base}
    started = time.perf_counter()
    ingest = subprocess.Popen(command, cwd=src, env=env)
    answers, lock, count = [], threading.Lock(), iter(range(limit))

    def client(offset):
        i = offset
        while ingest.poll() is None and next(count, None) is not None:
            result = fetch(base + mix[i % len(mix)])
            with lock:
                answers.append(result)
            i += threads

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(client, range(threads)))
    ingest.wait()
    wall = time.perf_counter() - started
    return summary(answers, wall), wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8131)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--src", type=Path, default=ROOT)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--robots", type=int, default=2000)
    parser.add_argument("--reingest", nargs="*", default=[])
    parser.add_argument("--mix-limit", type=int, default=20000)
    args = parser.parse_args()
    urls = pick_urls(args.seed)
    base = f"http://{HOST}:{args.port}"
    server = start_server(args.src.resolve(), args.port, args.workers)
    try:
        print("| request | n | req/s | p50 ms | p99 ms | errors |")
        print("| --- | --- | --- | --- | --- | --- |")
        print(line("first comparison (after start)", run([base + urls["compare"]], 1)))
        print(line("first history pages (5, one at a time)", run_serial(base, urls["histories"])))
        print(line("`/robots.txt`", run([base + "/robots.txt"] * args.robots, args.threads)))
        rules = [base + u for u in urls["rules"]]
        print(line("300 rule pages, cold", run(rules, args.threads)))
        print(line("300 rule pages, warm", run(rules, args.threads)))
        keywords = [base + u for u in urls["keywords"]]
        print(line(f"keyword pages ({len(keywords)}), cold", run(keywords, args.threads)))
        print(line(f"keyword pages ({len(keywords)}), warm", run(keywords, args.threads)))
        compare = base + urls["compare"]
        print(line("full comparison, warm (40)", run([compare] * 40, args.threads)))
        print(line("full comparison with ETag (40): 304s", run_conditional(compare, args.threads)))
        if args.reingest:
            result, wall = mix_during_ingest(
                base, urls, args.threads, args.src.resolve(), args.reingest, args.mix_limit
            )
            print(line(f"mix during `ingest --force` ({wall:.0f} s)", result))
            print(line("first comparison after that ingest", run([compare], 1)))
            print(line("first history pages after it (5)", run_serial(base, urls["histories"])))
    finally:
        server.terminate()
        server.wait(timeout=60)


def run_serial(base: str, paths: list[str]) -> dict:
    started = time.perf_counter()
    answers = [fetch(base + path) for path in paths]
    return summary(answers, time.perf_counter() - started)


def run_conditional(url: str, threads: int) -> dict:
    """Revalidations with the ETag of a first answer; errors counts answers other than 304."""
    request = urllib.request.Request(url)
    with urllib.request.urlopen(request, timeout=60) as response:
        etag = response.headers.get("ETag")
    if not etag:
        return {"n": 0, "rps": 0.0, "p50": 0.0, "p99": 0.0, "errors": 40}
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        answers = list(pool.map(lambda _i: fetch(url, {"If-None-Match": etag}), range(40)))
    result = summary(answers, time.perf_counter() - started)
    result["errors"] = sum(1 for status, _seconds in answers if status != 304)
    return result


if __name__ == "__main__":
    main()
