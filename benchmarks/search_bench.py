"""Speed: index build time, in-process query latency, and HTTP throughput under gunicorn.

Usage, from the project root, on a database where the corpus is already ingested
(``make ingest-corpus``, or ``manage.py migrate`` + ``manage.py ingest`` of
../shared/corpus/riftbound/core-rules/en and fr) with the same environment the site uses
(``DJANGO_SETTINGS_MODULE``, ``RULEBOOK_DATA_DIR``, optionally ``DATABASE_URL``)::

    python benchmarks/search_bench.py [--backend whoosh|postgres|both] [--seconds 10]

1. build: ``rebuild(entries_from_database())`` for the 2026-03-30 English rules alone, then
   for everything ingested; 2. latency: every judged question, 5 rounds, median and p99;
3. HTTP: starts gunicorn (2 workers) on 127.0.0.1 with a free port, runs 8 client threads
   against /api/v1/search for a bounded time, prints requests/second and p99, stops gunicorn.
It prints figures only; nothing here asserts on timings.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

from corpus import ROOT, judged

BACKENDS = {
    "whoosh": "rulebook.search.whoosh_backend.WhooshBackend",
    "postgres": "rulebook.search.postgres_backend.PostgresBackend",
}


def percentile(values, pct):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def bench_build(backend):
    from rulebook.search import entries_from_database

    entries = list(entries_from_database())
    march = [e for e in entries if e.version == "2026-03-30" and e.language == "en"]
    for label, items in (("2026-03-30 en", march), ("everything", entries)):
        if not items:
            print(f"  build {label:14}: no entries (ingest the corpus first)")
            continue
        started = time.perf_counter()
        backend.rebuild(items)
        print(f"  build {label:14}: {len(items):6} entries in {time.perf_counter() - started:.2f}s")


def bench_latency(backend, rounds=5):
    from rulebook.search import SearchQuery

    queries = judged()
    timings = []
    for _ in range(rounds):
        for lang in ("en", "fr"):
            for item in queries[lang]:
                started = time.perf_counter()
                backend.search(SearchQuery(text=item["q"], language=lang))
                timings.append((time.perf_counter() - started) * 1000)
    print(
        f"  query latency: median {statistics.median(timings):.1f} ms, "
        f"p99 {percentile(timings, 99):.1f} ms over {len(timings)} queries"
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bench_http(backend_path, seconds, threads=8):
    port = free_port()
    # The API's per-client rate limit would measure itself, not the search: switch it off.
    env = {**os.environ, "RULEBOOK_SEARCH_BACKEND": backend_path, "RULEBOOK_API_RATE_LIMIT": ""}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "rulebook.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        _wait_for(port)
        questions = [(i["q"], lang) for lang in ("en", "fr") for i in judged()[lang]]
        timings, errors = [], []
        deadline = time.monotonic() + seconds

        def client(offset):
            n = offset
            while time.monotonic() < deadline:
                q, lang = questions[n % len(questions)]
                url = f"http://127.0.0.1:{port}/api/v1/search?" + urllib.parse.urlencode(
                    {"q": q, "lang": lang}
                )
                started = time.perf_counter()
                try:
                    urllib.request.urlopen(url, timeout=10).read()
                    timings.append((time.perf_counter() - started) * 1000)
                except Exception as exc:  # count, keep going
                    errors.append(exc)
                n += threads

        workers = [threading.Thread(target=client, args=(i,)) for i in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        rate = len(timings) / seconds
        p99 = percentile(timings, 99) if timings else float("nan")
        print(
            f"  http: {rate:.0f} req/s, p99 {p99:.1f} ms, {len(errors)} errors "
            f"({threads} client threads, 2 gunicorn workers, {seconds}s)"
        )
    finally:
        server.terminate()
        server.wait(timeout=10)


def _wait_for(port, timeout=20):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/suggest?q=re", timeout=2)
            return
        except Exception:
            time.sleep(0.2)
    raise SystemExit("gunicorn did not start")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["whoosh", "postgres", "both"], default="whoosh")
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.dev")
    import django

    django.setup()
    from django.conf import settings
    from django.utils.module_loading import import_string

    names = ["whoosh", "postgres"] if args.backend == "both" else [args.backend]
    for name in names:
        print(f"{name}:")
        backend = import_string(BACKENDS[name])(dict(settings.SEARCH_BACKEND))
        bench_build(backend)
        bench_latency(backend)
        bench_http(BACKENDS[name], args.seconds)


if __name__ == "__main__":
    main()
