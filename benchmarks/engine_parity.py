"""Do the two engines answer alike? The judged questions and keywords, and the keyword and
term names, run through ``run_search`` on each engine: how often the first result is the
same, and how much of the top ten the two share.

The engines read the same reading of a query and share the rerank, but each ranks with its
own statistics (BM25 in Whoosh, ts_rank and a BM25 written in SQL in PostgreSQL), so they can
differ. Each engine runs in its own process, against a database ingested the same way::

    RULEBOOK_DATA_DIR=... python benchmarks/engine_parity.py dump whoosh.json
    DATABASE_URL=postgres://... \\
      RULEBOOK_SEARCH_BACKEND=rulebook.search.postgres_backend.PostgresBackend \\
      python benchmarks/engine_parity.py dump postgres.json
    python benchmarks/engine_parity.py compare whoosh.json postgres.json [--show-differences]

Results are compared by what a hit is (kind, number or title), never by URL or score.
"""

from __future__ import annotations

import argparse
import json
import sys

import corpus


def queries() -> list[tuple[str, str]]:
    """(language, text) of every query compared: the judged questions and keywords, then
    names and terms."""
    out = [(lang, item["q"]) for lang, item in _judged("judged_queries")]
    out += [(lang, item["q"]) for lang, item in _judged("judged_keywords")]
    for lang in ("en", "fr"):
        out += [(lang, item["q"]) for item in corpus.name_set(lang)]
        out += [(lang, item["q"]) for item in corpus.term_set(lang)]
    return out


def dump(path: str) -> None:
    corpus.setup_django()
    from django.conf import settings

    from rulebook.search import SearchQuery, run_search

    print("engine:", settings.SEARCH_BACKEND["BACKEND"], file=sys.stderr)
    answers = {}
    for lang, text in queries():
        sq = SearchQuery(text=text, language=lang, game=corpus.GAME, per_page=10)
        results = run_search(sq)
        hits = (
            [results.redirect]
            if results.redirect
            else [f"{h.kind}:{h.number or h.title}" for h in results.hits]
        )
        answers[f"{lang}|{text}"] = hits
    with open(path, "w", encoding="utf-8") as out:
        json.dump(answers, out, ensure_ascii=False, indent=0)


def compare(a_path: str, b_path: str, show: bool = False) -> None:
    a = json.load(open(a_path, encoding="utf-8"))
    b = json.load(open(b_path, encoding="utf-8"))
    keys = sorted(set(a) & set(b))
    sets = {"judged questions": "judged_queries", "judged keywords": "judged_keywords"}
    groups = {name: [] for name in (*sets, "names and terms")}
    owner: dict[str, str] = {}  # a query in both judged files counts with the questions
    for name, f in sets.items():
        for lang, item in _judged(f):
            owner.setdefault(f"{lang}|{item['q']}", name)
    for key in keys:
        groups[owner.get(key, "names and terms")].append(key)
    print(f"{'set':<20} {'n':>5} {'same first':>11} {'top-10 overlap':>15}")
    for name, group in groups.items():
        if not group:
            continue
        first = sum(bool(a[k]) and bool(b[k]) and a[k][0] == b[k][0] for k in group) / len(group)
        shared = [
            len(set(a[k]) & set(b[k])) / max(len(set(a[k])), len(set(b[k])), 1) for k in group
        ]
        print(f"{name:<20} {len(group):>5} {first:>11.3f} {sum(shared) / len(group):>15.3f}")
    if show:
        differences(a, b)


def differences(a: dict, b: dict) -> None:
    """Each judged query whose first results differ, and which engine's first is judged
    relevant ("a", "b", "both" or "neither"), with how many each way."""
    for name in ("judged_queries", "judged_keywords"):
        tally = {"a": 0, "b": 0, "both": 0, "neither": 0}
        for lang, item in _judged(name):
            key = f"{lang}|{item['q']}"
            first_a, first_b = (a.get(key) or [""])[0], (b.get(key) or [""])[0]
            if not first_a or not first_b or first_a == first_b:
                continue
            wanted = set(item.get("relevant", []))
            ways = [w for w, first in (("a", first_a), ("b", first_b)) if _number(first) in wanted]
            way = "both" if len(ways) == 2 else ways[0] if ways else "neither"
            tally[way] += 1
            print(f"  {way:<7} {key[:58]:<58} {first_a:<24} {first_b}")
        print(
            f"{name}: the first judged relevant on a only {tally['a']}, on b only "
            f"{tally['b']}, on both {tally['both']}, on neither {tally['neither']}"
        )


def _number(hit: str) -> str:
    return hit.partition(":")[2]


def _judged(name: str) -> list[tuple[str, dict]]:
    judged = corpus.judged(name)
    return [(lang, item) for lang in ("en", "fr") for item in judged[lang]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("dump").add_argument("out")
    both = sub.add_parser("compare")
    both.add_argument("a")
    both.add_argument("b")
    both.add_argument(
        "--show-differences",
        action="store_true",
        help="list the judged queries whose firsts differ",
    )
    args = parser.parse_args()
    if args.command == "dump":
        dump(args.out)
    else:
        compare(args.a, args.b, args.show_differences)


if __name__ == "__main__":
    main()
