"""What every rule page of a document shares: its headings, and where each number first occurs.

Both are read once per process and document state (its content hash and the time it was
loaded, as the linkify catalogue is) instead of once per page: a cold page asked the database
for its two neighbouring sections and for the rule its language switch leads to. Rows are kept,
never model instances, so no page sees what another one set on its rules.
"""

from __future__ import annotations

import copy
import functools

from rulebook.models import Document, Rule

FIELDS = tuple(f.attname for f in Rule._meta.concrete_fields)
_POSITION, _LEVEL, _END = (FIELDS.index(n) for n in ("position", "heading_level", "section_end"))


def _state(document: Document) -> tuple:
    return document.pk, document.content_hash, document.ingested_at


@functools.lru_cache(maxsize=32)
def _headings(document_pk, content_hash, ingested_at) -> tuple[tuple, ...]:
    """Every heading row of the document (all fields, in ``FIELDS`` order), in reading order."""
    rows = Rule.objects.in_document(document_pk).headings().in_order().values_list(*FIELDS)
    return tuple(rows)


@functools.lru_cache(maxsize=32)
def _first_occurrences(document_pk, content_hash, ingested_at) -> dict[str, tuple[int, str]]:
    """Number -> (occurrence, anchor) of the first rule bearing it, in reading order."""
    rows = Rule.objects.in_document(document_pk).order_by("-position")
    return {n: (o, a) for n, o, a in rows.values_list("number", "occurrence", "anchor")}


def _rule(document: Document, row: tuple) -> Rule:
    rule = Rule.from_db(Rule.objects.db, FIELDS, copy.deepcopy(row))
    rule.document = document
    return rule


def neighbour_headings(document: Document, section: Rule) -> tuple[Rule | None, Rule | None]:
    """The headings of ``section``'s level just before and just after it."""
    level, position = section.heading_level, section.position
    same_level = [row for row in _headings(*_state(document)) if row[_LEVEL] == level]
    before = [row for row in same_level if row[_POSITION] < position]
    after = [row for row in same_level if row[_POSITION] > position]
    return (
        _rule(document, before[-1]) if before else None,
        _rule(document, after[0]) if after else None,
    )


def grouped_under(document: Document, heading: Rule) -> list[Rule]:
    """The sections after a grouping heading at its level, up to the next grouping heading
    or a heading of a higher level (``rules.grouped_sections``)."""
    out = []
    for row in _headings(*_state(document)):
        if row[_POSITION] <= heading.position or row[_LEVEL] > heading.heading_level:
            continue
        if row[_LEVEL] < heading.heading_level or row[_END] == row[_POSITION]:
            break
        out.append(_rule(document, row))
    return out


def first_rule(document: Document, number: str) -> Rule | None:
    """The first rule numbered ``number``, enough of it for its URLs (number, occurrence,
    anchor and document), or None when the document has no such number."""
    found = _first_occurrences(*_state(document)).get(number)
    if found is None:
        return None
    occurrence, anchor = found
    return Rule(document=document, number=number, occurrence=occurrence, anchor=anchor)
