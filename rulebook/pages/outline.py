"""Every rule of a document, read once per process and document state instead of once per page.

A cold rule page asked the database for its occurrences (with their sections), its span, its
breadcrumbs, its neighbouring sections and the rule its language switch leads to: five or more
queries whose compilation cost more than their answers, all of rows that change only with an
ingest of the document. The rows are kept per document state (its primary key, content hash
and load time, as the linkify catalogue is) and data generation (an admin edit changes rows,
not the hash); each page builds its own model instances from them, so nothing one page sets
on a rule is seen by another.
"""

from __future__ import annotations

import bisect
import copy
import functools
from dataclasses import dataclass

from rulebook.models import DataGeneration, Document, Link, Reference, Rule

FIELDS = tuple(f.attname for f in Rule._meta.concrete_fields)
REFERENCE_FIELDS = tuple(f.attname for f in Reference._meta.concrete_fields)
_SOURCE = REFERENCE_FIELDS.index("source_id")
_TARGET = REFERENCE_FIELDS.index("target_id")
_REFERENCE_PK = REFERENCE_FIELDS.index("id")
_AT = {name: i for i, name in enumerate(FIELDS)}
_PK, _NUMBER, _POSITION = _AT["id"], _AT["number"], _AT["position"]
_HEADING, _LEVEL, _END = _AT["is_heading"], _AT["heading_level"], _AT["section_end"]
_SECTION, _REPAIRS = _AT["section_id"], _AT["repairs"]


# A citation of another document (``rulebook.loading.crossrefs``): where its words start in
# the citing rule's text, the words, and the rule it leads to (its key has a "/" when the rule
# is gone from the newest version and the link is pinned to the version cited).
CITATION_FIELDS = ("source_id", "position", "written", "target_id", "target_key")


@dataclass
class OtherDocumentCitation:
    """A citation of another document shown in a rule's text, linked to its target rule."""

    start: int
    end: int
    target: Rule
    pinned: bool


class _Rows:
    """One document's rule rows (``FIELDS`` order) in reading order, with their indexes."""

    def __init__(self, rows: tuple[tuple, ...], references: tuple[tuple, ...], citations=()):
        self.rows = rows
        # Citations of other documents by the citing rule's id, in the order written.
        self.cites_other: dict[int, list[tuple]] = {}
        for citation in citations:
            self.cites_other.setdefault(citation[0], []).append(citation)
        # A document's citations resolve within it (``loading.documents``): both ends are here.
        self.cites: dict[int, list[tuple]] = {}
        self.cited_by: dict[int, list[tuple]] = {}
        for reference in references:
            self.cites.setdefault(reference[_SOURCE], []).append(reference)
            self.cited_by.setdefault(reference[_TARGET], []).append(reference)
        self.positions = [row[_POSITION] for row in rows]
        self.by_pk = {row[_PK]: i for i, row in enumerate(rows)}
        self.by_number: dict[str, list[int]] = {}
        for i, row in enumerate(rows):
            self.by_number.setdefault(row[_NUMBER], []).append(i)
        self.headings = [i for i, row in enumerate(rows) if row[_HEADING]]


# Saves reading a document's every rule, reference and citation (10 ms on the demo's small
# rules, far more on the corpus) on each page that shows its rules. About 3 MB a document of
# the corpus; more documents than this in use would reload each time.
@functools.lru_cache(maxsize=16)
def _rows(document_pk, content_hash, ingested_at, generation) -> _Rows:
    rows = Rule.objects.in_document(document_pk).in_order().values_list(*FIELDS)
    references = Reference.objects.filter(source__document_id=document_pk)
    references = references.order_by("start", "pk").values_list(*REFERENCE_FIELDS)
    citations = Link.objects.filter(
        document_id=document_pk, source_kind=Link.RULE, target_kind=Link.RULE
    ).exclude(target_id=None)
    citations = citations.order_by("position").values_list(*CITATION_FIELDS)
    return _Rows(tuple(rows), tuple(references), tuple(citations))


