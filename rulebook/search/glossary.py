"""Cross-language search through the glossary: a query's terms named in every language.

"reaction" on a French page finds the pair Reaction ↔ Réaction, so the search can look for
« Réaction » in French and for the English-only FAQ rulings about Reaction.
"""

from __future__ import annotations

import ahocorasick

from ingest.languages import fold
from rulebook.kinds import CORE_RULES
from rulebook.models.glossary import glossary_pairs


def expansion_terms(game_slug: str | None, text: str, pairs=None) -> list[str]:
    """Every language's names of the glossary terms found in a query.

    Matching is on accent-folded whole words (plural "s" allowed), so "reaction" finds the pair
    Reaction ↔ Réaction and "favorite" does not trigger "Rite". ``pairs`` (the lexicon's
    cached glossary) saves reading the glossary again, and its automaton is built once.
    """
    if pairs is None:
        pairs = glossary_pairs(game_slug, CORE_RULES)
    index = _index_of(pairs)
    folded = fold(text)
    out: dict[str, str] = {}  # folded -> as written; Reaction and Réaction fold alike
    found = sorted({i for start, end, i in _found(index, folded) if _whole(folded, start, end)})
    for position in found:
        for name in pairs[position]:
            if name:
                out.setdefault(fold(name), name)
    return list(out.values())


_LAST: list = [None, None]  # [pairs, automaton]: the lexicon's glossary, indexed once


def _index_of(pairs) -> ahocorasick.Automaton | None:
    """An automaton of every folded name, each naming the glossary entries it belongs to."""
    if _LAST[0] is not pairs:
        automaton = ahocorasick.Automaton()
        for position, entry in enumerate(pairs):
            for name in {fold(n) for n in entry if n} - {""}:
                automaton.add_word(name, (*automaton.get(name, ()), (position, len(name))))
        if len(automaton):
            automaton.make_automaton()
        _LAST[:] = [pairs, automaton if len(automaton) else None]
    return _LAST[1]


def _found(index, folded: str):
    """(start, end, entry position) of every name in the text, whole word or not."""
    if index is None:
        return
    for last, entries in index.iter(folded):
        for position, length in entries:
            yield last + 1 - length, last + 1, position


def _whole(folded: str, start: int, end: int) -> bool:
    """A whole word, or a whole word plus a plural "s"."""
    if start > 0 and _is_word(folded[start - 1]):
        return False
    if end < len(folded) and folded[end] == "s":
        end += 1
    return end >= len(folded) or not _is_word(folded[end])


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"
