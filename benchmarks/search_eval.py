"""Ranking quality: our search against an SQLite FTS5 BM25 baseline, in the same run.

Usage, from the project root, on a database where ``make ingest-corpus`` has run (settings
from the environment as for the site: ``DJANGO_SETTINGS_MODULE`` defaults to prod,
``RULEBOOK_DATA_DIR``, ``DATABASE_URL`` for PostgreSQL)::

    python benchmarks/search_eval.py [--backend whoosh|postgres] [--half tuning|reporting|both]
                                     [--sets questions,judged,keywords,names,terms,typos]
                                     [--show-misses] [--every-kind]
                                     [--save run.json] [--against run.json]

The index is rebuilt from the database first (Whoosh: in a temporary directory; PostgreSQL:
the database's search tables). Every query goes through ``run_search`` as the site runs it
(scaffolding, card names, synonyms, typo correction without a click), scoped to Riftbound and
to rules (cards for the card typo set); with ``--every-kind``, questions search every kind as
the search box does, and the first 10 rules of each answer count. The baseline indexes the
same rules (rule text, ``tokenize='porter'``, every query word OR-ed, ``ORDER BY rank``).

Sets: ``questions`` (community FAQ questions citing rules, split by page into a tuning and a
reporting half: look only at the tuning half's misses while tuning), ``judged``
(judged_queries.json), ``keywords`` (judged_keywords.json: keyword-style queries, judged
by lenient MRR@10), ``names`` (keyword and defined-term headings, EN and FR), ``terms``
(terms a rule defines, "Hold: …", with one seeded typo in each; rules that are only a title
over their sub-rules, "Trashes"; terms a rule defines in a sentence, as the pages link them,
"Damage is a marked value…", typed in lower case; each also asked about: "what is Trashes?")
and ``typos`` (one seeded typo in the names, and in card names; and the names typed with
their words split or joined otherwise, "back line" for *Backline*). Strict counts the cited
number only; lenient also counts its ancestors and descendants (the same subtree).
``--save`` keeps each question's reciprocal ranks, and ``--against`` compares a run with a
kept one question by question, with an interval for the difference (``paired.py``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import re
import sqlite3
import tempfile
import time
from pathlib import Path

import corpus
import paired

# With every kind searched, the answer's first 10 rules are read from this many hits.
EVERY_KIND_DEPTH = 30
# Each question's reciprocal ranks, kept while --save or --against asks (``paired``).
RECORD = None


def same_subtree(a: str, b: str) -> bool:
    return a == b or a.startswith(b + ".") or b.startswith(a + ".")


def first_ranks(ranked_lists, relevant_lists, lenient: bool) -> list[int | None]:
    """Each question's first place (1 to 10) holding a relevant rule, or None."""
    found = []
    for ranked, relevant in zip(ranked_lists, relevant_lists, strict=True):
        ranks = [
            i
            for i, got in enumerate(ranked[:10], start=1)
            if (any(same_subtree(got, r) for r in relevant) if lenient else got in relevant)
        ]
        found.append(ranks[0] if ranks else None)
    return found


def reciprocal(ranks: list[int | None]) -> list[float]:
    return [1 / rank if rank else 0.0 for rank in ranks]


def metrics(ranked_lists, relevant_lists, lenient: bool) -> dict:
    return summary(first_ranks(ranked_lists, relevant_lists, lenient))


def summary(ranks: list[int | None]) -> dict:
    """hit@1, hit@5 and MRR@10 of the questions' first places (``first_ranks``)."""
    n = max(1, len(ranks))
    return {
        "hit@1": sum(rank == 1 for rank in ranks) / n,
        "hit@5": sum(bool(rank and rank <= 5) for rank in ranks) / n,
        "MRR@10": sum(reciprocal(ranks)) / n,
    }


def bm25_baseline(rows: list[tuple[str, str]]):
    """SQLite FTS5 with its BM25 ``rank`` over (id, text) rows; every query word OR-ed."""
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, text, tokenize='porter')")
    db.executemany("INSERT INTO docs VALUES (?, ?)", rows)

    def search(question):
        words = re.findall(r"\w+", question.lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in words)
        found = db.execute(
            "SELECT id FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 10", [match]
        ).fetchall()
        return [r[0] for r in found]

    return search


