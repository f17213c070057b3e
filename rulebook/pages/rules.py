"""Assembling what a rule page shows: the subtree, its context and the links around it.

Views stay thin; everything here is a handful of queries per page regardless of how many rules
a section holds (prefetching references and their targets in bulk).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from django.conf import settings

from ingest import numbers
from rulebook.models import Document, Reference, Rule
from rulebook.pages import outline


@dataclass
class RuleBlock:
    """One occurrence of the requested number and the rules it spans, in reading order."""

    head: Rule
    rules: list[Rule]


@dataclass
class RuleContext:
    document: Document
    number: str
    blocks: list[RuleBlock]
    breadcrumbs: list[Rule] = field(default_factory=list)
    referenced_by: list[Reference] = field(default_factory=list)
    previous_section: Rule | None = None
    next_section: Rule | None = None
    part: int = 1
    parts: int = 1
    grouped_sections: list[Rule] = field(default_factory=list)

    @property
    def context_rules(self) -> list[Rule]:
        """The numbered rules above the shown one (headings are in the breadcrumbs)."""
        return [c for c in self.breadcrumbs if not c.is_heading]

    @functools.cached_property
    def shown_numbers(self) -> frozenset[str]:
        """The page's rule, the rules above it and the rules it shows: a term in its text
        never links to one of them (``pages.terms.term_spans``)."""
        shown = (r.number for block in self.blocks for r in block.rules)
        return frozenset((self.number, *(c.number for c in self.breadcrumbs), *shown))


def part_size() -> int:
    """A long section (a whole chapter is hundreds of rules) is shown in parts of this many
    rules, each its own URL (``?part=2``), so that no page takes long to build or download."""
    return settings.RULEBOOK_SECTION_PART_SIZE


def span_of(rule: Rule, references: bool = True, part: int | None = None) -> list[Rule]:
    """A heading spans its section; any other rule spans its contiguous numeric descendants.

    With ``part``, only that part of the span (``part_size()`` rules, counted from 1).
    """
    doc_rules = outline.of(rule.document)
    if part is not None:
        first = rule.position + (part - 1) * part_size()
        last = min(rule.position + span_length(rule), first + part_size()) - 1
        out = doc_rules.between(first, last) or [rule]
    elif rule.is_heading and rule.section_end is not None:
        out = doc_rules.between(rule.position, rule.section_end)
    else:
        out = doc_rules.span_under(rule) or [rule]
    if references:
        doc_rules.attach_references(out)
    return out


def span_length(rule: Rule) -> int:
    """How many rules ``span_of(rule)`` holds, from positions alone."""
    if rule.is_heading and rule.section_end is not None:
        return rule.section_end - rule.position + 1
    return 1 + outline.of(rule.document).count_under(rule)


def breadcrumbs_for(rule: Rule) -> list[Rule]:
    """Section headings above the rule, then its numeric ancestors, outermost first."""
    crumbs: list[Rule] = []
    section = rule.section
    while section is not None and len(crumbs) < 6:
        crumbs.insert(0, section)
        section = section.section
    ancestors = numbers.ancestors(rule.number)
    if ancestors:
        doc_rules = outline.of(rule.document)
        found = {n: r for n in ancestors if (r := doc_rules.first(n)) is not None}
        seen = {c.pk for c in crumbs}
        crumbs.extend(found[n] for n in ancestors if n in found and found[n].pk not in seen)
    return [c for c in crumbs if c.pk != rule.pk]


def neighbour_sections(rule: Rule) -> tuple[Rule | None, Rule | None]:
    """The previous and next section headings of the same level, for page-to-page reading."""
    section = rule if rule.is_heading else rule.section
    if section is None:
        return None, None
    return outline.of(rule.document).neighbours(section)


@dataclass
class _Parted(RuleBlock):
    parts: int = 1


def _blocks(occurrences: list[Rule], part: int) -> list[_Parted] | None:
    """The blocks of the page, or None past the last part. Only one occurrence is cut in
    parts; a rule that is not a heading spans few rules, so its whole span is read once and
    cut here (a heading's length is known from its row, and only its part is read)."""
    size = part_size()
    if len(occurrences) > 1:
        return None if part > 1 else [_Parted(occ, span_of(occ)) for occ in occurrences]
    head = occurrences[0]
    if head.is_heading and head.section_end is not None:
        parts = -(-span_length(head) // size)
        if part > parts:
            return None
        rules = span_of(head, part=part) if parts > 1 else span_of(head)
        return [_Parted(head, rules, parts)]
    whole = span_of(head)
    parts = -(-len(whole) // size)
    if part > parts:
        return None
    return [_Parted(head, whole[(part - 1) * size : part * size], parts)]


def rule_context(document: Document, number: str, part: int = 1) -> RuleContext | None:
    """The page of a rule; a long single block is cut in parts (None past the last part)."""
    occurrences = outline.of(document).at(number)
    if not occurrences:
        return None
    blocks = _blocks(occurrences, part)
    if blocks is None:
        return None
    parts = blocks[0].parts if len(occurrences) == 1 else 1
    share_document(document, [*occurrences, *(r for block in blocks for r in block.rules)])
    referenced_by = outline.of(document).citing([r for block in blocks for r in block.rules])
    first = occurrences[0]
    previous, following = neighbour_sections(first)
    return RuleContext(
        document=document,
        number=number,
        blocks=blocks,
        breadcrumbs=breadcrumbs_for(first),
        referenced_by=referenced_by,
        previous_section=previous,
        next_section=following,
        part=part,
        parts=parts,
        grouped_sections=grouped_sections(first),
    )


def grouped_sections(rule: Rule) -> list[Rule]:
    """The sections a grouping heading stands for ("104 Setup" has no rules of its own; the
    sections after it at its level are its parts), up to the next grouping heading or a
    heading of a higher level. Empty for any heading with rules under it."""
    if not rule.is_heading or rule.section_end != rule.position or rule.heading_level > 2:
        return []
    return outline.of(rule.document).grouped_under(rule)


def share_document(document: Document, rules) -> None:
    """Hands the page's document to its rules: each rule's URL and preview read their
    document, which would otherwise be fetched again for each of them."""
    for rule in rules:
        if rule.document_id == document.pk:
            rule.document = document


def rule_text(document: Document, number: str) -> RuleContext | None:
    """The rule's blocks and breadcrumbs only: what a chat embed or a preview shows, without
    the links, citations and neighbours a page adds (a chapter spans hundreds of rules)."""
    occurrences = outline.of(document).at(number)
    if not occurrences:
        return None
    blocks = [RuleBlock(head=occ, rules=span_of(occ, references=False)) for occ in occurrences]
    return RuleContext(document, number, blocks, breadcrumbs=breadcrumbs_for(occurrences[0]))


def nearest_rules(document: Document, number: str, limit: int = 3) -> list[Rule]:
    """Existing rules around a number that does not exist, for a helpful 404."""
    key = numbers.sort_key(number)
    rules = Rule.objects.in_document(document)
    before = list(rules.filter(sort_key__lt=key).order_by("-sort_key")[:limit])
    after = list(rules.filter(sort_key__gt=key).order_by("sort_key")[:limit])
    ancestors = list(rules.filter(number__in=numbers.ancestors(number)))
    picked = {r.pk: r for r in [*ancestors, *reversed(before), *after]}
    return sorted(picked.values(), key=lambda r: r.sort_key)


def table_of_contents(document: Document) -> list[dict]:
    """Chapters with their sections and rule counts, from the heading rows alone.

    Named entries (prose games' "Counter", "Take Cover") are listed under their section too:
    they are what readers look for on such pages. Step headings have no name and stay out.
    """
    headings = Rule.objects.in_document(document).headings().filter(heading_level__lte=3)
    chapters: list[dict] = []
    for heading in headings.in_order():
        if heading.heading_level == 3:
            if heading.title and chapters:
                parent = chapters[-1]["sections"][-1] if chapters[-1]["sections"] else chapters[-1]
                parent["entries"].append(heading)
            continue
        count = (heading.section_end or heading.position) - heading.position
        entry = {"rule": heading, "count": count, "sections": [], "entries": []}
        if heading.heading_level == 1 or not chapters:
            chapters.append(entry)
        else:
            chapters[-1]["sections"].append(entry)
    return chapters
