"""How rare each word is in a game's rules: one count that every engine's rows are scored with.

The question ranking (``rerank``) scores an engine's candidate rows again with BM25 in Python.
Its inverse document frequencies must not come from the engine: Whoosh counts a word per field
and per shelf, PostgreSQL per lexeme of its own stemmer, so the same row would score
differently on each. These counts are read from the database instead, the same rows for both:
the rule texts of each document's newest version, per game and language, counted on each
word's stem (``terms``: Snowball, through PyStemmer, for the languages the language table
gives an algorithm; the first letters of the folded word for the others). They are read once
per data generation (an ingest bumps it), in about a tenth of a second for the real Core
Rules, and ``warmup``'s probes read the served games' before a worker's first request.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from dataclasses import dataclass

import Stemmer

from ingest.languages import fold
from rulebook import languages
from rulebook.search import weights

_WORD_RE = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class WordCounts:
    rows: int  # rule texts counted
    mean_words: float  # their mean length, in words
    counts: dict[str, int]  # term (``terms``) -> how many of the texts hold it

    def idf(self, term: str) -> float:
        """BM25's inverse document frequency, never negative; a word no rule holds weighs
        as the rarest do."""
        df, s = self.counts.get(term, 0), weights.IDF_SMOOTHING
        return math.log(1 + (self.rows - df + s) / (df + s))


EMPTY = WordCounts(0, 1.0, {})


@functools.cache  # one stemmer per language and process (PyStemmer's are not shared)
def _stemmer(language: str):
    row = languages.get(language)
    return Stemmer.Stemmer(row.snowball) if row and row.snowball else None


@functools.lru_cache(maxsize=65536)  # rows recur across questions
def terms(text: str, language: str) -> tuple[str, ...]:
    """The text's words as the question ranking compares them: "played" and "plays" both
    "play", « jouée » « jou »; in a language without an algorithm, the first letters
    (``weights.PREFIX``) of each word. Words are folded before they are stemmed: a query's
    words arrive folded (``understand``), and a row's must meet them alike."""
    words = _WORD_RE.findall(fold(text))
    stemmer = _stemmer(language)
    if stemmer is None:
        return tuple(w[: weights.PREFIX] for w in words)
    return tuple(stemmer.stemWords(words))


@functools.lru_cache(maxsize=32768)  # rows recur across questions
def keys(text: str, language: str | None) -> frozenset[str]:
    """The first ``weights.PREFIX`` letters of each word's stem, as the question ranking and
    the lexicon compare words: "cards" meets "card" and « cartes » « carte », which five
    letters alone keep apart; "damaged" still meets "damage"."""
    return frozenset(t[: weights.PREFIX] for t in terms(text, language or ""))


def counts(game: str, language: str) -> WordCounts:
    """The counts of ``game``'s rules in ``language``, kept while the data generation holds."""
    from rulebook.models import DataGeneration

    return DataGeneration.kept(f"word-counts:{game}:{language}", lambda: _count(game, language))


def _count(game: str, language: str) -> WordCounts:
    from rulebook.models import Document, Rule

    newest = {}
    documents = Document.objects.filter(game__slug=game, language=language).order_by("version")
    for pk, kind in documents.values_list("pk", "kind"):
        newest[kind] = pk  # oldest first: the newest version of each kind stays
    texts = Rule.objects.filter(document_id__in=newest.values()).values_list("text", flat=True)
    held, rows, words = Counter(), 0, 0
    for text in texts.iterator(chunk_size=2000):
        found = terms(text, language)
        held.update(set(found))
        rows, words = rows + 1, words + len(found)
    return WordCounts(rows, words / rows if rows else 1.0, dict(held)) if rows else EMPTY
