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

from rulebook.search import encoder, get_backend, meaning, nearest, run_search
from rulebook.search.base import SearchQuery, row_text

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
    """Load the vectors, read every rule row's word vectors, and run the probes, unscoped
    and then within each game (a game's pages search within it: its filter is read here);
    True when every step ran. About two seconds per worker on the Riftbound corpus, and the
    first question after a start then costs about what the hundredth does."""
    meaning.load()
    if nearest.enabled():
        encoder.session(1)  # the weights, and the network a question runs on
    ok = _read_rules()
    for game in [None, *_games()]:
        for language, text in PROBES:
            try:
                run_search(SearchQuery(text=text, language=language, game=game, per_page=10))
            except Exception:  # no database, no index yet: the first request will say so
                logger.info("search warm-up skipped (%s)", language, exc_info=True)
                ok = False
    return ok


def _read_rules() -> bool:
    """Every default version's rules, read from the database once for both vector models:
    their rows through the word vectors (in the languages those read), which questions
    would otherwise embed on a player's time, and the encoder's shelf. About a second per
    worker on the Riftbound corpus."""
    from rulebook.search.entries import default_rule_entries

    try:
        entries = list(default_rule_entries())
        meaning.preload(row_text(e.path, e.text) for e in entries if meaning.reads(e.language))
        if nearest.enabled():
            nearest.shelf(get_backend().generation(), entries)
    except Exception:  # no database or index yet: the probes say so too
        logger.info("search warm-up: no rules to read", exc_info=True)
        return False
    return True


def _games() -> list[str]:
    from rulebook.models import Game

    try:
        return list(Game.objects.values_list("slug", flat=True))
    except Exception:  # no database yet: the unscoped probes say so
        return []


def settle() -> None:
    """Put what the worker has loaded out of the garbage collector's sight: it lives as long
    as the worker, and a full collection walking it (a hundred thousand objects: the lexicon,
    the caches, the vectors) fell on some player's request. The warm first question took
    about 190 ms with it and 90 ms without (``benchmarks/first_search.py``)."""
    gc.collect()
    gc.freeze()
