"""Defined terms: which rule defines each game term, and where a text mentions one.

Terms come from the document itself, never from a hand list: a heading names what its section
defines ("Wardens"), and a few definition shapes name a term inside a rule ("Term: …", "is
said to be in a Term", "est dit dans un …"). Rule text writes terms inflected ("Chains",
"phases d'action"), so each term is matched in its plural and, in French, agreement forms
too. Single words match only capitalised as written, as the rules capitalise game terms
("Chain", not "chain")."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

import ahocorasick

_EN_TERM = r"(?P<term>[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,3})"
_FR_WORD = r"[\w'’-]+"
_FR_TERM = rf"(?P<term>{_FR_WORD}(?: (?:de |d['’])?{_FR_WORD}){{0,2}}?)"
_FR_END = r"(?=\s*[.,;:)»]|\s+(?:si|lorsque|quand|et|ou|pendant)\b)"

# Definition shapes per language: what turns a sentence into the definition of its term.
DEFINITION_PATTERNS: dict[str, tuple[str, ...]] = {
    "en": (
        rf"^{_EN_TERM}\s?:\s",
        rf"\bsaid to be (?:in )?(?:a |an |the )?{_EN_TERM}",
        rf"\b(?:is|are) (?:called|known as) (?:the |a |an )?{_EN_TERM}",
        rf"^(?:An? |The )?{_EN_TERM} (?:is|are) (?:the|a|an) ",
    ),
    "fr": (
        r"^(?P<term>[A-ZÀ-Ý][\w'’-]*(?: [\w'’-]+){0,3}?)\s?:\s",
        rf"\btour est (?:dit )?dans (?:un|une|l['’]) ?{_FR_TERM}{_FR_END}",
        rf"\b(?:appelée?s?|nommée?s?) (?:le |la |les |l['’])?{_FR_TERM}{_FR_END}",
    ),
}
# Endings a term's words take in running text: plurals, and French agreement.
INFLECTIONS: dict[str, tuple[str, ...]] = {"en": ("s", "es"), "fr": ("s", "x", "e", "es")}
MAX_WORDS = 4
# Articles a captured term sheds ("The Chain", "Des coûts de base"), and words no term starts
# with: a sentence that opens "This is a…" or "On Cards:" defines nothing.
LEADING_ARTICLES: dict[str, str] = {
    "en": r"^(?:the|an?) ",
    "fr": r"^(?:les?|la|l['’]|une?|des|du) ?",
}
NOT_TERMS: dict[str, frozenset[str]] = {
    "en": frozenset("this that these those it there each all any some on in if when".split()),
    "fr": frozenset("ce cet cette ces il elle ils elles sur dans si de d quand".split()),
}


@dataclass(frozen=True)
class Definition:
    term: str
    number: str


@dataclass(frozen=True)
class Row:
    """What finding definitions needs of a rule: its number, text and heading level."""

    number: str
    text: str
    heading_level: int = 0


def heading_term(text: str) -> str:
    """Step headings read "1. Declare the Rite"; the term is what follows the step number."""
    head, _sep, tail = text.partition(". ")
    return tail if head.isdigit() and tail else text


def definitions(rows, language: str) -> list[Definition]:
    """The first rule (in reading order) that defines each term; chapters define nothing."""
    patterns = [re.compile(p) for p in DEFINITION_PATTERNS.get(language, ())]
    found: dict[str, Definition] = {}
    for row in rows:
        if row.heading_level == 1:
            continue
        if row.heading_level:
            terms = [heading_term(row.text).strip()]
        else:
            terms = [m["term"] for p in patterns for m in p.finditer(row.text)]
        for term in terms:
            term = _clean(term, language)
            if term:
                found.setdefault(fold(term), Definition(term, row.number))
    return list(found.values())


def _clean(term: str, language: str) -> str:
    """The term without its article, or "" when it cannot be a term."""
    term = " ".join(term.split())
    article = LEADING_ARTICLES.get(language)
    if article:
        term = re.sub(article, "", term, count=1, flags=re.IGNORECASE)
    words = term.split()
    first = re.split(r"['’]", words[0])[0].lower() if words else ""
    if not words or term[0].isdigit() or len(words) > MAX_WORDS:
        return ""
    return "" if first in NOT_TERMS.get(language, ()) else term


def fold(text: str) -> str:
    """Lower case that keeps every offset (a character whose lower case grows stays as is)."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


def _stems(word: str, language: str) -> set[str]:
    endings = INFLECTIONS.get(language, ("s",))
    stems = {word}
    for ending in sorted(endings, key=len, reverse=True):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            stems.add(word[: -len(ending)])
            break
    return stems


def forms(term: str, language: str) -> set[str]:
    """The term as written, singular and plural, with French agreement on every word."""
    words = term.split()
    endings = ("", *INFLECTIONS.get(language, ("s",)))
    every_word = language == "fr"
    options = []
    for index, word in enumerate(words):
        if (every_word or index == len(words) - 1) and len(word) > 2:
            options.append({stem + e for stem in _stems(word, language) for e in endings})
        else:
            options.append({word})
    return {" ".join(combo) for combo in itertools.product(*options)}


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


class TermMatcher:
    """Every form of every defined term in one automaton, built once per document."""

    def __init__(self, defs: list[Definition], language: str):
        self.definitions = tuple(defs)
        self.automaton = ahocorasick.Automaton()
        for definition in defs:
            single = " " not in definition.term
            for form in forms(definition.term, language):
                if single and not form[:1].isupper():
                    continue
                key = fold(form)
                if key not in self.automaton:
                    self.automaton.add_word(key, (len(key), definition, form if single else None))
        self.empty = len(self.automaton) == 0
        if not self.empty:
            self.automaton.make_automaton()

    def _candidates(self, text: str):
        for last, (length, definition, exact) in self.automaton.iter(fold(text)):
            start, end = last - length + 1, last + 1
            if start > 0 and _is_word(text[start - 1]) or end < len(text) and _is_word(text[end]):
                continue
            if exact is not None and text[start:end] != exact:
                continue
            yield start, end, definition

    def spans(self, text: str, own_number: str = "", taken=()) -> list[tuple[int, int, str]]:
        """(start, end, defining number) of each term's first mention, longest match first,
        never overlapping ``taken`` (existing links) nor pointing at ``own_number``."""
        if self.empty:
            return []
        found = sorted(self._candidates(text), key=lambda c: (-(c[1] - c[0]), c[0]))
        blocked = list(taken)
        chosen: dict[str, tuple[int, int, str]] = {}
        for start, end, definition in found:
            if any(start < b and end > a for a, b in blocked):
                continue
            blocked.append((start, end))
            if definition.number == own_number:
                continue
            key = fold(definition.term)
            if key not in chosen or start < chosen[key][0]:
                chosen[key] = (start, end, definition.number)
        return sorted(chosen.values())
