"""Scoring pieces for the Whoosh backend: BM25 statistics per shelf, and a counting collector.

Whoosh computes a term's IDF and a field's mean length over every document of the index, even
those that lack the field. With each language's text split over shelves (newest versions,
FAQ, older versions: see ``whoosh_schema``), those statistics must be counted over the
shelf's own entries, or a French row would be scored as if every English entry were a short
French one.
"""

from __future__ import annotations

from math import log

from whoosh import collectors, scoring

from rulebook.search import weights
from rulebook.search.whoosh_schema import FAQ_SHELF


class ShelfBM25F(scoring.BM25F):
    """BM25F whose document count and mean field length are those of the field's shelf."""

    def __init__(self, sizes: dict[str, int], **kwargs):
        super().__init__(**kwargs)
        self.sizes = sizes

    def _size(self, searcher, fieldname) -> int:
        return self.sizes.get(fieldname.partition("_")[2]) or searcher.doc_count_all() or 1

    def idf(self, searcher, fieldname, text):
        parent = searcher.get_parent()
        n = parent.doc_frequency(fieldname, text)
        return log(self._size(parent, fieldname) / (n + 1)) + 1

    def scorer(self, searcher, fieldname, text, qf=1):
        if not searcher.schema[fieldname].scorable:
            return scoring.WeightScorer.for_(searcher, fieldname, text)
        parent = searcher.get_parent()
        # Lengths are measured against the language's rule text, FAQ answers included: a long
        # answer that holds one word of a question must not outrank the rule that answers it.
        field = fieldname.removesuffix(f"_{FAQ_SHELF}")
        mean = parent.field_length(field) / self._size(parent, field)
        return ShelfScorer(searcher, fieldname, text, self.B, self.K1, mean or 1, qf=qf)


class ShelfScorer(scoring.BM25FScorer):
    def __init__(self, searcher, fieldname, text, B, K1, avgfl, qf=1):  # noqa: N803 (Whoosh's)
        self.idf = searcher.get_parent().idf(fieldname, text)
        self.avgfl = avgfl
        self.B, self.K1, self.qf = B, K1, qf
        self.setup(searcher, fieldname, text)


def counted_search(searcher, q, flt: set[int], limit: int):
    """The best ``limit`` matches and their exact count, in one walk of the postings.

    Whoosh's default collector skips low-quality blocks, so asking it for the count walks
    every match a second time; this one visits each match once and counts as it goes (no
    matcher replacement either, which would drop optional clauses from the count). A
    question's wide OR of weighted words is faster so too: in pure Python, the skipping and
    replacing cost more than they saved (questions p95 90 -> 64 ms)."""
    top = collectors.TopCollector(limit, usequality=False, replace=0)
    collector = collectors.FilterCollector(top, allow=flt)
    searcher.search_with_collector(q, collector)
    return collector.results()


def scored_window(searcher, q, flt: set[int], window: int, lower: set[int]):
    """The match count, and the best ``window`` matches of a name-like query reranked by
    entry boost, the entries of ``lower`` (unnamed keyword pages, cards, FAQ answers) by
    ``weights.UNNAMED_KNOWLEDGE`` too.

    Scoring only a window (not every match) keeps OR queries over common words cheap;
    boosts are small factors, so an entry outside the raw top few hundred never belongs
    on the first pages anyway."""
    if not flt:  # Whoosh reads an empty filter as "no filter"; here it means "nothing"
        return 0, []
    found = counted_search(searcher, q, flt, window)
    boosts = searcher.reader().column_reader("boost")
    unnamed = weights.UNNAMED_KNOWLEDGE["whoosh"]
    boosted = [
        (score * (boosts[d] or 1.0) * (unnamed if d in lower else 1.0), d)
        for score, d in found.top_n
    ]
    return len(found), sorted(boosted, key=lambda pair: (-pair[0], pair[1]))
