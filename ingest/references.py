"""Cross-references in rule text: "See rule 349", "rules 350 and 351", "règles 401-406".

A reference needs an introducing word (rule, see, voir, cf …). Bare numbers are not matched:
in running text "4 Might", "12 damage" or a date "2026-03-30" are quantities, and the
numbers that matter are always introduced in these documents.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from . import languages, numbers
from .model import ParsedReference, ParsedRule

NUM = r"\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*"
_N = rf"{NUM}(?![\d/]|\.\d)"
_AND = languages.alternation("and_words")
CONNECTOR = rf"\s*(?:,\s*(?:{_AND})?|\b(?:{_AND})\b|&)\s*"
RANGE = rf"\s*(?:-|–|—|\b(?:{languages.alternation('range_words')})\b)\s*"
_SEE = languages.alternation("see_words")
_ARTICLE = languages.alternation("articles")
_RULE = languages.rule_word_pattern()

REFERENCE_RE = re.compile(
    rf"""
    (?P<intro>
        (?P<see>\b(?:{_SEE})\s+(?:(?:(?:{_ARTICLE})\s+)?(?:{_RULE})\s+)?)
      | (?P<rule>\b(?:{_RULE}|CR)\s+)
    )
    (?<![\d.\-/])(?P<first>{_N})
    (?P<more>(?:(?:{CONNECTOR}|{RANGE}){_N})*)
    """,
    re.IGNORECASE | re.VERBOSE,
)
_PART_RE = re.compile(rf"(?P<sep>{CONNECTOR}|{RANGE})(?P<num>{_N})", re.IGNORECASE)
_RANGE_SEP_RE = re.compile(RANGE, re.IGNORECASE)


class Reference(NamedTuple):
    written: str
    target: str
    kind: str  # "see", "rule", "list", "range"
    start: int
    end: int


def find_references(text: str, language: str | None = None, known: set[str] | None = None):
    """References in ``text``; ranges expand over ``known`` numbers when given.

    ``language`` is accepted for symmetry with the other steps; the patterns cover English
    and French together because documents quote each other's keywords.
    """
    out: list[Reference] = []
    for match in REFERENCE_RE.finditer(text):
        out.extend(_expand(match, known))
    return out


def _expand(match: re.Match, known: set[str] | None) -> list[Reference]:
    start, end = match.start(), match.end()
    written = match.group(0)
    base = "see" if match["see"] else "rule"
    targets = [numbers.normalise(match["first"])]
    if not match["more"]:
        return [Reference(written, targets[0], base, start, end)]
    kind = "list"
    for part in _PART_RE.finditer(match["more"]):
        number = numbers.normalise(part["num"])
        if _RANGE_SEP_RE.fullmatch(part["sep"]):
            kind = "range"
            targets.extend(expand_range(targets[-1], number, known))
        else:
            targets.append(number)
    seen: list[str] = []
    for target in targets:
        if target and target not in seen:
            seen.append(target)
    return [Reference(written, target, kind, start, end) for target in seen]


def expand_range(low: str, high: str, known: set[str] | None) -> list[str]:
    """Numbers after ``low`` up to ``high``, among siblings; ``low`` is already listed."""
    if numbers.parent(low) != numbers.parent(high):
        return [high]
    low_key, high_key = numbers.sort_key(low), numbers.sort_key(high)
    if known is not None:
        siblings = [n for n in known if numbers.parent(n) == numbers.parent(low)]
        inside = [n for n in siblings if low_key < numbers.sort_key(n) <= high_key]
        return sorted(inside, key=numbers.sort_key) or [high]
    last_low, last_high = low.split(".")[-1], high.split(".")[-1]
    if last_low.isdigit() and last_high.isdigit() and int(last_high) - int(last_low) <= 50:
        prefix = low.rsplit(".", 1)[0] + "." if "." in low else ""
        width = len(last_low) if "." not in low else 0
        values = range(int(last_low) + 1, int(last_high) + 1)
        return [prefix + str(value).zfill(width) for value in values]
    return [high]


def find_document_references(
    rules: list[ParsedRule], language: str | None = None, known: set[str] | None = None
) -> list[ParsedReference]:
    """Every reference in a document, with ``source_index`` set; ranges use its numbers."""
    known = known if known is not None else {rule.number for rule in rules}
    out = []
    for index, rule in enumerate(rules):
        for ref in find_references(rule.text, language, known):
            out.append(ParsedReference(index, *ref))
    return out


def unresolved(references: list[ParsedReference], rules: list[ParsedRule]) -> list[ParsedReference]:
    known = {rule.number for rule in rules}
    return [ref for ref in references if ref.target not in known]
