"""Where a defined term's link goes: the rule a careful editor would send a reader to.

``terms.definitions`` keeps the first place that names each term, which suits a glossary.
A link needs more care. A term is often named twice, a section heading ("Showdowns") and a
sentence that defines it ("A Showdown is a Window of Opportunity…"), sometimes in singular
and plural, and with a passing definition elsewhere ("316.8.c A Showdown is… See rule 341"):

* every name of one term (plural, singular, "Abilities" and "Ability") is one term, but two
  headings name two things ("425 Counter", the action, and "741 Counters");
* a sentence inside the section headed by the term beats the heading: the definition says
  what the heading only names; a sentence elsewhere does not (it tends to be a summary
  pointing at that section, or a label in a list: "483.5 Setup: …");
* a term with no heading goes to its first sentence;
* "The Effect is the Instructions…" under a rule that mentions an Effect ("Triggered
  Abilities have a Condition and an Effect.") defines that one Effect: it is no target for
  the word everywhere else.
"""

from __future__ import annotations

import re

from . import numbers
from .terms import Candidate, Definition, Row, candidates, fold, forms

# A definition that opens with a definite article ("The Effect is…") under a parent rule that
# gives something that part ("Triggered Abilities have a Condition and an Effect.").
DEFINITE: dict[str, re.Pattern] = {
    "en": re.compile(r"^The\s"),
    "fr": re.compile(r"^(?:Le|La|Les|L['’])\s?"),
}
HAS_PART: dict[str, str] = {
    "en": r"\b(?:has|have)\b[^.;:]*?\b(?:an?|one)\s+{term}(?!\w)",
    "fr": r"\b(?:a|ont|possède|possèdent)\b[^.;:]*?\b(?:une?)\s+{term}(?!\w)",
}


def link_definitions(rows, language: str) -> list[Definition]:
    """Every name of every term, each with the rule its links go to; a term whose only
    definitions are scoped to one thing is left out (it is not linked)."""
    rows = list(rows)
    enclosing = _enclosing_headings(rows)
    texts = {row.number: row.text for row in rows}
    out: list[Definition] = []
    for group in _grouped(candidates(rows, language), language):
        target = _target(group, rows, enclosing, texts, language)
        if target is not None:
            out.extend(Definition(term, target) for term in dict.fromkeys(c.term for c in group))
    return out


def _target(group, rows, enclosing, texts, language) -> str | None:
    headings = {c.index for c in group if c.heading}
    sentences = [c for c in group if not c.heading and not _scoped(c, rows, texts, language)]
    if headings:
        inside = [c for c in sentences if headings & enclosing[c.index]]
        return rows[inside[0].index if inside else min(headings)].number
    return rows[sentences[0].index].number if sentences else None


def _scoped(candidate: Candidate, rows, texts, language) -> bool:
    """True for "The Effect is…" under a parent that gives something an Effect."""
    row = rows[candidate.index]
    article, has_part = DEFINITE.get(language), HAS_PART.get(language)
    parent = numbers.parent(row.number) if article and article.match(row.text) else None
    if parent is None or parent not in texts or has_part is None:
        return False
    names = "|".join(re.escape(form) for form in sorted(forms(candidate.term, language)))
    return bool(re.search(has_part.format(term=f"(?:{names})"), texts[parent], re.IGNORECASE))


def _enclosing_headings(rows: list[Row]) -> list[frozenset[int]]:
    """For each row, the indexes of the headings whose sections hold it (a heading's section
    runs to the next heading of its level or above)."""
    open_headings: list[tuple[int, int]] = []  # (level, index)
    out = []
    for index, row in enumerate(rows):
        if row.heading_level:
            while open_headings and open_headings[-1][0] >= row.heading_level:
                open_headings.pop()
        out.append(frozenset(i for _level, i in open_headings))
        if row.heading_level:
            open_headings.append((row.heading_level, index))
    return out


def _grouped(found, language: str) -> list[list[Candidate]]:
    """Candidates sharing a written form ("Showdowns", "Showdown") in one group, in order;
    a heading never joins a group that has a heading of another name."""
    exact: dict[str, int] = {}
    written: dict[str, int] = {}
    groups: list[list[Candidate]] = []
    for candidate in found:
        own, keys = fold(candidate.term), _keys(candidate.term, language)
        hit = exact.get(own, next((written[k] for k in sorted(keys) if k in written), None))
        if hit is not None and candidate.heading:
            named = {fold(c.term) for c in groups[hit] if c.heading}
            hit = hit if named <= {own} else None
        if hit is None:
            hit = len(groups)
            groups.append([])
        groups[hit].append(candidate)
        exact.setdefault(own, hit)
        for key in keys:
            written.setdefault(key, hit)
    return groups


def _keys(term: str, language: str) -> set[str]:
    """The term's written forms, folded; in English "Ability" and "Abilities" meet too."""
    keys = {fold(form) for form in forms(term, language)}
    if language == "en":
        head, _sep, last = fold(term).rpartition(" ")
        prefix = f"{head} " if head else ""
        if last.endswith("ies") and len(last) > 4:
            keys.add(f"{prefix}{last[:-3]}y")
        elif last.endswith("y") and len(last) > 2 and last[-2] not in "aeiou":
            keys.add(f"{prefix}{last[:-1]}ies")
    return keys
