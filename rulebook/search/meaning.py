"""How near a question's meaning is to a row's, for the question rerank.

Every other ranking signal counts shared words, and a player's question often shares none
with the rule that answers it: the player asks whether a tired unit may guard, the rule says
an exhausted unit cannot be assigned as a blocker. Word vectors meet there. WordLlama's are
token embeddings distilled from a large language model and averaged per text, so a row costs
a lookup and a sum, not a network pass: a hundred rows take about a millisecond on the CPU,
and the weights ship inside the wheel, so nothing is downloaded, ever.

The vectors were learned from English text. On French rows they scored worse than no vector
at all in the rerank's training, so only the languages in ``READS`` are read; for the others
every similarity is 0 and the rerank ranks as it did without them.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path

import numpy

READS = frozenset({"en"})
CACHE_SIZE = 50_000  # row vectors kept per process (1 KB each): the best rows recur
_vectors: dict[str, object] = {}
_lock = threading.Lock()


def reads(language: str | None) -> bool:
    """Whether the vectors can read a query in ``language``: a query of no stated language
    (the API's default) is most likely English, the language of most of the data."""
    return language is None or language in READS


@functools.cache
def load():
    """The vectors, loaded once per process: about a quarter of a second, which a server
    pays as it starts (``rulebook.wsgi``), not on a player's first question."""
    import wordllama
    from wordllama import WordLlama

    # load() looks for the tokenizer the wheel ships under a folder name it does not use and
    # would then try the network: pointing its cache at the package finds both files.
    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


def forget() -> None:
    """Drop every cached row vector (a test's fresh start)."""
    with _lock:
        _vectors.clear()


def preload(texts, batch: int = 256) -> int:
    """Embed ``texts`` into the row cache before any question meets them, in batches, until
    the cache is full; how many were added. A worker's first questions otherwise embed
    their rows on the player's time (30-70 ms of the first question after a start)."""
    fresh = [t for t in dict.fromkeys(texts) if t not in _vectors]
    room = max(0, CACHE_SIZE - len(_vectors))
    fresh = fresh[:room]
    for start in range(0, len(fresh), batch):
        chunk = fresh[start : start + batch]
        vectors = _embed(chunk)
        with _lock:
            _vectors.update(zip(chunk, vectors, strict=True))
    return len(fresh)


def _embed(texts: list[str]):
    """Unit vectors of ``texts``, one row each. A text with no token the vectors know (an
    empty row, a lone symbol) has a zero vector, whose normalised form is NaN: left so here,
    and read as near nothing by ``similarities``."""
    with numpy.errstate(invalid="ignore", divide="ignore"):
        return load().embed(texts, norm=True)


def similarities(question: str, texts: list[str]) -> list[float]:
    """Cosine similarity of ``question`` to each of ``texts`` (-1 to 1; 0 for a text or a
    question with nothing to read), in their order. Row vectors are cached, the uncached ones
    embedded in one batch; the cached ones are taken first, so a cache another thread clears
    meanwhile loses nothing."""
    if not texts:
        return []
    found = {t: v for t in texts if (v := _vectors.get(t)) is not None}
    missing = [t for t in dict.fromkeys(texts) if t not in found]
    if missing:
        fresh = dict(zip(missing, _embed(missing), strict=True))
        found.update(fresh)
        with _lock:
            if len(_vectors) + len(fresh) > CACHE_SIZE:
                _vectors.clear()
            _vectors.update(fresh)
    near = numpy.stack([found[t] for t in texts]) @ _question(question)
    return numpy.nan_to_num(near, nan=0.0).tolist()


@functools.lru_cache(maxsize=256)  # a question meets its rows twice (``ranking.rules_apart``)
def _question(question: str):
    return _embed([question])[0]
