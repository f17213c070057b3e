"""Misprinted keyword names: reported, never fixed.

A keyword's name with two neighbouring letters swapped ("Deathnkell" for Deathknell) is the
commonest slip of a typesetter, and the conversion cannot tell it from a word of its own; the
text stays as printed, and the report points a person at it. A word counts only when it is
rare in the document and the keyword's name common, so a real word that happens to be a swap
of a name is not flagged.
"""

from __future__ import annotations

import re
from collections import Counter

from .languages import fold, keyword_chapter_re
from .model import Finding, ParsedRule

_WORD_RE = re.compile(r"[^\W\d_]+")
MIN_LENGTH = 5
MAX_COUNT, RATIO = 2, 5  # the misprint in at most 2 rules, the name in 5 times as many


def check_misprints(rules: list[ParsedRule]) -> list[Finding]:
    names = keyword_words(rules)
    counts = Counter(word for rule in rules for word in set(_words(rule.text)))
    out = []
    for rule in rules:
        printed = {fold(w): w for w in reversed(_WORD_RE.findall(rule.text))}
        for word, shown in printed.items():
            if len(word) < MIN_LENGTH or word in names or counts[word] > MAX_COUNT:
                continue
            for name in names:
                if swapped(word, name) and counts[name] >= RATIO * counts[word]:
                    detail = f"“{shown}” may be a misprint of the keyword {names[name]}"
                    out.append(Finding("misprinted-keyword", detail, rule.number, rule.line))
    return out


def keyword_words(rules: list[ParsedRule]) -> dict[str, str]:
    """Folded word -> the keyword name it is from, for the headings of keyword chapters."""
    chapter, out = False, {}
    keyword_chapter = keyword_chapter_re()
    for rule in rules:
        if rule.heading_level == 1:
            chapter = bool(keyword_chapter.match(rule.text.strip()))
        elif chapter and rule.heading:
            for word in _words(rule.text):
                out.setdefault(word, rule.text.strip())
    return out


def swapped(word: str, name: str) -> bool:
    """``word`` is ``name`` with exactly two neighbouring letters swapped."""
    if len(word) != len(name) or word == name:
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, name, strict=True)) if a != b]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and word[diff[0]] == name[diff[1]]
        and word[diff[1]] == name[diff[0]]
    )


def _words(text: str) -> list[str]:
    return [fold(w) for w in _WORD_RE.findall(text)]
