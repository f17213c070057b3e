"""Languages side by side: a rule and its subtree in every language, aligned.

The editions share their numbering, so alignment is by number (and occurrence, for numbers a
source repeats). Nothing is guessed: a rule that exists in one language only is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingest.languages import fold
from rulebook.models import Document, Rule
from rulebook.models.glossary import defined_terms, glossary
from rulebook.pages.identity import number_in
from rulebook.pages.rules import span_of


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


def aligned_rows(documents: dict[str, Document | None], number: str) -> list[AlignedRow] | None:
    """The rule and its subtree in every language, aligned by number; None when nowhere."""
    spans = {}
    for lang, document in documents.items():
        head = Rule.objects.in_document(document).at(number).first() if document else None
        spans[lang] = span_of(head) if head else []
    if not any(spans.values()):
        return None
    rows: dict[str, AlignedRow] = {}
    order: dict[str, tuple] = {}
    for lang, rules in spans.items():
        for rule in rules:
            row = rows.setdefault(
                rule.anchor, AlignedRow(rule.number, rule.anchor, dict.fromkeys(documents))
            )
            row.sides[lang] = rule
            order.setdefault(rule.anchor, (rule.sort_key, rule.occurrence))
    return [rows[anchor] for anchor in sorted(rows, key=lambda a: order[a])]


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
