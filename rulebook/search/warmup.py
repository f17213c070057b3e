"""Everything search reads, loaded before a worker's first request.

A worker's first search used to load the word vectors, the lexicon (every name, heading and
card of the data generation), the index's readers and the question analysers on the
player's time: 0.7-3.7 s. A server runs ``prepare`` as each worker starts
(``rulebook.wsgi``), so the first search costs what the hundredth does. Nothing here may stop
a worker from starting: without data or an index there is nothing to warm.
"""

from __future__ import annotations

import gc
import logging

from rulebook.search import encoder, meaning, nearest, run_search
from rulebook.search.base import SearchQuery

logger = logging.getLogger(__name__)
# One search of each shape, in each language: a short name-like query and a question,
# which between them open every reader, analyser and cache a search uses.
PROBES = (
    ("en", "rules"),
    ("en", "what happens when a card is played"),
    ("fr", "règles"),
    ("fr", "que se passe-t-il quand une carte est jouée"),
)


def prepare() -> bool:
    """Load the vectors and run the probes; True when every probe ran."""
    meaning.load()
    if nearest.enabled():
        encoder.load()
    ok = True
    for language, text in PROBES:
        try:
            run_search(SearchQuery(text=text, language=language, per_page=10))
        except Exception:  # no database, no index yet: the first request will say so
            logger.info("search warm-up skipped (%s)", language, exc_info=True)
            ok = False
    return ok


def settle() -> None:
    """Put what the worker has loaded out of the garbage collector's sight: it lives as long
    as the worker, and a full collection walking it (a hundred thousand objects: the lexicon,
    the caches, the vectors) fell on some player's request. The warm first question took
    about 190 ms with it and 90 ms without (``benchmarks/first_search.py``)."""
    gc.collect()
    gc.freeze()
