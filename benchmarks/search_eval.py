"""Ranking quality: our search vs a plain BM25 baseline on judged player questions.

Usage: ``python benchmarks/search_eval.py [--backend whoosh|postgres]`` from the project root.
Reads Riftbound Core Rules v1.4 from ../shared (never copied into the repo), indexes them with
our backend in a temporary directory (PostgreSQL: the database named by DATABASE_URL, whose
search tables are rebuilt), and builds an SQLite FTS5 table (``tokenize='porter'``) where every
query word is OR-ed, as the baseline. Prints hit@1, hit@5 and MRR@10 per language.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import tempfile

from corpus import entries, judged, setup_django


def metrics(ranked_lists, relevant_lists) -> dict:
    hit1 = hit5 = mrr = 0.0
    for ranked, relevant in zip(ranked_lists, relevant_lists, strict=True):
        ranks = [i for i, number in enumerate(ranked[:10], start=1) if number in relevant]
        hit1 += bool(ranks and ranks[0] == 1)
        hit5 += bool(ranks and ranks[0] <= 5)
        mrr += 1 / ranks[0] if ranks else 0
    n = len(relevant_lists)
    return {"hit@1": hit1 / n, "hit@5": hit5 / n, "MRR@10": mrr / n}


def bm25_baseline(items):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE rules USING fts5(number UNINDEXED, text, tokenize='porter')")
    db.executemany("INSERT INTO rules VALUES (?, ?)", [(e.number, e.text) for e in items])

    def search(question):
        words = re.findall(r"\w+", question.lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        rows = db.execute(
            "SELECT number FROM rules WHERE rules MATCH ? ORDER BY rank LIMIT 10", [match]
        ).fetchall()
        return [r[0] for r in rows]

    return search


def our_search(backend, language):
    from rulebook.search.base import SearchQuery

    def search(question):
        results = backend.search(SearchQuery(text=question, language=language, per_page=10))
        return [hit.number for hit in results.hits]

    return search


def make_backend(name, path):
    if name == "postgres":
        from rulebook.search.postgres_backend import PostgresBackend

        return PostgresBackend({})
    from rulebook.search.whoosh_backend import WhooshBackend

    return WhooshBackend({"PATH": path})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["whoosh", "postgres"], default="whoosh")
    parser.add_argument("--show-misses", action="store_true")
    args = parser.parse_args()
    setup_django()
    queries = judged()
    with tempfile.TemporaryDirectory() as tmp:
        backend = make_backend(args.backend, tmp)
        by_language = {lang: entries(lang) for lang in ("en", "fr")}
        backend.rebuild([e for items in by_language.values() for e in items])
        print(f"{'lang':4} {'system':14} {'n':>3} {'hit@1':>6} {'hit@5':>6} {'MRR@10':>7}")
        for lang, items in by_language.items():
            questions = [q["q"] for q in queries[lang]]
            relevant = [set(q["relevant"]) for q in queries[lang]]
            for label, search in (
                (f"ours/{args.backend}", our_search(backend, lang)),
                ("bm25 (fts5)", bm25_baseline(items)),
            ):
                ranked = [search(q) for q in questions]
                m = metrics(ranked, relevant)
                print(
                    f"{lang:4} {label:14} {len(questions):3} {m['hit@1']:6.3f} "
                    f"{m['hit@5']:6.3f} {m['MRR@10']:7.3f}"
                )
                if args.show_misses and label.startswith("ours"):
                    for q, r, rel in zip(questions, ranked, relevant, strict=True):
                        if not set(r[:5]) & rel:
                            print(f"     miss: {q!r} -> {r[:5]} want {sorted(rel)}")


if __name__ == "__main__":
    main()
