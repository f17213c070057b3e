"""Languages side by side: a rule and its subtree in every language, aligned.

The editions share their numbering, so alignment is by number (and occurrence, for numbers a
source repeats). Nothing is guessed: a rule that exists in one language only is shown as such.
"""

from __future__ import annotations

from dataclasses import dataclass

from rulebook.models import Document, Rule
from rulebook.pages.rules import span_of


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