def ours(language: str, kind: str | None = "rule"):
    """``kind=None`` searches every kind, as the search box does, and ranks the first 10
    rules of the answer: FAQ answers and cards take places between them there."""
    from rulebook.search import SearchQuery, run_search

    depth = 10 if kind else EVERY_KIND_DEPTH

    def search(question):
        sq = SearchQuery(
            text=question, language=language, game=corpus.GAME, kind=kind, per_page=depth
        )
        results = run_search(sq)
        if results.redirect:
            return [results.redirect.rstrip("/").rsplit("/", 1)[-1]]
        if kind == "card":
            return [hit.url.rstrip("/").rsplit("/", 1)[-1] for hit in results.hits]
        return [hit.number for hit in results.hits if hit.number][:10]

    return search


def make_backend(name: str, tmp: str):
    """Point the site's settings at the backend under test and rebuild its index."""
    from django.conf import settings

    from rulebook import search

    path = {
        "whoosh": "rulebook.search.whoosh_backend.WhooshBackend",
        "postgres": "rulebook.search.postgres_backend.PostgresBackend",
    }[name]
    settings.SEARCH_BACKEND = {**settings.SEARCH_BACKEND, "BACKEND": path, "PATH": tmp}
    backend = search.get_backend()
    started = time.perf_counter()
    count = backend.rebuild(search.entries_from_database())
    print(f"index: {count} entries rebuilt in {time.perf_counter() - started:.1f}s ({name})")
    return backend


def evaluate(label, items, systems, show_misses=False):
    """One line per system: strict and lenient hit@1, hit@5, MRR@10."""
    questions = [item["q"] for item in items]
    relevant = [set(item["relevant"]) for item in items]
    for system, search in systems:
        ranked = [search(q) for q in questions]
        ranks = [first_ranks(ranked, relevant, loose) for loose in (False, True)]
        strict, lenient = map(summary, ranks)
        if RECORD is not None:  # --save / --against: each question's reciprocal rank
            RECORD.add(label, system, questions, *map(reciprocal, ranks))
        print(
            f"{label:40} {system:20} {len(items):4} "
            + " ".join(f"{strict[k]:6.3f}" for k in ("hit@1", "hit@5", "MRR@10"))
            + "  "
            + " ".join(f"{lenient[k]:6.3f}" for k in ("hit@1", "hit@5", "MRR@10"))
        )
        if show_misses and system.startswith("ours"):
            for q, got, rel in zip(questions, ranked, relevant, strict=True):
                if not any(same_subtree(g, r) for g in got[:3] for r in rel):
                    print(f"      miss: {q!r} -> {got[:5]} want {sorted(rel)[:6]}")


def _adapter_is_bundled() -> bool:
    """Whether the encoder's adapter in use is the one the site ships, which
    ``encoder_train.py`` learned from every training fold of the bank."""
    from encoder_train import ADAPTER

    from rulebook.search import encoder

    path = encoder.adapter()
    return bool(path) and Path(path).resolve() == ADAPTER.resolve()


@functools.cache
def _lexicon():
    """The names the site reads queries against, loaded once per run (every set asks)."""
    from rulebook.search import lexicon

    return lexicon.load()


def evaluate_and_cards(label, items, systems, language, show_misses=False):
    """``evaluate``, then again on the questions that name a card as the site reads them
    (the plan's cards): the issue reports those apart, and its held-out players' questions
    that name a card are where the ranking trails BM25 most."""
    from rulebook.search.understand import understand

    evaluate(label, items, systems, show_misses)
    naming = [item for item in items if understand(item["q"], language, _lexicon()).cards]
    if naming:
        evaluate(f"{label}, naming a card", naming, systems)


def first_hits(items) -> list:
    """The first hit (or None) of each item's query, as the site searches Riftbound in
    English with no kind chosen."""
    from rulebook.search import SearchQuery, run_search

    out = []
    for item in items:
        sq = SearchQuery(text=item["q"], language="en", game=corpus.GAME, per_page=1)
        hits = run_search(sq).hits
        out.append(hits[0] if hits else None)
    return out


