"""Splitting rules and headings that a converter glued onto the end of the previous rule.

"… the game ends. 197. Locations" hides heading 197 inside rule 196. A number in running text
is usually a cross-reference ("See rule 349. Playing Cards"), so a split needs three proofs:
the number is missing from the document, it is a legal successor of the rule it sits in and
sorts before the next rule, and the word before it is not one that introduces a reference.
"""

from __future__ import annotations

import re

from . import languages, numbers
from .model import ParsedRule
from .repair import Item, Log, fits, short

GLUED_RE = re.compile(
    r"(?<![\d.,\-/])(?P<num>\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*)\.[ \t\u00a0]+(?=[^\s\da-z])"
)
# Words that introduce a cross-reference or a list of them: the number after them is cited.
_CITING = "|".join(
    languages.alternation(name)
    for name in ("rule_words", "see_words", "and_words", "range_words", "citing_words")
)
REFERENCE_WORDS_RE = re.compile(
    rf"(?:\b(?:{_CITING})|[(\[§,\-–])\s*\.?\s*$",
    re.IGNORECASE,
)
SMALL_WORDS = {
    "a",
    "an",
    "and",
    "the",
    "of",
    "or",
    "to",
    "in",
    "for",
    "with",
    "on",
    "at",
    "by",
    "as",
    "vs",
    "from",
    "into",
    "nor",
    "but",
}


def looks_like_title(text: str, language: str | None) -> bool:
    """A short heading: no final stop, capitalised, and in English in Title Case."""
    text = text.strip()
    words = text.split()
    if not words or len(words) > 8 or len(text) > 70 or text[-1] in ".:;!?,":
        return False
    if not (text[0].isupper() or text[0].isdigit() or text[0] in "“\"'«"):
        return False
    if language == "fr":
        return True
    for word in words[1:]:
        bare = word.strip("“”\"'(),:;")
        if bare and bare[0].isalpha() and bare.lower() not in SMALL_WORDS and not bare[0].isupper():
            return False
    return True


def split_glued(items: list[Item], language: str | None, log: Log) -> list[Item]:
    """Return the items with glued rules split out, in document order."""
    present = {item.rule.number for item in items}
    following = _next_different_numbers([item.rule.number for item in items])
    out: list[Item] = []
    for item, after in zip(items, following, strict=True):
        out.extend(_split_item(item, after, present, language, log))
    return out


def _next_different_numbers(numbers: list[str]) -> list[str | None]:
    """For each position, the first later number that differs from it, in one backward pass
    (looking ahead from every item made the parse quadratic in the document's length)."""
    out: list[str | None] = [None] * len(numbers)
    for index in range(len(numbers) - 2, -1, -1):
        after = numbers[index + 1]
        out[index] = after if after != numbers[index] else out[index + 1]
    return out


def _split_item(item: Item, following, present: set, language, log: Log) -> list[Item]:
    pieces = [item]
    while True:
        current = pieces[-1]
        match = _first_split(current.rule, following, present)
        if match is None:
            return pieces
        head = current.rule.text[: match.start()].rstrip()
        tail = current.rule.text[match.end() :].strip()
        number = match["num"]
        present.add(number)
        current.rule.text = head
        kind = _kind(item.rule.number, number, tail, language)
        new = ParsedRule(match.group(0).strip(), number, tail, line=current.rule.line)
        hint = 2 if kind == "split-glued-heading" else 0
        pieces.append(Item(new, hint, current.section))
        _retitle(current, head, language)
        log.repair(kind, f"{number} split from {current.rule.number}: {short(tail)!r}", pieces[-1])
        if kind not in current.rule.repairs:
            current.rule.repairs.append(kind)


def _first_split(rule: ParsedRule, following, present: set):
    for match in GLUED_RE.finditer(rule.text):
        number = match["num"]
        if number in present or not fits(number, rule.number, following):
            continue
        if REFERENCE_WORDS_RE.search(rule.text[: match.start()]):
            continue
        return match
    return None


def _kind(container: str, number: str, tail: str, language) -> str:
    if numbers.is_descendant(number, container):
        return "split-glued-subrule"
    if numbers.depth(number) == 0 and looks_like_title(tail, language):
        return "split-glued-heading"
    return "split-glued-rule"


def _retitle(item: Item, head: str, language) -> None:
    """After a split the remaining text decides whether a top-level row is a heading.

    JSON marks a row as heading when text equals section, which the glue made true for
    "When a player wins the game, the game ends. 197. Locations"; "XP 729. XP is …" is the
    reverse case, a heading whose rule text was glued on.
    """
    if numbers.depth(item.rule.number) != 0:
        return
    item.hint = (item.hint or 2) if looks_like_title(head, language) else 0
