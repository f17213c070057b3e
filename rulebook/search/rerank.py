"""A second look at a question's best rows, shared by every backend.

BM25 sees a row's own words only. What a player's question names is often the section a rule
sits in (a question about spending mana is answered under *Mana*, whose rules need not repeat
the section's name), and an answer seldom stands alone: its siblings and
children match too. So the engine's best rows are scored again on a few generic features of
the row and of the window around it: how many of the question's words its text and its
heading path hold, whether the card named in the question shares words with it, whether it is
a chapter, how many of the other good rows sit below it or beside it, and how near its
meaning is to the question's (word vectors, ``meaning``: the only feature that reaches past
shared words).

The features read only the rows and the question. Their weights are data
(``rerank.json``), learned by ``benchmarks/rerank_train.py`` on the tuning half of the
evaluation questions and the judged questions; no question text, answer or FAQ citation
is among them, so nothing here can look an answer up. Every feature here is a candidate:
the training keeps one only when, fitted on some FAQ pages, it also helps pages it never
saw, and the rest weigh 0 (fitted all together, they learned the training pages and cost
strict hits elsewhere). A heading gets no feature of its own:
a question's answer is rule text (``weights.HEADING_PRIOR``), and a weight learned on
lenient hits would bring section names back.
"""

from __future__ import annotations

import functools
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path

from ingest.languages import fold
from rulebook.search import meaning, row_score, trace
from rulebook.search.base import row_text
from rulebook.search.understand import Plan
from rulebook.search.weights import (  # PREFIX: "damage" meets "damaged", as for neighbours
    PREFIX,
    RERANK_TOP,
    SIBLINGS_CAP,
    SUBTREE_CAP,
    SYNONYM_WEIGHT,
)
from rulebook.search.word_counts import keys

WEIGHTS_FILE = Path(__file__).resolve().parent / "rerank.json"
_WORD_RE = re.compile(r"[^\W_]+")

FEATURES = (
    "score",  # the engine's score, as a share of the best row's
    "cover",  # share of the question's words in the row's text
    "path_cover",  # share of them in the row's heading path
    "card_cover",  # share of the named card's words in the row's text
    "card_path",  # share of them in the row's heading path
    "all_words",  # every word is in the text or the path, and the path holds one
    "chapter",  # a top-level rule (one number, no dot)
    "subtree",  # the summed scores of the window's rows below this one
    "siblings",  # how many of the window's rows share this row's parent
    "meaning",  # how near the question's meaning is to the row's path and text (``meaning``)
    "asked",  # how near it is to the nearest of the row's question-bank questions
    "asked_cover",  # the largest share of the question's words in one of those questions
    "kind_path",  # a named card's keyword or type is in the row's heading path ("Reaction")
    *row_score.NAMES,  # the row scored in Python, alike for every engine (``row_score``)
)


@dataclass(frozen=True)
class Candidate:
    score: float
    key: str
    number: str  # "" for entries without a rule number
    path: str
    text: str
    asked: tuple[str, ...] = ()  # the question bank's questions of the row (``asked``)
    prior: float = 1.0  # the entry's boost times its question prior (``ranking.question_prior``)


@functools.cache  # a file read per search otherwise; it changes only with a deploy
def weights() -> tuple[float, ...]:
    table = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["weights"]
    return tuple(float(table.get(name, 0.0)) for name in FEATURES)


@functools.lru_cache(maxsize=32768)
def prefixes(text: str) -> frozenset[str]:
    """The first letters of each folded word: rows recur across questions, so kept."""
    return frozenset(fold(w)[:PREFIX] for w in _WORD_RE.findall(text))


def _share(wanted: frozenset[str], held: frozenset[str]) -> float:
    return len(wanted & held) / len(wanted) if wanted else 0.0


def _parent(number: str) -> str:
    return number.rpartition(".")[0]


def _window_counts(candidates: list[Candidate], top: float):
    """Per number: the summed share of the best score held by rows below it, and how many
    rows of the window each parent has."""
    below: dict[str, float] = {}
    children: dict[str, int] = {}
    for c in candidates:
        if not c.number:
            continue
        parent = _parent(c.number)
        children[parent] = children.get(parent, 0) + 1
        while parent:
            below[parent] = below.get(parent, 0.0) + c.score / top
            parent = _parent(parent)
    return below, children


def _meanings(plan: Plan, candidates: list[Candidate]) -> list[float]:
    """The ``meaning`` feature per candidate: 0 throughout where the vectors cannot read the
    query's language, as asked or, when every language is searched, as written."""
    if not meaning.reads(plan.language or plan.written_in):
        return [0.0] * len(candidates)
    rows = [row_text(c.path, c.text) for c in candidates]
    return meaning.similarities(plan.parsed.text, rows)


