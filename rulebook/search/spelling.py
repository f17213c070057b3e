""" "Did you mean": the respelling logic shared by backends, which only supply the lexicon.

Only words of four letters or more are corrected: shorter ones are too often legitimate
abbreviations, and a wrong correction is worse than none.
"""

from __future__ import annotations

import re

from ingest.languages import fold
from rulebook.search.text import clean

MIN_LENGTH = 4


def respell(text: str, known, closest) -> str | None:
    """``text`` with each unknown word replaced by ``closest(word)``; None when unchanged.

    ``known(folded_word) -> bool`` and ``closest(folded_word) -> str | None`` come from the
    backend's vocabulary.
    """
    cleaned = clean(text)
    changed = False

    def fix(match):
        nonlocal changed
        word = match.group()
        folded = fold(word)
        if match.string[match.end() : match.end() + 1] == "*":
            return word  # a prefix search, not a misspelling
        if len(folded) < MIN_LENGTH or not folded.isalpha() or known(folded):
            return word
        better = closest(folded)
        if better and fold(better) != folded:
            changed = True
            return better
        return word

    result = re.sub(r"[^\W\d_]+", fix, cleaned)
    return result if changed else None
