"""Cross-language search through the glossary: a query's terms named in every language.

"reaction" on a French page finds the pair Reaction ↔ Réaction, so the search can look for
« Réaction » in French and for the English-only FAQ rulings about Reaction.
"""

from __future__ import annotations

import re

from ingest.languages import fold
from rulebook.kinds import CORE_RULES
from rulebook.models.glossary import glossary_pairs


def expansion_terms(game_slug: str | None, text: str, pairs=None) -> list[str]:
    """Every language's names of the glossary terms found in a query.

    Matching is on accent-folded whole words (plural "s" allowed), so "reaction" finds the pair
    Reaction ↔ Réaction and "favorite" does not trigger "Rite". ``pairs`` (the lexicon's
    cached glossary) saves reading the glossary again.
    """
    folded = fold(text)
    out: dict[str, str] = {}  # folded -> as written; Reaction and Réaction fold alike
    if pairs is None:
        pairs = glossary_pairs(game_slug, CORE_RULES)
    for entry in pairs:
        names = [name for name in entry if name]
        if any(_word_in(fold(name), folded) for name in names):
            for name in names:
                out.setdefault(fold(name), name)
    return list(out.values())


def _word_in(term: str, folded_text: str) -> bool:
    return bool(term) and re.search(rf"(?<!\w){re.escape(term)}s?(?!\w)", folded_text) is not None