def opens_on(label, items, system, ok, show_misses=False):
    """The share of the items whose first hit ``ok(item, hit)`` accepts; with
    ``show_misses``, the tuning half's misses."""
    firsts = first_hits(items)
    good = [bool(hit) and ok(item, hit) for item, hit in zip(items, firsts, strict=True)]
    if show_misses:
        for item, hit, fine in zip(items, firsts, good, strict=True):
            if not fine and item.get("half") == "tuning":
                print(f"      miss: {item['q']!r} -> {hit and hit.kind} {hit and hit.title[:40]!r}")
    n = max(1, len(items))
    print(f"{label:40} {system:20} {len(items):4} first hit as wanted: {sum(good) / n:.3f}")


def on_the_rules_or_its_name(item, hit) -> bool:
    """A game term typed alone is looked up in the rules, or in what the word names (its
    name, singular or plural), not in a card or FAQ question that happens to hold it."""
    from rulebook.search.query import parse

    parsed = parse(item["q"])
    return hit.kind == "rule" or parse(hit.title).name_key in {
        parsed.name_key,
        *parsed.name_variants,
    }


def on_a_card(item, hit) -> bool:
    return hit.kind == "card"


def header():
    cols = "hit@1  hit@5 MRR@10"
    print(f"{'set':40} {'system':20} {'n':>4} strict: {cols}  lenient: {cols}")


def _arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=["whoosh", "postgres"], default="whoosh")
    parser.add_argument("--half", choices=["tuning", "reporting", "both"], default="both")
    parser.add_argument("--sets", default="questions,judged,keywords,names,terms,words,typos")
    parser.add_argument(
        "--show-misses", action="store_true", help="training sets only: never a held-out one"
    )
    parser.add_argument(
        "--fold",
        type=int,
        help="with set `fold`: the bank's training fold that `load_questions --holdout --fold K` "
        "left out of this database (training side: a search, not a lookup)",
    )
    parser.add_argument(
        "--side",
        type=int,
        choices=[0, 1],
        help="the FAQ tuning half's pages of one side only (encoder_train capture --faq)",
    )
    parser.add_argument(
        "--every-kind",
        action="store_true",
        help="questions search every kind, as the search box does; the first 10 rules count",
    )
    parser.add_argument("--save", help="write each question's reciprocal ranks here (paired.py)")
    parser.add_argument("--against", help="compare question by question with a --save file")
    args = parser.parse_args()
    if "fold" in args.sets.split(",") and args.fold is None:
        parser.error("--sets fold needs --fold K: without it every indexed question is asked")
    return args


def _question_sets(args, sets, systems) -> None:
    """The question sets: FAQ halves, the bank's held-back fifth or a training fold, the
    judged questions and keywords."""
    if "questions" in sets:
        questions = corpus.faq_questions()
        halves = ["tuning", "reporting"] if args.half == "both" else [args.half]
        for half in halves:
            items = [q for q in questions if q["half"] == half]
            label = f"FAQ questions, {half}"
            if half == "tuning" and args.side is not None:
                items = [q for q in items if q["side"] == args.side]
                label += f", side {args.side} of its pages"
            misses = args.show_misses and half == "tuning"
            evaluate_and_cards(label, items, systems["en"], "en", misses)
    if "bank" in sets and args.half == "tuning":
        print("bank held out: not read with --half tuning (a training fold is --sets fold)")
    elif "bank" in sets:  # the question bank's held-back fifth: never indexed, never tuned on
        for lang in ("en", "fr"):
            items = corpus.bank_questions(lang)
            evaluate_and_cards(f"bank held out, {lang}", items, systems[lang], lang)
    if "fold" in sets:  # a training fold this database's index lacks
        if _adapter_is_bundled():
            print(
                f"WARNING: the encoder's bundled adapter has read fold {args.fold}: its figures "
                "are not unseen (RULEBOOK_ENCODER_ADAPTER: one trained without it, or 0)"
            )
        for lang in ("en", "fr"):
            items = corpus.bank_questions(lang, held=False, fold=args.fold)
            label = f"bank fold {args.fold}, {lang}"
            evaluate_and_cards(label, items, systems[lang], lang, args.show_misses)
    if "judged" in sets:
        judged = corpus.judged()
        for lang in ("en", "fr"):
            evaluate(f"judged, {lang}", judged[lang], systems[lang], args.show_misses)
    if "keywords" in sets:
        keywords = corpus.judged("judged_keywords")
        for lang in ("en", "fr"):
            label = f"judged keywords, {lang}"
            evaluate(label, keywords[lang], systems[lang], args.show_misses)


