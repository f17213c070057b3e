"""Discord interactions in-process: latency per command type beside a trivial view.

Usage, from the project root, on a database where ``make ingest-corpus`` has run (the same
environment the site uses: ``DJANGO_SETTINGS_MODULE`` defaults to the production settings,
``RULEBOOK_DATA_DIR``, optionally ``DATABASE_URL``)::

    python benchmarks/discord_bench.py [--count 200] [--seed 18]

It generates an Ed25519 key pair, signs ``--count`` mixed interactions shaped like Discord's
(slash commands, autocomplete, buttons, "Link rules") and posts them through Django's test
client to ``/discord/interactions``, so signature checking, parsing, the database and the
search index are all in the measurement; then it posts ``/robots.txt`` as many times through
the same client as a baseline for the framework's own cost. One warm-up call of each kind
and language runs first (per-process caches: the card-name automaton, the search index
readers) and the first call of each kind is reported apart. It prints figures only; nothing
here asserts on timings.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RULES = ["813.1c2", "813", "100", "460.2", "739", "101.1", "999.9", "rule 318.1"]
KEYWORDS = ["Reaction", "reacton", "Deflect", "Shield", "Quick-Draw", "hidden"]
CARDS = ["Defy", "Yasuo, Windrider", "Block", "blazing scorcher", "Jinx", "Teemo, Swift Scout"]
QUERIES = ["can I play a reaction during a showdown", "hidden", "what is a closed state", "burn"]
MESSAGES = ["see 813.1.c and Deflect, Defy", "does Yasuo, Windrider trigger rule 460?"]


def percentile(values, pct):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))]


def envelope(kind, data, locale):
    return {
        "application_id": "775799577604522054",
        "channel_id": "772908445358620702",
        "guild_id": "772904309264089089",
        "id": "867794291820986368",
        "locale": locale,
        "member": {"user": {"id": "53908232506183680", "username": "mason"}},
        "token": "A_UNIQUE_TOKEN",
        "type": kind,
        "version": 1,
        "data": data,
    }


def command(name, locale="en-US", focused=None, /, **values):
    options = [{"name": k, "type": 3, "value": v} for k, v in values.items()]
    for option in options:
        if option["name"] == focused:
            option["focused"] = True
    kind = 4 if focused else 2
    return envelope(kind, {"id": "1", "name": name, "type": 1, "options": options}, locale)


def mixed(rng: random.Random, count: int) -> list[tuple[str, dict]]:
    """(label, payload) in a fixed random order; labels group the figures."""
    locales = ["en-US", "en-US", "fr"]
    makers = [
        ("/rule", lambda: command("rule", rng.choice(locales), number=rng.choice(RULES))),
        ("/keyword", lambda: command("keyword", rng.choice(locales), name=rng.choice(KEYWORDS))),
        ("/card", lambda: command("card", rng.choice(locales), name=rng.choice(CARDS))),
        ("/search", lambda: command("search", rng.choice(locales), query=rng.choice(QUERIES))),
        ("autocomplete", lambda: _autocomplete(rng)),
        ("button", lambda: _button(rng)),
        ("Link rules", lambda: _link_rules(rng)),
    ]
    return [(label, make()) for label, make in (rng.choice(makers) for _ in range(count))]


def _autocomplete(rng):
    name, option, typed = rng.choice(
        [("rule", "number", "81"), ("rule", "number", "813.1"), ("card", "name", "defy")]
        + [("card", "name", "yasou"), ("keyword", "name", "reacton"), ("keyword", "name", "sh")]
    )
    return command(name, rng.choice(["en-US", "fr"]), option, **{option: typed})


def _button(rng):
    custom_id = rng.choice(
        ["rule|fr|riftbound|813.1.c.2||1", "rule|en|riftbound|813||2", "card|fr|riftbound|defy"]
        + ["keyword|fr|riftbound|reaction"]
    )
    return envelope(3, {"component_type": 2, "custom_id": custom_id}, "en-US")


def _link_rules(rng):
    message = {"id": "9", "content": rng.choice(MESSAGES)}
    data = {"id": "2", "name": "Link rules", "type": 3, "target_id": "9"}
    data["resolved"] = {"messages": {"9": message}}
    return envelope(2, data, rng.choice(["en-US", "fr"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=18)
    args = parser.parse_args()
    from nacl.signing import SigningKey

    key = SigningKey.generate()
    os.environ["RULEBOOK_DISCORD_PUBLIC_KEY"] = key.verify_key.encode().hex()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "rulebook.settings.prod")
    os.environ.setdefault("DJANGO_SECRET_KEY", secrets.token_urlsafe(50))  # no sessions here
    os.environ["DJANGO_ALLOWED_HOSTS"] = "testserver"
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    import logging

    from django.test import Client

    logging.disable(logging.WARNING)  # 4xx lines from django.request are not the subject
    client = Client()

    def post(payload) -> tuple[float, dict]:
        body = json.dumps(payload).encode()
        stamp = str(int(time.time()))
        signature = key.sign(stamp.encode() + body).signature.hex()
        headers = {"X-Signature-Ed25519": signature, "X-Signature-Timestamp": stamp}
        started = time.perf_counter()
        response = client.post(
            "/discord/interactions", body, content_type="application/json", headers=headers
        )
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code != 200:
            raise SystemExit(f"{response.status_code}: {response.content[:300]!r}")
        return elapsed, response.json()

    rng = random.Random(args.seed)
    plan = mixed(rng, args.count)
    report(post, plan, client)


def report(post, plan, client):
    post({"type": 1, "id": "1", "application_id": "2", "token": "t", "version": 1})  # PING:
    client.get("/robots.txt")  # the process's own first-request costs stay out of "first"
    first, warmed = {}, set()
    for label, payload in plan:  # per-process caches are built once per kind and language
        if (label, payload.get("locale")) not in warmed:
            warmed.add((label, payload.get("locale")))
            elapsed = post(payload)[0]
            first.setdefault(label, elapsed)
    timings: dict[str, list[float]] = {}
    for label, payload in plan:
        timings.setdefault(label, []).append(post(payload)[0])
    baseline = []
    for _ in range(len(plan)):
        started = time.perf_counter()
        client.get("/robots.txt")
        baseline.append((time.perf_counter() - started) * 1000)
    every = [t for values in timings.values() for t in values]
    print(f"{len(plan)} signed interactions, in-process (Django test client), times in ms")
    print(f"{'kind':14} {'n':>4} {'first':>7} {'p50':>7} {'p95':>7} {'p99':>7} {'max':>7}")
    rows = [(label, timings[label], first[label]) for label in sorted(timings)]
    rows += [("all", every, None), ("/robots.txt", baseline, None)]
    for label, values, cold in rows:
        print(
            f"{label:14} {len(values):4} {cold if cold is not None else float('nan'):7.1f} "
            f"{statistics.median(values):7.1f} {percentile(values, 95):7.1f} "
            f"{percentile(values, 99):7.1f} {max(values):7.1f}"
        )


if __name__ == "__main__":
    main()
