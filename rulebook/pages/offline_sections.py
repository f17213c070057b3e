"""Which saved page of a rules document shows which rule: the section pages "Save for offline"
stores, and the rule numbers whose anchors each holds.

A phone saves the rules as *section pages* (a few hundred URLs with the rule anchors inside
them) rather than one URL per rule (about 2,400 for Riftbound). The service worker then
answers ``/en/riftbound/rules/813.1.c/`` from the saved page of section 813 at ``#813.1.c``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook.models import Rule

SECTION_LEVEL = 2


@dataclass
class SavedPage:
    """One URL to store and the rule numbers whose anchors it holds."""

    number: str
    numbers: list[str] = field(default_factory=list)
    url: str = ""


def section_pages(document, prose: bool = False) -> tuple[list[SavedPage], list[str]]:
    """The pages that together show every rule once, and the chapter numbers left to the TOC.

    Sections (level-2 headings) are the pages. Rules a chapter holds outside its sections
    (Riftbound's 801-803 before the keyword glossary) get the page of their outermost number,
    except in prose games, whose chapter pages are short: there the chapter page is saved. A
    chapter without sections is saved whole. Chapter headings themselves point at their entry
    in the table of contents, because a chapter page repeats every section in it.
    """
    rules = list(
        Rule.objects.in_document(document)
        .in_order()
        .only("number", "occurrence", "position", "is_heading", "heading_level", "section_end")
    )
    owners = _section_owners(rules, prose)
    pages: dict[int, SavedPage] = {}
    chapters: list[str] = []
    root: Rule | None = None
    for rule in rules:
        owner = owners.get(rule.position)
        if owner is None and rule.is_heading and rule.heading_level < SECTION_LEVEL:
            chapters.extend([rule.number] if rule.occurrence == 1 else [])
            owner = root = None
        elif owner is None:
            root = root if root is not None and _continues(root, rule) else rule
            owner = root
        else:
            root = None
        if owner is not None:
            page = pages.setdefault(owner.position, SavedPage(number=owner.number))
            page.numbers.extend([rule.number] if rule.occurrence == 1 else [])
    return [pages[position] for position in sorted(pages)], chapters


def _section_owners(rules: list[Rule], prose: bool) -> dict[int, Rule]:
    """Position -> the heading whose saved page shows that rule (innermost section first)."""
    chapters = [r for r in rules if r.is_heading and r.heading_level < SECTION_LEVEL]
    sections = [r for r in rules if r.is_heading and r.heading_level == SECTION_LEVEL]
    owners: dict[int, Rule] = {}
    for chapter in chapters:
        end = chapter.section_end if chapter.section_end is not None else chapter.position
        has_sections = any(chapter.position < s.position <= end for s in sections)
        if prose or not has_sections:
            owners.update({position: chapter for position in range(chapter.position, end + 1)})
    for section in sections:
        end = section.section_end if section.section_end is not None else section.position
        owners.update({position: section for position in range(section.position, end + 1)})
    return owners


def _continues(root: Rule, rule: Rule) -> bool:
    """Whether ``rule`` is on ``root``'s page: the rule page of a number shows its contiguous
    numeric descendants (and a heading its whole section)."""
    if root.is_heading and root.section_end is not None:
        return rule.position <= root.section_end
    return rule.number.startswith(root.number + ".")