def _name_sets(args, sets, systems, mine) -> None:
    """Names, terms, rules' words and typos: what a name search must find first."""
    names = {lang: corpus.name_set(lang) for lang in ("en", "fr")}
    if "names" in sets:
        for lang in ("en", "fr"):
            evaluate(f"names, {lang}", names[lang], systems[lang], args.show_misses)
    terms = {lang: corpus.term_set(lang) for lang in ("en", "fr")}
    if "terms" in sets:
        for lang in ("en", "fr"):
            evaluate(f"defined terms, {lang}", terms[lang], systems[lang], args.show_misses)
            typos = corpus.typo_set(terms[lang], corpus.vocabulary(lang))
            evaluate(f"one-typo terms, {lang}", typos, systems[lang], args.show_misses)
            linked = corpus.linked_term_set(lang)
            evaluate(
                f"terms defined in a sentence, {lang}", linked, systems[lang], args.show_misses
            )
            titles = corpus.title_set(lang)
            evaluate(f"rule titles, {lang}", titles, systems[lang], args.show_misses)
            asked = corpus.asked_set(terms[lang] + titles, lang)
            evaluate(f"asked about, {lang}", asked, systems[lang], args.show_misses)
            asked = corpus.asked_set(linked, lang)
            evaluate(f"sentence terms asked, {lang}", asked, systems[lang], args.show_misses)
    if "words" in sets:
        halves = ["tuning", "reporting"] if args.half == "both" else [args.half]
        for half in halves:
            items = [w for w in corpus.rules_words("en") if w["half"] == half]
            label, misses = f"rules words, {half}", args.show_misses
            opens_on(label, items, mine, on_the_rules_or_its_name, misses)
            items = [w for w in corpus.champion_names() if w["half"] == half]
            opens_on(f"champion names, {half}", items, mine, on_a_card, misses)
    if "typos" in sets:
        for lang in ("en", "fr"):
            typos = corpus.typo_set(names[lang], corpus.vocabulary(lang))
            evaluate(f"one-typo names, {lang}", typos, systems[lang], args.show_misses)
            spaced = corpus.spacing_set(names[lang], corpus.vocabulary(lang))
            evaluate(f"names split/joined, {lang}", spaced, systems[lang], args.show_misses)
        cards = corpus.card_names()
        typos = corpus.typo_set(cards, corpus.vocabulary("en"))
        card_rows = _card_rows()
        card_systems = [(mine, ours("en", "card")), ("bm25 (fts5)", bm25_baseline(card_rows))]
        evaluate("one-typo card names, en", typos, card_systems, args.show_misses)


def main():
    global RECORD
    args = _arguments()
    RECORD = paired.Record() if args.save or args.against else None
    os.environ["RULEBOOK_SEARCH_CACHE_ENTRIES"] = "0"  # every query is answered afresh
    corpus.setup_django()
    import named_cases  # here, not above: it imports this module

    from rulebook.search import weights

    # The numbers these figures were measured with (``rulebook/search/weights.py``, rerank.json).
    print("weights:", json.dumps(weights.as_dict(), separators=(",", ":")))
    sets = set(args.sets.split(","))
    with tempfile.TemporaryDirectory() as tmp:
        make_backend(args.backend, tmp)
        mine = f"ours/{args.backend}"
        rules = {lang: corpus.rule_rows(lang) for lang in ("en", "fr")}
        bm25 = {
            lang: bm25_baseline([(n, t) for n, t, _, _ in rows]) for lang, rows in rules.items()
        }
        kind = None if args.every_kind else "rule"
        mine += " (all)" if args.every_kind else ""
        systems = {lang: [(mine, ours(lang, kind)), ("bm25 (fts5)", bm25[lang])] for lang in rules}
        header()
        _question_sets(args, sets, systems)
        _name_sets(args, sets, systems, mine)
        print("named cases:")
        named_cases.check()
    if RECORD is not None:
        paired.finish(RECORD, args.save, args.against)


def _card_rows() -> list[tuple[str, str]]:
    from rulebook.models import Card

    cards = Card.objects.filter(game__slug=corpus.GAME)
    return [(c.slug, f"{c.name} {c.ability_text}") for c in cards]


if __name__ == "__main__":
    main()
