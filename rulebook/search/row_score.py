"""A question's candidate rows scored in Python, the same way whatever engine found them.

Whoosh and PostgreSQL each rank a question's rows with their own BM25 (per-field statistics,
stemmers and boosts of their own), so the two engines put different rows first for the same
question. Here the rows they retrieved are scored again by one formula over what every
candidate carries (its text, heading path and question-bank questions) with one count of
word rarity (``word_counts``, read from the database, not the engine), and the entry's own
prior (``Candidate.prior``: its boost and, for a question, whether its kind answers one).
The rerank's weights (``rerank.json``) say how much these count beside the engine's own
score: with the engine's at 0, both engines rank a shared candidate alike. Trained so, the
engines agreed but held-out questions ranked worse (``docs/search.md``), so today these
weigh 0 and ``rerank`` does not compute them; ``rerank_train.py`` still reads them.

Four features: three times the row's prior, each a share of the best candidate's (``bm25``)
or of the question's whole weight, and one without it (``plain``, a share of the best):

* ``bm25``: BM25 with binary term frequency over the row's text and its bank questions
  (document expansion, as in both engines' retrieval), and for the rules' words of a
  player's word, its heading path too; plus what neighbouring words and phrases of the
  question found as neighbours add (as on PostgreSQL);
* ``idf_path``: the rarity-weighted share of the question found in the heading path;
* ``idf_asked``: the same in the nearest of the row's question-bank questions;
* ``plain``: textbook BM25 (term frequency, the usual length norm) over the row's own text
  and the question's own words, nothing else: no bank, path, synonym or prior. The
  evaluation's baseline, BM25 over every rule, ranks bank questions no index held about as
  well as the whole pipeline and often puts a different rule first; this lets the rerank
  weigh that view too (measured, it did not help: ``docs/search.md``).
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.search import weights, word_counts
from rulebook.search.ranking import neighbours

NAMES = ("bm25", "idf_path", "idf_asked", "plain")


def _read(text: str, language: str) -> tuple[frozenset[str], int]:
    """The row's terms and its length in words."""
    found = word_counts.terms(text, language)
    return frozenset(found), len(found)


def scope(key: str) -> tuple[str, str]:
    """(game, language) of an index key: a rule's and a keyword's carry their language, FAQ
    answers and cards are published in the knowledge language only."""
    parts = key.split(":")
    if parts[0] == "rule" and len(parts) > 3:
        return parts[1], parts[3]
    if parts[0] == "keyword" and len(parts) > 2:
        return parts[1], parts[2]
    return (parts[1] if len(parts) > 1 else ""), KNOWLEDGE_LANGUAGE


def query_terms(plan, language: str) -> dict[str, float]:
    """Term -> weight: the question's own words, then the card words and synonyms."""
    out: dict[str, float] = {}
    for word, weight in [(w, weights.QUESTION_WORD_WEIGHT) for w in plan.words] + plan.extra:
        for term in word_counts.terms(word, language):
            out[term] = max(weight, out.get(term, 0.0))
    return out


def features(plan, candidates) -> list[tuple[float, ...]]:
    """One row of ``NAMES`` per candidate, in their order."""
    if not candidates:
        return []
    read: dict[tuple, _Scope] = {}  # counts and the question's terms per game and language
    raw = []
    for c in candidates:
        where = scope(c.key)
        if where not in read:
            read[where] = _Scope.of(plan, *where)
        raw.append(_score(plan, c, read[where], where[1]))
    top = max(row[0] for row in raw) or 1.0
    best = max(row[3] for row in raw) or 1.0
    return [(text / top, path, near, plain / best) for text, path, near, plain in raw]


@dataclass(frozen=True)
class _Scope:
    """What scoring a row of one game and language needs of the question."""

    counts: word_counts.WordCounts
    idf: dict[str, float]  # term -> its weight in the question times its rarity
    core: frozenset[str]  # the terms of the question's own words
    need: int  # how many of those a row must hold not to be demoted
    # The terms of the rules' words for a player's word (``weights.SYNONYM_WEIGHT``): they
    # may name the row's section instead ("dies" is *Kill*), as in both engines' retrieval.
    synonyms: frozenset[str]

    @classmethod
    def of(cls, plan, game: str, language: str) -> _Scope:
        counts = word_counts.counts(game, language)
        idf = {t: w * counts.idf(t) for t, w in query_terms(plan, language).items()}
        core = frozenset(t for w in plan.words for t in word_counts.terms(w, language))
        synonyms = frozenset(
            t
            for w, weight in plan.extra
            if weight >= weights.SYNONYM_WEIGHT
            for t in word_counts.terms(w, language)
        )
        return cls(counts, idf, core, min(plan.min_match, len(core)), synonyms)


def _plain(text: str, at: _Scope, language: str) -> float:
    """BM25 of the row's own text for the question's own words (``PLAIN_BM25``)."""
    found = word_counts.terms(text, language)
    if not found:
        return 0.0
    k1, b = weights.PLAIN_BM25["K1"], weights.PLAIN_BM25["B"]
    norm = k1 * (1 - b + b * len(found) / at.counts.mean_words)
    total = 0.0
    for term in at.core:
        tf = found.count(term)
        if tf:
            total += at.counts.idf(term) * tf * (k1 + 1) / (tf + norm)
    return total


def _score(plan, c, at: _Scope, language: str) -> tuple[float, float, float, float]:
    k1, b = weights.QUESTION_BM25["K1"], weights.QUESTION_BM25["B"]
    whole = sum(at.idf.values()) or 1.0
    asked = [_read(q, language)[0] for q in c.asked]
    # The bank's questions are part of the row (document expansion), as in both engines'
    # retrieval; its length is its own text's.
    words, length = _read(c.text, language)
    in_path = _read(c.path, language)[0]
    words = words.union(*asked, at.synonyms & in_path)
    norm = (k1 + 1) / (1 + k1 * (1 - b + b * length / at.counts.mean_words))
    text = sum(v for t, v in at.idf.items() if t in words) * norm
    text += weights.PHRASE_IDF * (
        weights.BIGRAM_WEIGHT * neighbours(c.text, plan.bigrams)
        + weights.PHRASE_WEIGHT * neighbours(c.text, plan.phrases)
    )
    if len(at.core & words) < at.need:
        text *= weights.FEW_WORDS_FACTOR
    path = sum(v for t, v in at.idf.items() if t in in_path) / whole
    near = max((sum(v for t, v in at.idf.items() if t in q) for q in asked), default=0.0)
    plain = _plain(c.text, at, language)
    return c.prior * text, c.prior * path, c.prior * near / whole, plain
