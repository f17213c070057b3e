"""Defined terms: which rule defines each game term, and where a text mentions one.

Terms come from the document itself, never from a hand list: a heading names what its section
defines ("Wardens"), and a few definition shapes name a term inside a rule ("Term: …", "is
said to be in a Term", "est dit dans un …"). Rule text writes terms inflected ("Chains",
"phases d'action"), so each term is matched in its plural and, in French, agreement forms
too. Single words match only in the case the rules define them: English capitalises game terms
("Chain", not "chain"), French defines them in lower case ("la focalisation est…")."""

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
        rf"^{_EN_TERM}\s?:\s(?!\d)",  # "Victory Score: 8" gives a value, not what it is
        rf"\bsaid to be (?:in )?(?:a |an |the )?{_EN_TERM}",
        rf"\b(?:is|are) (?:called|known as) (?:the |a |an )?{_EN_TERM}",
        rf"^(?:An? |The )?{_EN_TERM} (?:is|are) (?:the|a|an) ",
    ),
    "fr": (
        r"^(?P<term>[A-ZÀ-Ý][\w'’-]*(?: [\w'’-]+){0,3}?)\s?:\s(?!\d)",
        rf"\btour est (?:dit )?dans (?:une? |l['’] ?){_FR_TERM}{_FR_END}",
        rf"\b(?:appelée?s?|nommée?s?) (?:le |la |les |l['’])?{_FR_TERM}{_FR_END}",
        rf"^(?:La |Le |L['’])(?P<term>{_FR_WORD}(?: (?:de |du |d['’])?{_FR_WORD}){{0,2}}?)"
        r" est (?:la|le|l['’]|une?) ",
        # « Être contesté est un état… »: French names a state by its infinitive, as English
        # writes "Contested is a temporary status".
        rf"^[ÊE]tre (?P<term>{_FR_WORD}) est (?:la|le|l['’]|une?) ",
    ),
}
# Endings a term's words take in running text: plurals, and French agreement.
INFLECTIONS: dict[str, tuple[str, ...]] = {"en": ("s", "es"), "fr": ("s", "x", "e", "es")}
# Languages whose names end with their head word ("Rune Abilities" are Abilities).
COMPOUND_LANGUAGES = frozenset({"en"})
MAX_WORDS = 4
# Articles a captured term sheds ("The Chain", "Des coûts de base"), and words no term starts
# with: a sentence that opens "This is a…" or "On Cards:" defines nothing.
LEADING_ARTICLES: dict[str, str] = {
    "en": r"^(?:the|an?) ",
    # « l'état », « l' état »: an elided article may touch the word; the others stand apart
    # (« Description », « Unité » and « Lames » keep their first letters).
    "fr": r"^(?:(?:les?|la|une?|des|du) |l['’] ?)",
}
# A verb a "Term:" label may end with before its list (« Les caractéristiques copiables
# sont : Nom, … »): the term is what comes before it.
TRAILING_VERBS: dict[str, frozenset[str]] = {
    "en": frozenset({"is", "are"}),
    "fr": frozenset({"est", "sont"}),
}
NOT_TERMS: dict[str, frozenset[str]] = {
    "en": frozenset("this that these those it there each all any some on in if when".split()),
    "fr": frozenset(
        "ce cet cette ces il elle ils elles sur dans si de d quand terme mot-clé fait".split()
    ),
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


@dataclass(frozen=True)
class Candidate:
    """One place that defines a term: row ``index`` in reading order, a heading or a sentence."""

    term: str
    index: int
    heading: bool


def candidates(rows: list[Row], language: str):
    """Every place a term is defined, in reading order; chapters define nothing."""
    patterns = [re.compile(p) for p in DEFINITION_PATTERNS.get(language, ())]
    for index, row in enumerate(rows):
        if row.heading_level == 1:
            continue
        if row.heading_level:
            found = [heading_term(row.text).strip()]
        else:
            found = [m["term"] for p in patterns for m in p.finditer(row.text)]
        for term in found:
            term = _clean(term, language)
            if term:
                yield Candidate(term, index, bool(row.heading_level))


def definitions(rows, language: str) -> list[Definition]:
    """The first rule (in reading order) that defines each term; chapters define nothing."""
    rows = list(rows)
    found: dict[str, Definition] = {}
    for candidate in candidates(rows, language):
        found.setdefault(
            fold(candidate.term), Definition(candidate.term, rows[candidate.index].number)
        )
    return list(found.values())


def _clean(term: str, language: str) -> str:
    """The term without its article, or "" when it cannot be a term."""
    term = " ".join(term.split())
    article = LEADING_ARTICLES.get(language)
    if article:
        term = re.sub(article, "", term, count=1, flags=re.IGNORECASE)
    words = without_trailing_verb(term.split(), language)
    term = " ".join(words)
    first = re.split(r"['’]", words[0])[0].lower() if words else ""
    if not words or term[0].isdigit() or len(words) > MAX_WORDS:
        return ""
    return "" if first in NOT_TERMS.get(language, ()) else term


def without_trailing_verb(words: list[str], language: str) -> list[str]:
    """A label's words without the verb it may end with before its list (``TRAILING_VERBS``);
    search reads "Term:" labels with this too, so both name the same term."""
    if len(words) > 1 and words[-1].lower() in TRAILING_VERBS.get(language, ()):
        return words[:-1]
    return words


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
        # Each term as written first: "Counters" is the heading "Counters" before it is the
        # plural of "Counter".
        written = [(d, [d.term]) for d in defs]
        for definition, written_forms in [*written, *((d, forms(d.term, language)) for d in defs)]:
            single = " " not in definition.term
            capitalised = definition.term[:1].isupper()
            for form in written_forms:
                if single and form[:1].isupper() != capitalised:
                    continue
                key = fold(form)
                if key not in self.automaton:
                    self.automaton.add_word(key, (len(key), definition, form if single else None))
        self.empty = len(self.automaton) == 0
        if not self.empty:
            self.automaton.make_automaton()
        self.heads = compound_heads(defs, language)

    def mentions(self, text: str):
        """(start, end, definition) of every written form of every term, overlaps included."""
        if self.empty:
            return
        for last, (length, definition, exact) in self.automaton.iter(fold(text)):
            start, end = last - length + 1, last + 1
            if start > 0 and _is_word(text[start - 1]) or end < len(text) and _is_word(text[end]):
                continue
            if exact is not None and text[start:end] != exact:
                continue
            yield start, end, definition

    def spans(self, text: str, never=(), taken=()) -> list[tuple[int, int, str]]:
        """(start, end, defining number) of the first mention of each defining rule, longest
        match first, never overlapping ``taken`` (existing links) nor pointing at a number of
        ``never`` (the rule being read and the rules around it; one number may be given)."""
        if self.empty:
            return []
        never = {never} if isinstance(never, str) else set(never)
        found = sorted(self.mentions(text), key=lambda c: (-(c[1] - c[0]), c[0]))
        blocked = list(taken)
        kept = []
        for start, end, definition in found:
            if not any(start < b and end > a for a, b in blocked):
                blocked.append((start, end))
                kept.append((start, end, definition))
        chosen: dict[str, tuple[int, int, str]] = {}
        for start, end, definition in self._compounds(text, sorted(kept, key=lambda c: c[0])):
            if definition.number not in never and definition.number not in chosen:
                chosen[definition.number] = (start, end, definition.number)
        return sorted(chosen.values())

    def _compounds(self, text: str, kept: list) -> list:
        """Two single-word terms written as one name ("Rune Abilities", like "Triggered
        Abilities") are one mention of the second: the kind of thing it names."""
        out: list = []
        for start, end, definition in kept:
            if out and self.heads and fold(text[start:end]) in self.heads:
                first, last, before = out[-1]
                if text[last:start] == " " and " " not in before.term:
                    out[-1] = (first, end, definition)
                    continue
            out.append((start, end, definition))
        return out


def compound_heads(defs, language: str) -> frozenset[str]:
    """Words that end several defined names ("Abilities" in "Triggered Abilities", "Passive
    Abilities"), in every written form: a term written after another term names a kind of
    them. Only where a name's last word is its head (English)."""
    if language not in COMPOUND_LANGUAGES:
        return frozenset()
    last_words: dict[str, int] = {}
    for definition in defs:
        words = definition.term.split()
        if len(words) > 1:
            last_words[fold(words[-1])] = last_words.get(fold(words[-1]), 0) + 1
    heads = {word for word, count in last_words.items() if count > 1}
    singles = [d.term for d in defs if " " not in d.term and fold(d.term) in heads]
    return frozenset(fold(form) for term in singles for form in forms(term, language))


class Edition:
    """One language's edition of a document, as pairing its terms with another's needs it."""

    def __init__(self, rows, language: str):
        self.language = language
        rows = list(rows)
        self.texts = {row.number: row.text for row in rows}
        self.headings = {row.number for row in rows if row.heading_level}
        self.definitions = definitions(rows, language)
        self.matcher = TermMatcher(self.definitions, language)
        self.defined_at: dict[str, list[Definition]] = {}
        for definition in self.definitions:
            self.defined_at.setdefault(definition.number, []).append(definition)

    def in_text(self) -> list[Definition]:
        """Terms a rule's sentence defines; heading terms pair by their shared number."""
        return [d for d in self.definitions if d.number not in self.headings]

    def where(self, number: str, definition: Definition) -> float | None:
        """How far into rule ``number`` the term first appears, from 0 (start) to 1 (end)."""
        text = self.texts.get(number, "")
        starts = [a for a, _b, found in self.matcher.mentions(text) if found == definition]
        return min(starts) / len(text) if starts else None

    def mentioned_in(self, number: str) -> list[Definition]:
        return list(
            dict.fromkeys(d for _a, _b, d in self.matcher.mentions(self.texts.get(number, "")))
        )


def pair_definitions(base: Edition, other: Edition) -> dict[Definition, Definition | None]:
    """Each term defined in a sentence of ``base`` with its name in ``other``, or None.

    Editions share rule numbers but not always the rule that defines a term (the English may
    define it where the French only uses it), so a term pairs with the other edition's
    definition in the same rule, or else with a term that rule mentions whose own defining rule
    mentions the base term back. Among several, the one written at the nearest place in the
    sentence wins: translations keep a definition's shape.
    """
    pairs: dict[Definition, Definition | None] = {}
    for term in base.in_text():
        candidates = [d for d in other.defined_at.get(term.number, ()) if d in other.in_text()]
        if not candidates:
            candidates = [
                d
                for d in other.mentioned_in(term.number)
                if d.number != term.number and term in base.mentioned_in(d.number)
            ]
        place = base.where(term.number, term)
        pairs[term] = min(
            candidates, key=lambda d: _distance(other, term.number, d, place), default=None
        )
    return pairs


def paired_terms(
    base: Edition, other: Edition
) -> list[tuple[Definition | None, Definition | None]]:
    """Every sentence-defined term of either edition once, as (base, other) with None where the
    other edition has no name for it: the base's terms first, then the other's own."""
    pairs = pair_definitions(base, other)
    taken = {d for d in pairs.values() if d is not None}
    alone = []
    for term, mate in pair_definitions(other, base).items():
        if term in taken:
            continue
        if mate is None:
            alone.append((None, term))
        elif pairs.get(mate, term) is None:  # found from the other side only
            pairs[mate] = term
    return [*pairs.items(), *alone]


def _distance(edition: Edition, number: str, definition: Definition, place) -> float:
    found = edition.where(number, definition)
    return abs(found - place) if found is not None and place is not None else 1.0
