"""The document as a tree: numeric parents, repeats, and the heading each rule sits under.

Two hierarchies coexist. The numeric one (813.1.c under 813.1) comes from the numbers; the
section one comes from headings, whose numbers are siblings of the rules they head (398
"Playing or Activating Abilities" heads 399..406.5). Both are resolved here, once, so the
load step only copies indices.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import numbers
from .model import ParsedRule


@dataclass
class Node:
    index: int
    number: str
    occurrence: int  # 1 for the first rule with this number, 2.. for repeats
    numeric_parent_index: int | None  # first occurrence of the nearest present ancestor
    section_index: int | None  # the heading this rule sits under
    depth: int
    sort_key: str
    position: int  # 0-based document order

    @property
    def anchor(self) -> str:
        return numbers.anchor(self.number, self.occurrence)


def build_tree(rules: list[ParsedRule]) -> list[Node]:
    first: dict[str, int] = {}
    seen: Counter = Counter()
    open_headings: list[int] = []  # stack of heading indices, outermost first
    nodes = []
    for index, rule in enumerate(rules):
        seen[rule.number] += 1
        first.setdefault(rule.number, index)
        level = rule.heading_level if rule.heading else 0
        if level:
            # A heading closes every open heading at its level or deeper.
            while open_headings and rules[open_headings[-1]].heading_level >= level:
                open_headings.pop()
        section = open_headings[-1] if open_headings else None
        prose = rule.depth is not None  # unnumbered: the layout gives depth and order
        nodes.append(
            Node(
                index=index,
                number=rule.number,
                occurrence=seen[rule.number],
                numeric_parent_index=section if prose else _numeric_parent(rule.number, first),
                section_index=section,
                depth=rule.depth if prose else numbers.depth(rule.number),
                sort_key=f"{index:06d}" if prose else numbers.sort_key(rule.number),
                position=index,
            )
        )
        if level:
            open_headings.append(index)
    return nodes


def _numeric_parent(number: str, first: dict[str, int]) -> int | None:
    for ancestor in reversed(numbers.ancestors(number)):
        if ancestor in first:
            return first[ancestor]
    return None


def section_span(rules: list[ParsedRule], nodes: list[Node], index: int) -> range:
    """Indices of the rules in the section that heading ``index`` opens (heading excluded).

    The section runs until the next heading of the same or a higher level; for a plain rule
    the span is empty.
    """
    rule = rules[index]
    if not rule.heading:
        return range(index + 1, index + 1)
    end = len(rules)
    for later in range(index + 1, len(rules)):
        other = rules[later]
        if other.heading and other.heading_level <= rule.heading_level:
            end = later
            break
    return range(index + 1, end)
