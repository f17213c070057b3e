"""Learn the weights of the question rerank (``rulebook/search/rerank.json``).

Two steps, so that both engines' rows can train one set of weights (each runs against its own
database)::

    python benchmarks/rerank_train.py capture --backend whoosh --out /tmp/whoosh.pickle
    python benchmarks/rerank_train.py capture --backend postgres --out /tmp/pg.pickle
    python benchmarks/rerank_train.py fit /tmp/whoosh.pickle /tmp/pg.pickle [--write]

``capture`` runs the training questions through the site's own search (as
``search_eval.py`` does) and keeps, for each, the rows the rerank was handed, their
features and the encoder's nearest rules, so that ``fit`` orders them as the site does
(rerank, ancestors lifted, nearest rules fused in). Only the tuning half of the FAQ
questions, the judged questions and, with ``--fold K``, the bank's training fold K (on a
database loaded with ``load_questions --holdout --fold K``, whose index lacks them) are
read: the reporting half and the bank's held-back fifth are never captured, so they cannot
shape the weights. ``fit`` chooses the features by cross-validation over the tuning half's
pages and the fold's two hash halves (``select``), then sets their weights by coordinate
ascent on a small grid, maximising strict plus lenient MRR@10 summed over every
question, with one feature held at weight 1 (``--anchor``: the engine's own score, or
``bm25``, the row scored alike for every engine); the others weigh 0. ``--write`` saves
the result. The encoder's bundled adapter has read every training fold: capture a fold with
``RULEBOOK_ENCODER_ADAPTER`` naming one trained without it (``encoder_train.py``), or 0.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
import tempfile
import zlib

import corpus
import numpy
from named_cases import DRAW_ANSWER, DRAW_QUESTION
from search_eval import make_backend, metrics, same_subtree

GRID = (-0.5, -0.3, -0.2, -0.1, -0.05, 0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0)
SWEEPS = 3
LIFT_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3)  # ``weights.PROMOTE_SHARE`` values swept
NAMED_PENALTY = 1000.0  # larger than every question's strict + lenient MRR summed


def training_sets(fold: int | None = None) -> dict[str, tuple[str, list[dict]]]:
    """name -> (language, items): the tuning half, the judged questions, the named question
    and, with ``fold``, the bank's training fold that the database's index lacks (loaded with
    ``load_questions --holdout --fold K``), nothing else."""
    judged = corpus.judged()
    tuning = [q for q in corpus.faq_questions() if q["half"] == "tuning"]
    bank = {}
    if fold is not None:
        for lang in ("en", "fr"):
            items = corpus.bank_questions(lang, held=False, fold=fold)
            bank[f"bank_{lang}"] = (lang, [i | {"slug": _bank_page(i["q"])} for i in items])
    return bank | {
        "tuning": ("en", tuning),
        "judged_en": ("en", judged["en"]),
        "judged_fr": ("fr", judged["fr"]),
        # Asked as search_eval asks it: of every kind, so headings and keywords compete too.
        "named": ("en", [{"q": DRAW_QUESTION, "relevant": [DRAW_ANSWER], "kind": None}]),
    }


def capture(backend_name: str, out: str, fold: int | None = None) -> None:
    corpus.setup_django()
    from rulebook.search import SearchQuery, rerank, run_search

    seen: list = []
    nears: list = []  # the encoder's nearest rules of each engine call (``_record_nearest``)
    real_features = rerank.features

    top = rerank.RERANK_TOP

    def recording(plan, candidates, weighed=None):
        # The window features (rows below, siblings) count the rows the site reranks only;
        # every feature is read, whatever the weights in use weigh.
        rows = real_features(plan, candidates[:top])
        seen.append((list(candidates), rows))
        return rows

    rerank.features = recording
    rerank.RERANK_TOP = 10**6  # capture every row; ``fit`` reranks only the first ``top``
    _record_nearest(nears)
    captured = {}
    with tempfile.TemporaryDirectory() as tmp:
        make_backend(backend_name, tmp)
        for name, (language, items) in training_sets(fold).items():
            rows = []
            for item in items:
                seen.clear()
                nears.clear()
                sq = SearchQuery(
                    text=item["q"],
                    language=language,
                    game=corpus.GAME,
                    kind=item.get("kind", "rule"),
                    per_page=10,
                )
                results = run_search(sq)
                final = [hit.number for hit in results.hits if hit.number]
                rows.append(
                    {
                        "q": item["q"],  # for probes that read the question (encoder_probe.py)
                        "relevant": item["relevant"],
                        "final": final,
                        "seen": seen[-1:],
                        "near": nears[-1] if nears else [],
                        "slug": item.get("slug"),
                    }
                )
            captured[name] = rows
    with open(out, "wb") as f:
        pickle.dump({"backend": backend_name, "top": top, "sets": captured}, f)
    print(f"captured {sum(len(v) for v in captured.values())} questions ({backend_name}) -> {out}")


def _record_nearest(nears: list) -> None:
    """Keep each question's nearest rules by meaning beside its rows: the site fuses them
    with the reranked order (``nearest.fuse``), so the fit ranks with them too, or it would
    weigh features for an order the site never shows."""
    from rulebook.search import nearest, postgres_backend, whoosh_backend

    real = nearest.nearest

    def recording(backend, sq, plan):
        near = real(backend, sq, plan)
        nears.append(list(near))
        return near

    whoosh_backend.nearest = postgres_backend.nearest = recording


def _bank_page(question: str) -> str:
    """A bank question's side in cross-validation, as a FAQ page's slug gives one."""
    return f"bank-{zlib.crc32(question.encode()) % 2}"


def ranked_numbers(item, w, top, depth: int | None = 10) -> list[str]:
    """The first ``depth`` numbers (every one for None) in the order the site would show
    them with weights ``w``."""
    from rulebook.search.nearest import fuse
    from rulebook.search.ranking import lifted

    if not item["seen"]:
        return item["final"][:depth]  # no question plan (a name, a number): no rerank ran
    scores = lifted(_combined(item, w, top))
    order = sorted(scores, key=lambda k: (-scores[k], k))
    if item.get("near"):  # captures made before the fusion was recorded have none
        order = [k for _, k in fuse([(scores[k], k) for k in order], item["near"])]
    return [key.rsplit(":", 1)[1].split("~", 1)[0] for key in order][:depth]


def _combined(item, w, top) -> list[tuple[float, str]]:
    """``rerank.combine`` in one matrix product: the fit weighs every question thousands of
    times, and summing feature by feature in Python was most of its time."""
    if "_matrix" not in item:
        candidates, rows = item["seen"][0]  # every row, best first (``capture``)
        head = candidates[: len(rows[:top])]
        # Sized by the weights, not the rows: a question the engine found nothing for has none.
        item["_matrix"] = numpy.array(rows[:top], dtype=float).reshape(len(head), len(w))
        item["_keys"] = [c.key for c in head]
        item["_top"] = (candidates[0].score or 1.0) if candidates else 1.0
        item["_tail"] = [(c.score, c.key) for c in candidates[len(head) :]]
    scores = item["_top"] * (item["_matrix"] @ numpy.asarray(w, dtype=float))
    scored = list(zip(scores.tolist(), item["_keys"], strict=True)) + item["_tail"]
    return sorted(scored, key=lambda pair: (-pair[0], pair[1]))


def named_cases_hold(captures, w) -> bool:
    """The issue's named question keeps its answer in the top 3 on every engine: a
    constraint, not a part of the score."""
    for cap in captures:
        for item in cap["sets"].get("named", []):
            top3 = ranked_numbers(item, w, cap["top"])[:3]
            if not any(same_subtree(n, r) for n in top3 for r in item["relevant"]):
                return False
    return True


def objective(captures, w, use=None) -> float:
    """Strict plus lenient MRR@10, summed over the questions ``use(set, item)`` keeps (every
    one by default), less ``NAMED_PENALTY`` when the named question falls out of its top 3: a
    penalty, not minus infinity, so that from weights that miss it the gain of each feature
    can still be compared (and the one that brings it back wins)."""
    total = 0.0 if named_cases_hold(captures, w) else -NAMED_PENALTY
    for cap in captures:
        for name, items in cap["sets"].items():
            items = [i for i in items if name != "named" and (use is None or use(name, i))]
            if not items:
                continue
            ranked = [ranked_numbers(item, w, cap["top"]) for item in items]
            relevant = [set(item["relevant"]) for item in items]
            strict, lenient = metrics(ranked, relevant, False), metrics(ranked, relevant, True)
            total += (strict["MRR@10"] + lenient["MRR@10"]) * len(items)
    return total


def ascend(captures, w, free, use=None, sweeps=SWEEPS) -> list[float]:
    """Coordinate ascent over the features ``free`` on the grid, the others held."""
    w = list(w)
    best = objective(captures, w, use)
    for _ in range(sweeps):
        for k in free:
            keep = w[k]
            for value in GRID:
                w[k] = value
                score = objective(captures, w, use)
                if score > best + 1e-9:
                    best, keep = score, value
            w[k] = keep
    return w


def page_folds(captures) -> list[tuple]:
    """Two (train, held-out) filters that split the tuning half by FAQ page (its pages
    sorted and numbered, even and odd) and a bank fold by a hash of each question, the
    judged questions always on the train side."""
    slugs = (i["slug"] for cap in captures for i in cap["sets"]["tuning"])
    fold = corpus.page_sides(slugs) | {"bank-0": 0, "bank-1": 1}
    split = {"tuning", "bank_en", "bank_fr"}
    folds = []
    for held in (0, 1):
        folds.append(
            (
                lambda name, i, h=held: name not in split or fold[i["slug"]] != h,
                lambda name, i, h=held: name in split and fold[i["slug"]] == h,
            )
        )
    return folds


def anchored(names, anchor: str) -> list[float]:
    """Weights with ``anchor`` at 1 and every other feature at 0."""
    return [1.0 if name == anchor else 0.0 for name in names]


def select(captures, names, anchor: str = "score", exclude=()) -> list[int]:
    """Forward selection by page-level cross-validation: a feature joins only when, fitted
    on one fold of pages, it raises the other fold's score, and that in both folds. Fitting
    every feature on every question learns the training pages (held-out pages lost strict
    MRR in both folds); this keeps what carries over to pages it never saw."""
    chosen, folds = [], page_folds(captures)
    base = anchored(names, anchor)
    while True:
        gains = {}
        # Each fold's held-out score without a new feature: the same for every candidate.
        before = [
            objective(captures, ascend(captures, base, chosen, train, sweeps=1), held)
            for train, held in folds
        ]
        for k in range(len(names)):
            if k in chosen or names[k] == anchor or names[k] in exclude:
                continue
            deltas = []
            for (train, held), was in zip(folds, before, strict=True):
                after = ascend(captures, base, [*chosen, k], train, sweeps=1)
                deltas.append(objective(captures, after, held) - was)
            print(f"  with {names[k]:11} held-out gain per fold: {[round(d, 2) for d in deltas]}")
            if min(deltas) > 0:
                gains[k] = sum(deltas)
        if not gains:
            return chosen
        chosen.append(max(gains, key=gains.get))
        print("selected:", [names[k] for k in chosen])


def sweep_lift(captures, w) -> bool:
    """Sweep the share the best rows lend their ancestors after the rerank
    (``weights.PROMOTE_SHARE``) with the weights fitted, keep the best in this process and
    print it, to be set in ``weights.py`` by hand; whether it changed."""
    from rulebook.search import weights

    start = weights.PROMOTE_SHARE
    results = {}
    for share in LIFT_GRID:
        weights.PROMOTE_SHARE = share
        results[share] = objective(captures, w)
        print(f"  lift share {share:.2f}: {results[share]:.2f}")
    best = max(results, key=lambda k: (results[k], k == start))
    weights.PROMOTE_SHARE = best
    print(f"lift: PROMOTE_SHARE = {best}")
    return best != start


def report(captures, w, label) -> None:
    for cap in captures:
        for name, items in cap["sets"].items():
            ranked = [ranked_numbers(item, w, cap["top"]) for item in items]
            relevant = [set(item["relevant"]) for item in items]
            s, l_ = metrics(ranked, relevant, False), metrics(ranked, relevant, True)
            print(
                f"  {label:8} {cap['backend']:9} {name:10} {s['MRR@10']:.3f} / {l_['MRR@10']:.3f}"
            )


def fit(paths: list[str], write: bool, anchor: str = "score", exclude=()) -> None:
    sys.path.insert(0, str(corpus.ROOT))
    from rulebook.search import rerank

    captures = []
    for path in paths:
        with open(path, "rb") as f:
            captures.append(pickle.load(f))
    names = rerank.FEATURES
    report(captures, list(rerank.weights()), "in use")
    w = anchored(names, anchor)
    chosen = select(captures, names, anchor, exclude)
    w = ascend(captures, w, chosen)
    if sweep_lift(captures, w):
        w = ascend(captures, w, chosen)
    print("weights:", dict(zip(names, w, strict=True)))
    report(captures, w, "after")
    if write:
        table = json.loads(rerank.WEIGHTS_FILE.read_text(encoding="utf-8"))
        table["weights"] = dict(zip(names, w, strict=True))
        rerank.WEIGHTS_FILE.write_text(json.dumps(table, indent=2) + "\n", encoding="utf-8")
        print(f"written: {rerank.WEIGHTS_FILE}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="step", required=True)
    cap = sub.add_parser("capture")
    cap.add_argument("--backend", choices=["whoosh", "postgres"], default="whoosh")
    cap.add_argument("--out", required=True)
    cap.add_argument(
        "--fold",
        type=int,
        help="also ask the bank's training fold K, left out of this database's index "
        "(`load_questions --holdout --fold K`)",
    )
    fitting = sub.add_parser("fit")
    fitting.add_argument("captures", nargs="+")
    fitting.add_argument("--write", action="store_true")
    fitting.add_argument(
        "--anchor",
        default="score",
        help="the feature held at weight 1: score (the engine's own) or bm25 (row_score's, "
        "alike for every engine)",
    )
    fitting.add_argument(
        "--exclude",
        nargs="*",
        default=[],
        help="features kept at 0: `--anchor bm25 --exclude score` ranks alike on every engine",
    )
    args = parser.parse_args()
    if args.step == "capture":
        capture(args.backend, args.out, args.fold)
    else:
        fit(args.captures, args.write, args.anchor, args.exclude)


if __name__ == "__main__":
    main()
