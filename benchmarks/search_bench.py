"""Speed: the whole /api/v1/search view in-process and over HTTP, beside baselines of the run.

Usage, from the project root, on a database where ``make ingest-corpus`` has run, with the
site's environment (``DJANGO_SETTINGS_MODULE`` defaults to prod, ``RULEBOOK_DATA_DIR``,
``DATABASE_URL`` for PostgreSQL)::

    python benchmarks/search_bench.py [--backend whoosh|postgres] [--seconds 10] [--no-build]

1. build: ``rebuild(entries_from_database())`` for everything ingested (this is also the index
   the rest measures);
2. in-process: Django's test client times the whole ``/api/v1/search`` view (middleware,
   parameters, search, JSON) on **short** queries (keyword and heading names, and their seeded
   typos), on **keywords** (the judged keyword-style queries) and on **questions**
   (community FAQ questions and the judged set), each once after
   a warm-up pass; beside it, in the same run, the SQLite FTS5 BM25 baseline on the same
   questions and ``/robots.txt`` through the same client. The per-process results cache is
   off, so nothing is served from memory; then, apart, the same queries asked again with
   it on (what a repeated query costs);
3. HTTP: gunicorn with 2 workers on 127.0.0.1 (a free port), 8 client threads for a bounded
   time, every request a distinct query; each set of queries, and ``/robots.txt``.

It prints figures only; nothing here asserts on timings.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request

import corpus
from search_eval import bm25_baseline

BACKENDS = {
    "whoosh": "rulebook.search.whoosh_backend.WhooshBackend",
    "postgres": "rulebook.search.postgres_backend.PostgresBackend",
}


def percentile(values, pct):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def line(label, timings):
    print(
        f"  {label:34} n={len(timings):4}  median {statistics.median(timings):6.1f} ms  "
        f"p95 {percentile(timings, 95):6.1f} ms  p99 {percentile(timings, 99):6.1f} ms"
    )


def query_sets() -> dict[str, list[tuple[str, str]]]:
    """(query, language) pairs: short (names and their typos), keywords (the judged
    keyword-style queries: a few words, some of them read as a description) and questions."""
    short = []
    for lang in ("en", "fr"):
        names = corpus.name_set(lang)
        short += [(n["q"], lang) for n in names]
        short += [(t["q"], lang) for t in corpus.typo_set(names, corpus.vocabulary(lang))]
    questions = [(q["q"], "en") for q in corpus.faq_questions()]
    judged = corpus.judged()
    questions += [(q["q"], lang) for lang in ("en", "fr") for q in judged[lang]]
    keywords = corpus.judged("judged_keywords")
    keywords = [(q["q"], lang) for lang in ("en", "fr") for q in keywords[lang]]
    return {"short": short, "keywords": keywords, "questions": questions}


def timed(client, path, params=None) -> float:
    started = time.perf_counter()
    response = client.get(path, params or {})
    elapsed = (time.perf_counter() - started) * 1000
    if response.status_code != 200:
        raise SystemExit(f"{path} {params}: HTTP {response.status_code}")
    return elapsed


def bench_in_process(sets):
    from django.test import Client

    client = Client(HTTP_HOST="127.0.0.1")
    for name, items in sets.items():
        params = [{"q": q, "lang": lang, "game": corpus.GAME} for q, lang in items]
        for p in params:  # warm-up: open the index, load the name lists once
            timed(client, "/api/v1/search", p)
        line(f"/api/v1/search, {name}", [timed(client, "/api/v1/search", p) for p in params])
    rows = {lang: [(n, t) for n, t, _, _ in corpus.rule_rows(lang)] for lang in ("en", "fr")}
    bm25 = {lang: bm25_baseline(r) for lang, r in rows.items()}
    for name, items in sets.items():
        timings = []
        for q, lang in items:
            started = time.perf_counter()
            bm25[lang](q)
            timings.append((time.perf_counter() - started) * 1000)
        line(f"bm25 (fts5) baseline, {name}", timings)
    line("/robots.txt", [timed(client, "/robots.txt") for _ in range(300)])
    bench_cached(client, sets)


def bench_cached(client, sets):
    """The same queries asked again with the per-process results cache on: what a repeated
    query costs. Every figure above is measured with it off."""
    from django.conf import settings

    settings.RULEBOOK_SEARCH_CACHE_ENTRIES = 4000
    try:
        for name, items in sets.items():
            params = [{"q": q, "lang": lang, "game": corpus.GAME} for q, lang in items]
            for p in params:
                timed(client, "/api/v1/search", p)
            timings = [timed(client, "/api/v1/search", p) for p in params]
            line(f"/api/v1/search, {name}, cache on (repeat)", timings)
    finally:
        settings.RULEBOOK_SEARCH_CACHE_ENTRIES = 0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def bench_http(backend_path, sets, seconds, threads=8):
    port = free_port()
    # The API's per-client rate limit would measure itself, not the search: switch it off.
    env = {**os.environ, "RULEBOOK_SEARCH_BACKEND": backend_path, "RULEBOOK_API_RATE_LIMIT": ""}
    command = [sys.executable, "-m", "gunicorn", "rulebook.wsgi:application"]
    command += ["--bind", f"127.0.0.1:{port}", "--workers", "2", "--log-level", "warning"]
    server = subprocess.Popen(command, cwd=corpus.ROOT, env=env)
    try:
        _wait_for(port)
        base = f"http://127.0.0.1:{port}"
        for name, items in sets.items():
            urls = [
                f"{base}/api/v1/search?"
                + urllib.parse.urlencode({"q": q, "lang": lang, "game": corpus.GAME})
                for q, lang in items
            ]
            for url in urls[:: max(1, len(urls) // 40)]:  # warm both workers a little
                urllib.request.urlopen(url, timeout=30).read()
            load(f"http {name}", urls, seconds, threads)
        load("http /robots.txt", [f"{base}/robots.txt"], seconds, threads)
    finally:
        server.terminate()
        server.wait(timeout=10)


def load(label, urls, seconds, threads):
    """``threads`` clients for ``seconds``, each request the next distinct URL."""
    timings, errors, lock = [], [], threading.Lock()
    counter = iter(range(10**9))
    deadline = time.monotonic() + seconds

    def client():
        while time.monotonic() < deadline:
            with lock:
                url = urls[next(counter) % len(urls)]
            started = time.perf_counter()
            try:
                urllib.request.urlopen(url, timeout=30).read()
                timings.append((time.perf_counter() - started) * 1000)
            except Exception as exc:  # count, keep going
                errors.append(exc)

    workers = [threading.Thread(target=client) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    p99 = percentile(timings, 99) if timings else float("nan")
    print(
        f"  {label:34} {len(timings) / seconds:6.0f} req/s  p99 {p99:6.1f} ms  "
        f"{len(errors)} errors ({threads} clients, 2 gunicorn workers, {seconds}s)"
    )


def _wait_for(port, timeout=60):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/robots.txt", timeout=2)
            return
        except Exception:
            time.sleep(0.3)
    raise SystemExit("gunicorn did not start")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=list(BACKENDS), default="whoosh")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--no-build", action="store_true", help="measure the index as it is")
    args = parser.parse_args()
    os.environ["RULEBOOK_SEARCH_BACKEND"] = BACKENDS[args.backend]
    os.environ["RULEBOOK_API_RATE_LIMIT"] = ""
    os.environ["RULEBOOK_SEARCH_CACHE_ENTRIES"] = "0"  # every figure but the repeat lines
    corpus.setup_django()
    from rulebook import search
    from rulebook.search import weights

    # The numbers these figures were measured with (``rulebook/search/weights.py``, rerank.json).
    print("weights:", json.dumps(weights.as_dict(), separators=(",", ":")))
    print(f"{args.backend}:")
    if not args.no_build:
        entries = list(search.entries_from_database())
        started = time.perf_counter()
        search.get_backend().rebuild(entries)
        print(
            f"  build, everything ingested: {len(entries)} entries in "
            f"{time.perf_counter() - started:.1f}s"
        )
    sets = query_sets()
    bench_in_process(sets)
    bench_http(BACKENDS[args.backend], sets, args.seconds)


if __name__ == "__main__":
    main()
