"""Citations of another document of the game: "See CR 110. Setup Process", "Core Rules 110",
"rule 110 of the Core Rules".

A document cites another by number, and usually prints the cited rule's title after it. The
title matters more than the number: the Tournament Rules cite Core Rules numbers from before
a renumbering ("CR 127. Privacy" is 128 today, and 127 is now Ownership), so whoever resolves
a citation reads the number in the version where it bears that title. This module only finds
citations and compares titles; resolving them needs the stored versions and their history
(``rulebook.loading.citations``).

Which words name which document comes from the caller (``rulebook.kinds.citation_names``):
``names`` maps a document kind to (its abbreviation, a regex alternation of its names).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from . import numbers
from .references import NUM

_N = rf"{NUM}(?![\d/]|\.\d)"
# Small words a title may hold between its capitalised words ("Rules of Play", "Deck de
# combat"); a title never ends on one.
_SMALL = "of the a an and or to in on for with at by de du des la le les et à en d l"
SMALL_WORDS = frozenset(_SMALL.split())
_TITLE_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*|\d+")
_NORMAL_RE = re.compile(r"[^\w]+")
MAX_TITLE_WORDS = 10  # a rule's title is a few words; a longer capitalised run is not one


@dataclass(frozen=True)
class Citation:
    kind: str  # the cited document's kind
    number: str  # normalised: "448.1.a"
    title: str  # the title printed after the number ("Privacy"), "" when none is
    start: int  # the span linked: from the document's name to the title's end
    end: int
    number_end: int = 0  # where the number ends ("CR 110" of "CR 110. Setup Process")

    @property
    def written(self) -> str:
        return f"{self.number} {self.title}".strip()


# Saves writing out the alternation (60 us) for every rule text an ingest reads.
@functools.lru_cache(maxsize=8)
def _pattern(names: tuple[tuple[str, str, str], ...]) -> re.Pattern:
    """One alternation per kind and form, the groups named after the kind's position."""
    forms = []
    for i, (_kind, abbreviation, words) in enumerate(names):
        if abbreviation:
            forms.append(rf"(?<![\w.])(?:{re.escape(abbreviation)})\.?\s*(?P<a{i}>{_N})")
        if words:
            forms.append(
                rf"(?<!\w)(?:{words})\s*(?:(?:rules?|r[èe]gles?|sections?)\s+)?(?P<b{i}>{_N})"
            )
            forms.append(
                rf"(?<!\w)(?:rules?|r[èe]gles?|sections?)\s+(?P<c{i}>{_N})\s+"
                rf"(?:of|in|from|des|du|de)\s+(?:(?:the|la|les)\s+)?(?:[A-Z]\w+\s+)?(?:{words})"
            )
    return re.compile("|".join(forms), re.IGNORECASE)


def _names_re(names: tuple[tuple[str, str, str], ...]) -> re.Pattern:
    """Any document's name: a text without one cites nothing (most rules of a document), and
    this is read in a third of the time the whole pattern takes."""
    words = [
        rf"(?<!\w){re.escape(abbreviation)}(?!\w)" for _k, abbreviation, _w in names if abbreviation
    ]
    words += [w for _k, _a, w in names if w]
    return re.compile("|".join(words), re.IGNORECASE)


def _key(names: dict[str, tuple[str, str]]) -> tuple[tuple[str, str, str], ...]:
    return tuple((kind, abbreviation, words) for kind, (abbreviation, words) in names.items())


def find_citations(text: str, names: dict[str, tuple[str, str]]) -> list[Citation]:
    """Every citation of a document of ``names`` in ``text``, in reading order. A number
    followed by its title ("CR 127. Privacy for …") carries the title and links with it."""
    if not names or not text:
        return []
    key = _key(names)
    if not _names_re(key).search(text):
        return []
    out = []
    for match in _pattern(key).finditer(text):
        group = next(name for name, value in match.groupdict().items() if value is not None)
        kind = key[int(group[1:])][0]
        number = numbers.normalise(match[group])
        if number is None:
            continue
        title, end = ("", match.end())
        if group[0] != "c":
            title, end = printed_title(text, match.end(group))
            end = end if title else match.end()
        out.append(Citation(kind, number, title, match.start(), end, match.end(group)))
    return out


def printed_title(text: str, after: int) -> tuple[str, int]:
    """The title printed after a cited number ("110. Setup Process. Additionally" gives
    "Setup Process"): capitalised words and the small words between them, after an optional
    dot. ("", after) when what follows is a sentence ("For more information …") or lower case."""
    rest = re.match(r"\.?[ \t]+", text[after:])
    if rest is None:
        return "", after
    cursor = after + rest.end()
    words: list[tuple[str, int]] = []
    for match in _TITLE_WORD_RE.finditer(text, cursor):
        between = text[cursor : match.start()]
        if between.strip() or (words and "\n" in between) or len(words) == MAX_TITLE_WORDS:
            break
        word = match.group()
        small = word.casefold() in SMALL_WORDS
        if not words and (small or not word[0].isupper()):
            break
        if not small and not word[0].isupper():
            break
        words.append((word, match.end()))
        cursor = match.end()
    while words and words[-1][0].casefold() in SMALL_WORDS:
        words.pop()
    if not words:
        return "", after
    return " ".join(word for word, _end in words), words[-1][1]


def normal_words(text: str) -> list[str]:
    return [w for w in _NORMAL_RE.split(text.casefold()) if w]


def title_matches(title: str, rule_text: str) -> bool:
    """Whether a rule's text begins with the printed title, word for word in any case: a
    heading's text is its title ("Privacy"), and a plain rule that opens with the words
    ("Determine Turn Order using …") bears them too."""
    wanted, have = normal_words(title), normal_words(rule_text)
    return bool(wanted) and have[: len(wanted)] == wanted


def outside_citations(references: list, rules: list, names: dict[str, tuple[str, str]]) -> list:
    """The in-document references (``ParsedReference``) that are not part of a citation of
    another document: "See CR 110" in the Tournament Rules is Core Rules 110, not its own."""
    spans: dict[int, list[Citation]] = {}
    kept = []
    for ref in references:
        if ref.source_index not in spans:
            spans[ref.source_index] = find_citations(rules[ref.source_index].text, names)
        if not any(c.start < ref.end and ref.start < c.end for c in spans[ref.source_index]):
            kept.append(ref)
    return kept
