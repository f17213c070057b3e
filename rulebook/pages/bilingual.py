"""Languages side by side: a rule and its subtree in every language, aligned.

The editions share their numbering, so alignment is by number (and occurrence, for numbers a
source repeats). Nothing is guessed: a rule that exists in one language only is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingest.languages import fold
from rulebook.models import Document, Rule
from rulebook.models.glossary import defined_terms, glossary
from rulebook.pages import outline
from rulebook.pages.identity import number_in
from rulebook.pages.rules import part_size, span_length


@dataclass
class Pinned:
    """A compare pinned to a version: the languages without that version, and where the
    rule's current comparison is (the number it bears in the newest shared version)."""

    anchor: Document | None = None
    missing: list[str] = field(default_factory=list)
    current_number: str | None = None


def pin(documents: dict, version: str | None, language: str, number: str) -> Pinned:
    """Blank out languages that lack ``version``: never pair a rule with another version's
    rule of the same number (numbers are reused for other rules across versions)."""
    if version is None:
        return Pinned()
    having = {lang: d for lang, d in documents.items() if d and d.version == version}
    if not having:
        documents.clear()
        return Pinned()
    anchor = having.get(language) or next(iter(having.values()))
    missing = [lang for lang in documents if lang not in having]
    for lang in missing:
        documents[lang] = None
    current = None
    if missing:
        newest = Document.objects.paired(anchor.game, anchor.kind).get(anchor.language)
        current = number_in(anchor, number, newest) if newest else None
    return Pinned(anchor, missing, current)


@dataclass
class AlignedRow:
    number: str
    anchor: str
    sides: dict  # language -> Rule | None

    @property
    def only_in(self) -> str | None:
        present = [lang for lang, rule in self.sides.items() if rule is not None]
        return present[0] if len(present) == 1 else None


@dataclass
class ComparePart:
    """One part of a long side-by-side span (a chapter is a thousand rows and more, over a
    megabyte in one page), with every section heading of the whole span and the part that
    holds it, so that each rule is a link away whichever part is open. ``rows`` is empty
    for a part past the last."""

    rows: list[AlignedRow]
    part: int = 1
    parts: int = 1
    sections: list[dict] = field(default_factory=list)


# What aligning a span needs of each of its rules; the rules shown are read whole.
_KEYS = ("anchor", "number", "sort_key", "occurrence", "is_heading", "text", "position")
_ANCHOR, _NUMBER, _SORT, _OCCURRENCE, _HEADING, _TEXT, _POSITION = range(len(_KEYS))


def aligned_part(documents: dict, number: str, part: int, language: str) -> ComparePart | None:
    """Part ``part`` (from 1, of ``part_size()`` rows, as the rule pages cut theirs) of the
    rule and its subtree in every language, aligned by number; None when it is nowhere.
    Only the part's rules are built; a section links to its heading in the reader's
    language when it has one."""
    where: dict[str, dict[str, tuple]] = {}  # anchor -> language -> key row
    order: dict[str, tuple] = {}
    for lang, document in documents.items():
        for row in _span_keys(document, number):
            where.setdefault(row[_ANCHOR], {})[lang] = row
            order.setdefault(row[_ANCHOR], (row[_SORT], row[_OCCURRENCE]))
    if not where:
        return None
    anchors = sorted(where, key=lambda anchor: order[anchor])
    size = part_size()
    page = ComparePart([], part, max(1, -(-len(anchors) // size)))
    if not 1 <= part <= page.parts:
        return page
    for index, anchor in enumerate(anchors if page.parts > 1 else ()):
        lang, row = next(((k, v) for k, v in where[anchor].items() if k == language),
                         next(iter(where[anchor].items())))  # fmt: skip
        if row[_HEADING]:
            page.sections.append(
                {"number": row[_NUMBER], "text": row[_TEXT], "part": index // size + 1,
                 "anchor": f"{lang}-{anchor}"}
            )  # fmt: skip
    shown = anchors[(part - 1) * size : part * size]
    rules = {lang: _rules(document, shown, where, lang) for lang, document in documents.items()}
    for anchor in shown:
        first = next(iter(where[anchor].values()))
        sides = {lang: rules[lang].get(anchor) for lang in documents}
        page.rows.append(AlignedRow(first[_NUMBER], anchor, sides))
    return page


def _span_keys(document, number: str) -> list[tuple]:
    """The key rows of the rules ``span_of`` gives the number's first occurrence."""
    head = outline.of(document).first(number) if document else None
    if head is None:
        return []
    last = head.position + span_length(head) - 1
    rows = Rule.objects.in_document(document).filter(position__range=(head.position, last))
    return list(rows.order_by("position").values_list(*_KEYS))


def _rules(document, shown: list[str], where: dict, lang: str) -> dict:
    """The shown rules of one language, by anchor."""
    positions = [where[anchor][lang][_POSITION] for anchor in shown if lang in where[anchor]]
    if not positions:
        return {}
    wanted = set(shown)
    found = outline.of(document).between(min(positions), max(positions))
    return {rule.anchor: rule for rule in found if rule.anchor in wanted}


def glossary_entries(game, kind, language: str) -> list[dict]:
    """Heading terms, then the terms rules define in a sentence that no heading already names,
    sorted by their name in the reader's language (entries without one last)."""
    entries = glossary(game, kind)
    shown = {fold(term) for entry in entries for term in entry["terms"].values()}
    for entry in defined_terms(game, kind):
        if not shown & {fold(term) for term in entry["terms"].values() if term}:
            entries.append(entry)
    entries.sort(key=lambda e: (not e["terms"].get(language), fold(e["terms"].get(language, ""))))
    return entries