class DocumentRules:
    """A page's view of its document's rules: fresh ``Rule`` instances from the kept rows,
    each with its ``document`` set (and its chain of sections, for the rules asked by number)."""

    def __init__(self, document: Document):
        self.document = document
        state = (document.content_hash, document.ingested_at, DataGeneration.current()[0])
        self.kept = _rows(document.pk, *state)

    def _rule(self, i: int, sections: bool = False) -> Rule:
        values = list(self.kept.rows[i])
        if values[_REPAIRS]:
            values[_REPAIRS] = copy.deepcopy(values[_REPAIRS])
        rule = Rule.from_db(Rule.objects.db, FIELDS, values)
        rule.document = self.document
        section = self.kept.by_pk.get(values[_SECTION])
        if sections and section is not None:
            rule.section = self._rule(section, sections=True)
        elif sections and values[_SECTION] is None:
            rule.section = None
        return rule

    def _by_pk(self, pk: int | None) -> Rule | None:
        i = self.kept.by_pk.get(pk)
        return None if i is None else self._rule(i)

    def _reference(self, row: tuple, source: Rule | None = None) -> Reference:
        reference = Reference.from_db(Reference.objects.db, REFERENCE_FIELDS, row)
        reference.source = source or self._by_pk(row[_SOURCE])
        reference.target = self._by_pk(row[_TARGET])
        return reference

    def attach_references(self, rules: list[Rule]) -> None:
        """Give each rule its ``page_references``: its citations in the order they are
        written, each with its target rule, which the rule text tag links."""
        for rule in rules:
            rows = self.kept.cites.get(rule.pk, ())
            rule.page_references = [self._reference(row, source=rule) for row in rows]
        self.attach_other_citations(rules)

    def attach_other_citations(self, rules: list[Rule]) -> None:
        """Give each rule its ``page_citations``: its citations of other documents ("CR 127.
        Privacy"), each with the rule it leads to, read in one query for the page."""
        found = [row for rule in rules for row in self.kept.cites_other.get(rule.pk, ())]
        targets = {}
        if found:
            rows = Rule.objects.filter(pk__in={row[3] for row in found})
            rows = rows.select_related("document__game").defer("document__report")
            targets = {target.pk: target for target in rows}
        for rule in rules:
            rule.page_citations = [
                OtherDocumentCitation(start, start + len(written), targets[pk], "/" in key)
                for _source, start, written, pk, key in self.kept.cites_other.get(rule.pk, ())
                if pk in targets
            ]

    def citing(self, shown: list[Rule]) -> list[Reference]:
        """The citations of the shown rules by rules not shown, in reading order of the
        citing rule."""
        pks = {rule.pk for rule in shown}
        rows = [row for pk in pks for row in self.kept.cited_by.get(pk, ())]
        rows = [row for row in rows if row[_SOURCE] not in pks]
        rows.sort(key=lambda row: (self.kept.by_pk[row[_SOURCE]], row[_REFERENCE_PK]))
        return [self._reference(row) for row in rows]

    def at(self, number: str) -> list[Rule]:
        """Every occurrence of a number in reading order, with its sections."""
        return [self._rule(i, sections=True) for i in self.kept.by_number.get(number, ())]

    def first(self, number: str) -> Rule | None:
        """The first rule bearing ``number`` in reading order, or None."""
        found = self.kept.by_number.get(number)
        return self._rule(found[0]) if found else None

    def between(self, first_position: int, last_position: int) -> list[Rule]:
        """The rules whose positions lie in the range, both ends included."""
        low = bisect.bisect_left(self.kept.positions, first_position)
        high = bisect.bisect_right(self.kept.positions, last_position)
        return [self._rule(i) for i in range(low, high)]

    def _under(self, rule: Rule, own: bool) -> list[int]:
        """Indexes of the rules right after ``rule`` (itself first when ``own``) that are its
        numeric descendants, up to the first gap, repeat of its number or other rule."""
        start = self.kept.by_pk.get(rule.pk)
        if start is None:
            return []
        out: list[int] = []
        for i in range(start if own else start + 1, len(self.kept.rows)):
            row = self.kept.rows[i]
            if row[_POSITION] != rule.position + len(out) + (0 if own else 1):
                break
            if row[_NUMBER] == rule.number:
                if row[_PK] != rule.pk:
                    break  # a repeated number starts a block of its own
            elif not row[_NUMBER].startswith(rule.number + "."):
                break
            out.append(i)
        return out

    def span_under(self, rule: Rule) -> list[Rule]:
        """The rule and its contiguous numeric descendants."""
        return [self._rule(i) for i in self._under(rule, own=True)]

    def count_under(self, rule: Rule) -> int:
        """How many contiguous numeric descendants follow the rule."""
        return len(self._under(rule, own=False))

    def neighbours(self, section: Rule) -> tuple[Rule | None, Rule | None]:
        """The headings of ``section``'s level just before and just after it."""
        rows, level, position = self.kept.rows, section.heading_level, section.position
        same = [i for i in self.kept.headings if rows[i][_LEVEL] == level]
        before = [i for i in same if rows[i][_POSITION] < position]
        after = [i for i in same if rows[i][_POSITION] > position]
        return (
            self._rule(before[-1]) if before else None,
            self._rule(after[0]) if after else None,
        )

    def grouped_under(self, heading: Rule) -> list[Rule]:
        """The sections after a grouping heading at its level, up to the next grouping
        heading or a heading of a higher level (``rules.grouped_sections``)."""
        out = []
        for i in self.kept.headings:
            row = self.kept.rows[i]
            if row[_POSITION] <= heading.position or row[_LEVEL] > heading.heading_level:
                continue
            if row[_LEVEL] < heading.heading_level or row[_END] == row[_POSITION]:
                break
            out.append(self._rule(i))
        return out


def of(document: Document) -> DocumentRules:
    return DocumentRules(document)


def first_rule(document: Document, number: str) -> Rule | None:
    """The first rule numbered ``number`` in the document, or None."""
    return of(document).first(number)
