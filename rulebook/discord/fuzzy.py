"""Names ranked for what someone typed: exact, then prefix, then word start, then typos.

People type in chat as they speak: "reacton", "yasou", "celerite". RapidFuzz scores the
typos; accents and case are folded first so a French name is found without its accents.
"""

from __future__ import annotations

import functools
import unicodedata

from rapidfuzz import fuzz, process

TYPO_CUTOFF = 75


@functools.lru_cache(maxsize=16384)  # the same names are folded on every keystroke
def fold(text: str) -> str:
    """Lower case without accents or extra spaces: "Célérité" -> "celerite"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).lower().split())


def rank(query: str, names: list[str], limit: int = 25) -> list[str]:
    """The names that fit ``query`` best, best first; all of them (in order) for no query."""
    names = list(dict.fromkeys(names))
    wanted = fold(query)
    if not wanted:
        return names[:limit]
    folded = [fold(n) for n in names]
    exact = [n for n, f in zip(names, folded, strict=True) if f == wanted]
    prefix = [n for n, f in zip(names, folded, strict=True) if f.startswith(wanted)]
    words = [
        n
        for n, f in zip(names, folded, strict=True)
        if any(w.startswith(wanted) for w in f.replace(",", " ").split())
    ]
    typos = [
        names[index]
        for _match, _score, index in process.extract(
            wanted, folded, scorer=fuzz.WRatio, limit=limit, score_cutoff=TYPO_CUTOFF
        )
    ]
    return list(dict.fromkeys([*exact, *prefix, *words, *typos]))[:limit]


def best(query: str, names: list[str]) -> str | None:
    """The one name ``query`` most likely means, or None when nothing is close."""
    found = rank(query, names, limit=1)
    return found[0] if found else None
