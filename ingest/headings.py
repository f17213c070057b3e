"""Which rules are headings, and at what level.

Levels: 1 chapter (000, 100, 300 …), 2 section (398 "Playing or Activating Abilities"),
3 step ("1. Activate or trigger the Ability", "Step 2: Execute"). Steps are numbered as
top-level rules but belong to the section before them, so they must rank below it: otherwise
section 398 would end at 401 instead of spanning 399..406.5.

Only top-level numbers are headings. Converters flag every bold line, and a bold sub-rule
("103.1. 1 Champion Legend") is a rule with children, not a section of the document.
"""

from __future__ import annotations

import re

from . import numbers
from .repair import Item

STEP_RE = re.compile(r"^(?:\d{1,2}[.)]\s+\S|(?:step|étape|phase)\s+\d+\s*[:.\-–]?\s*\S)", re.I)


def heading_level(number: str, text: str, hint: int | None) -> int:
    if not hint or numbers.depth(number) != 0:
        return 0
    if STEP_RE.match(text):
        return 3
    return hint


def assign_headings(items: list[Item], explicit: bool = False) -> None:
    """Set ``heading``/``heading_level``; ``explicit`` trusts the format's levels (Markdown #)."""
    for item in items:
        rule = item.rule
        if explicit and item.hint:
            level = 3 if STEP_RE.match(rule.text) else item.hint
        else:
            level = heading_level(rule.number, rule.text, item.hint)
        rule.heading = level > 0
        rule.heading_level = level
