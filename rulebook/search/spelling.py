"""Typo correction: the respelling a query most likely meant, and whether to trust it.

Candidates are the index's own words, found by optimal string alignment distance (rapidfuzz's
``OSA``: a swap of two neighbouring letters is one edit, like a deletion, an insertion or a
substitution). Among candidates at the same distance the dictionary prefers the words of
keyword, heading and card names in the page's language (what players type), then the more
frequent word. A query that is one or two edits from a whole name becomes that name.

Only words of four letters or more are corrected, and only words the index lacks: shorter ones
are too often abbreviations, and a wrong correction is worse than none.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from rapidfuzz import process
from rapidfuzz.distance import OSA
from wordfreq import zipf_frequency

from ingest import languages
from ingest.languages import fold
from ingest.misprints import swapped
from rulebook.search import weights
from rulebook.search.lexicon import folded_name
from rulebook.search.query import clean

# The names a search of one kind of entry can mean (the lexicon's kinds of name); a search
# of rules can mean any name, a card's too (its rules are asked for by its name).
NAMED_BY = {"card": {"card"}, "keyword": {"keyword"}}
_WORD_RE = re.compile(r"[^\W\d_]+")


@dataclass
class Correction:
    text: str
    confident: bool  # safe to search instead of the query as typed


def max_edits(word: str) -> int:
    short, long = weights.MAX_EDITS
    return long if len(word) >= weights.LONG_WORD else short


def unknown_words(text: str, vocab: dict, shortest: int = weights.MIN_LENGTH) -> list[str]:
    """Folded words of ``text`` worth correcting: long enough, letters only, not indexed."""
    out = []
    for match in _WORD_RE.finditer(text):
        word = fold(match.group())
        if match.string[match.end() : match.end() + 1] == "*":
            continue  # a prefix search, not a misspelling
        if len(word) >= shortest and word not in vocab:
            out.append(word)
    return out


def slips(text: str, vocab: dict, preferred: dict) -> list[str]:
    """Folded words of ``text`` the index knows only as a slip in its own data: rare there,
    and two swapped neighbours away from a name word that is far more common ("deathnkell",
    once in the rules, beside "deathknell" in a hundred entries). Typed, they are the
    commonest typo of that name, and searching them as written finds only the slip."""
    out = []
    for match in _WORD_RE.finditer(text):
        word = fold(match.group())
        freq = vocab.get(word, ("", 0))[1]
        if len(word) < weights.SLIP_MIN_LENGTH or not freq or word in preferred:
            continue
        if freq > weights.SLIP_MAX_FREQ:
            continue
        names = swaps(word, preferred)
        if any(vocab.get(name, ("", 0))[1] >= weights.SLIP_RATIO * freq for name in names):
            out.append(word)
    return out


def common_word(word: str, language: str | None) -> bool:
    """A frequent word of the language ("wear", "twice"; wordfreq's Zipf scale), which a
    question holds for its own sake, not as a typo of a word the rules use ("wear" is no
    "gear"). The rules' vocabulary alone cannot tell: it lacks most of the language."""
    for code in languages.codes(language):
        try:
            if zipf_frequency(word, code, wordlist="small") >= weights.COMMON_ZIPF:
                return True
        except LookupError:  # a language wordfreq has no list for: no word is common
            continue
    return False


def swaps(word: str, names: dict) -> list[str]:
    """The name words ``word`` is two swapped neighbours away from ("joure" -> "jouer"):
    rapidfuzz finds those one edit away, the ingest's misprint check tells the swaps."""
    near = process.extract(word, list(names), scorer=OSA.distance, score_cutoff=1)
    return [name for name, _, _ in near if swapped(word, name)]


def correct(
    text: str,
    language,
    vocab: dict,
    lexicon,
    known=None,
    shortest: int = weights.MIN_LENGTH,
    kind=None,
) -> Correction | None:
    """The respelled query, or None when every word is known or nothing is close."""
    cleaned = clean(text)
    preferred = lexicon.words_in(language) if lexicon else {}
    unknown = [w for w in unknown_words(cleaned, vocab, shortest) if w not in preferred]
    if known is not None:
        unknown = [w for w in unknown if not known(w, language)]
    if language:  # across languages a slip in one is often a word of the other
        unknown += slips(cleaned, vocab, preferred)
    if not unknown:
        return None
    whole = whole_name(cleaned, language, lexicon, kind)
    if whole is not None:
        return whole
    choices = _choices(vocab, preferred)
    confident, changed = True, False

    def fix(match):
        nonlocal confident, changed
        word = match.group()
        folded = fold(word)
        if folded not in unknown:
            return word
        best, sure = _closest(folded, choices, vocab, preferred)
        if best is None or fold(best) == folded:
            confident = False
            return word
        changed, confident = True, confident and sure
        return best

    result = _WORD_RE.sub(fix, cleaned)
    return Correction(result, confident) if changed else None


def inflected(typed: str, name: str) -> bool:
    """Whether ``typed`` is ``name`` with endings added ("reactions", "shielded"), word for
    word: an inflection, not a slip. A word cut short ("Pit Cre") is a slip."""
    typed_words, name_words = folded_name(typed).split(), folded_name(name).split()
    if len(typed_words) != len(name_words):
        return False
    pairs = list(zip(typed_words, name_words, strict=True))
    return all(a.startswith(b) for a, b in pairs) and any(len(a) > len(b) for a, b in pairs)


def whole_name(cleaned: str, language, lexicon, kind=None) -> Correction | None:
    """A short query one or two edits from exactly one name ("Baited Hok" -> "Baited Hook"),
    among the names of the ``kind`` searched when one is: with ``kind=card``, "Reteat" is the
    card *Retreat*, not the keyword *Repeat* as far away."""
    key = _short_name(cleaned, lexicon)
    if not key:
        return None
    names = [n for n, named in lexicon.names_in(language).items() if _of_kind(named, kind)]
    found = process.extract(key, names, scorer=OSA.distance, score_cutoff=max_edits(key), limit=2)
    if not found or found[0][1] == 0:
        return None
    if len(found) > 1 and found[1][1] == found[0][1]:
        return None
    return Correction(lexicon.shown.get(found[0][0], found[0][0]), True)


def respaced_name(cleaned: str, language, lexicon, kind=None) -> Correction | None:
    """The one name a short query spells with its words joined or split otherwise ("back
    line" -> *Backline*, "death knell" -> *Deathknell*): every word is known, so no typo is
    seen, yet the query as typed misses the name and finds its words apart. None when the
    query is a name itself, or its letters spell no name or several."""
    key = _short_name(cleaned, lexicon)
    if not key:
        return None
    names = lexicon.names_in(language)
    spelt = lexicon.letters_in(language).get(key.replace(" ", ""), [])
    found = [n for n in spelt if _of_kind(names[n], kind)]
    if key in names or len(found) != 1:
        return None
    return Correction(lexicon.shown.get(found[0], found[0]), True)


def _short_name(cleaned: str, lexicon) -> str:
    """The query as the lexicon keys names, when it is short enough to be one; else ""."""
    key = folded_name(cleaned)
    return key if lexicon is not None and key and len(key.split()) <= weights.MAX_NAME_WORDS else ""


def _of_kind(named: str, kind) -> bool:
    """Whether a name of this kind of thing is one a search of ``kind`` can mean."""
    wanted = NAMED_BY.get(kind)
    return not wanted or named in wanted


def _closest(word: str, choices: list[str], vocab: dict, preferred: dict):
    """The best candidate's written form, and whether it clearly beats the runner-up."""
    found = process.extract(word, choices, scorer=OSA.distance, score_cutoff=max_edits(word))
    found = [f for f in found if f[0] != word]  # a slip (``slips``) is in the index itself
    if not found:
        return None, False

    letters = sorted(word)

    def rank(candidate):
        # At one edit, a candidate with the very same letters is a swap of two neighbours,
        # the commonest slip of the fingers: it goes before substitutions.
        cand, dist, _ = candidate
        swap = 0 if sorted(cand) == letters else 1
        return (dist, swap, 0 if cand in preferred else 1, -vocab.get(cand, ("", 0))[1], cand)

    ranked = sorted(found, key=rank)
    best = ranked[0][0]
    shown = vocab.get(best, (best, 0))[0] or best
    if len(ranked) == 1:
        return shown, True
    first, second = rank(ranked[0]), rank(ranked[1])
    sure = first[:3] < second[:3] or -first[3] >= weights.SURE_RATIO * max(1, -second[3])
    return shown, sure


_choices_cache: dict[int, tuple[dict, list[str]]] = {}
_choices_lock = threading.Lock()


def _choices(vocab: dict, preferred: dict) -> list[str]:
    """Every indexed word plus the name words (English card names on a French page)."""
    key = id(vocab)
    cached = _choices_cache.get(key)
    if cached is None or cached[0] is not vocab:
        with _choices_lock:
            if len(_choices_cache) > 8:
                _choices_cache.clear()
            cached = (vocab, sorted(set(vocab) | set(preferred)))
            _choices_cache[key] = cached
    return cached[1]