def _asked(plan: Plan, candidates: list[Candidate], words, near_too: bool, language):
    """The ``asked`` and ``asked_cover`` features: the question bank's questions of each
    row, read by meaning where the vectors read the query's language (and ``near_too``: the
    site skips embedding a few hundred questions per search while ``asked`` weighs 0), and
    by shared words."""
    lists = [c.asked for c in candidates]
    flat = [q for questions in lists for q in questions]
    if not flat:
        return [(0.0, 0.0)] * len(candidates)
    reads = near_too and meaning.reads(plan.language or plan.written_in)
    near = iter(meaning.similarities(plan.parsed.text, flat) if reads else [0.0] * len(flat))
    out = []
    for questions in lists:
        sims = [next(near) for _ in questions]
        cover = max((_share(words, keys(q, language)) for q in questions), default=0.0)
        out.append((max(sims, default=0.0), cover))
    return out


def features(
    plan: Plan, candidates: list[Candidate], weighed: tuple[float, ...] | None = None
) -> list[tuple[float, ...]]:
    """One row of ``FEATURES`` per candidate, in the candidates' order. ``weighed``: the
    weights the rows will meet; a costly feature they weigh at 0 is left at 0 (training
    passes none, and reads every feature)."""
    if not candidates:
        return []
    top = max(c.score for c in candidates) or 1.0
    language = plan.language or plan.written_in
    words = keys(" ".join(plan.words), language)
    card_words = keys(" ".join(w for w, weight in plan.extra if weight < SYNONYM_WEIGHT), language)
    card_words -= words
    below, children = _window_counts(candidates, top)
    kinds = keys(" ".join(plan.card_kinds), language)
    near = _meanings(plan, candidates)
    near_too = _weighs(weighed, "asked")
    bank = (
        _asked(plan, candidates, words, near_too, language)
        if near_too or _weighs(weighed, "asked_cover")
        else [(0.0, 0.0)] * len(candidates)
    )
    scored = _row_scores(plan, candidates, weighed)
    out = []
    for c, sense, (ask, ask_cover), again in zip(candidates, near, bank, scored, strict=True):
        text, path = keys(c.text, language), keys(c.path, language)
        in_path = words & path
        siblings = children.get(_parent(c.number), 0) if c.number else 0
        out.append(
            (
                c.score / top,
                _share(words, text),
                _share(words, path),
                _share(card_words, text),
                _share(card_words, path),
                float(bool(in_path) and not (words - path - text)),
                float(bool(c.number) and "." not in c.number),
                min(below.get(c.number, 0.0), SUBTREE_CAP) / SUBTREE_CAP if c.number else 0.0,
                min(siblings, SIBLINGS_CAP) / SIBLINGS_CAP,
                sense,
                ask,
                ask_cover,
                float(bool(kinds & path)),
                *again,
            )
        )
    return out


def _weighs(weighed, name: str) -> bool:
    """Whether the weights in use (None: training, which reads every feature) weigh it."""
    return weighed is None or weighed[FEATURES.index(name)] != 0


def _row_scores(plan: Plan, candidates: list[Candidate], weighed) -> list[tuple[float, ...]]:
    """``row_score``'s features, or zeros while the weights in use give them none."""
    if any(_weighs(weighed, name) for name in row_score.NAMES):
        return row_score.features(plan, candidates)
    return [(0.0,) * len(row_score.NAMES)] * len(candidates)


def rerank(plan: Plan, candidates: list[Candidate]) -> list[tuple[float, str]]:
    """(score, key) of every candidate, best first: the ``RERANK_TOP`` best scored again on
    the same scale as the engine's (a share of the best score), the rest as they came."""
    ordered = sorted(candidates, key=lambda c: (-c.score, c.key))
    w = weights()
    rows = features(plan, ordered[:RERANK_TOP], w)
    scored = combine(ordered, rows, w)
    trace.reranked(FEATURES, ordered, rows, w, scored)  # for ``debug=1``; else nothing
    return scored


def combine(ordered: list[Candidate], rows, w) -> list[tuple[float, str]]:
    """(score, key) best first, from candidates ordered best first and the feature rows of
    the first ``len(rows)`` of them: the training scores weights through this too, so what
    it measures is what the site ranks."""
    if not ordered:
        return []
    top = ordered[0].score or 1.0
    scored = [
        (top * math.fsum(a * b for a, b in zip(w, row, strict=True)), c.key)
        for row, c in zip(rows, ordered, strict=False)
    ]
    scored += [(c.score, c.key) for c in ordered[len(rows) :]]
    return sorted(scored, key=lambda pair: (-pair[0], pair[1]))
