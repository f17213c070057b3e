"""The one place that writes parsed documents into the database.

``load_document`` is a single transaction: the rule rows first, then a second pass for derived
data (parents, sections, cross-references, and for Core Rules the keyword glossary with its
rule -> keyword links). Documents are keyed on their natural key
(game, kind, language, version), so a re-ingest of the same bytes changes nothing and a new
version becomes a new document beside the old ones. Different bytes for a stored version
are refused unless the caller asked to replace it (``rulebook.loading.guards``); a replacement
happens inside the same transaction, so readers see the old rows until the new ones commit.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.db import transaction

from ingest import numbers, structure
from ingest.citations import outside_citations
from ingest.model import ParsedDocument
from ingest.references import find_document_references
from ingest.report import build_report
from rulebook import kinds
from rulebook.loading import guards
from rulebook.loading.bulk import insert_rows, update_columns
from rulebook.loading.keywords import store_entries, store_keywords
from rulebook.models import Document, Game, Link, Reference, Rule

CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"


@dataclass
class LoadResult:
    status: str  # created / updated / unchanged
    document: Document
    report: dict


@dataclass
class DocumentMeta:
    game: str
    kind: str
    language: str
    version: str
    label: str
    source_name: str
    source_text: str
    game_name: str = ""
    force: bool = False  # reload even when the bytes are unchanged (after a code upgrade)
    replace: bool = False  # different bytes may replace a stored version
    allow_anomalies: bool = False  # load a document the plausibility checks doubt


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_document(parsed: ParsedDocument, meta: DocumentMeta) -> LoadResult:
    """Write one parsed document atomically (a dry run rolls back the whole ingest's
    transaction, in ``run.run_ingest``)."""
    digest = content_hash(meta.source_text)
    with transaction.atomic():
        game, _ = Game.objects.get_or_create(
            slug=meta.game, defaults={"name": meta.game_name or meta.game.replace("-", " ").title()}
        )
        _note_numbering(game, parsed)
        existing = Document.objects.filter(
            game=game, kind=meta.kind, language=meta.language, version=meta.version
        ).first()
        if existing and existing.content_hash == digest and not meta.force:
            return LoadResult(UNCHANGED, existing, existing.report)
        guards.check_replacement(existing, digest, parsed, meta)
        accepted = guards.check_plausible(parsed, meta, replacing=existing)
        status = UPDATED if existing else CREATED
        document = existing or Document(
            game=game, kind=meta.kind, language=meta.language, version=meta.version
        )
        if existing:
            existing.rules.all().delete()
            existing.keywords.all().delete()
            Link.objects.filter(document=existing).delete()
        document.label = meta.label
        document.title = parsed.title[:200]
        document.source_name = meta.source_name
        document.source_format = parsed.format
        document.content_hash = digest
        document.save()

        nodes = structure.build_tree(parsed.rules)
        rules = _create_rules(document, parsed, nodes)
        unresolved = _link_references(parsed, rules, meta.language, meta.kind)
        if meta.kind == kinds.CORE_RULES and game.numbering == Game.Numbering.PROSE:
            keywords = store_entries(document, parsed.rules, rules)
        elif meta.kind == kinds.CORE_RULES:
            keywords = store_keywords(document, parsed.rules, rules)
        else:
            keywords = []
        document.report = _report(document, parsed, nodes, unresolved, meta, status)
        document.report["keywords"] = len(keywords)
        if accepted:
            document.report["accepted anomalies"] = accepted
        document.save(update_fields=["report"])
        return LoadResult(status, document, document.report)


def _report(document, parsed, nodes, unresolved, meta: DocumentMeta, status: str) -> dict:
    report = build_report(parsed, nodes, unresolved)
    # A JSON file has no title or date line of its own: say what it was loaded as.
    report["title"] = parsed.title or document.get_kind_display()
    report.update(version=meta.version, language=meta.language, status=status)
    return report


def _note_numbering(game: Game, parsed: ParsedDocument) -> None:
    """A prose document makes its game a prose game, its named entries called after the
    section that lists the first of them ("Universal Reactions")."""
    if not parsed.format.startswith("prose"):
        return
    label = ""
    for rule in parsed.rules:
        if rule.heading and rule.heading_level < 3:
            label = rule.title  # the section a following entry sits in
        elif rule.heading_level == 3 and rule.title:
            break
    game.numbering = Game.Numbering.PROSE
    game.entries_label = label[:80]
    game.save(update_fields=["numbering", "entries_label"])


def _create_rules(document: Document, parsed: ParsedDocument, nodes) -> list[Rule]:
    rules = [
        Rule(
            document=document,
            number_raw=rule.number_raw,
            number=rule.number,
            occurrence=node.occurrence,
            anchor=numbers.anchor(node.number, node.occurrence),
            depth=node.depth,
            sort_key=node.sort_key,
            position=node.position,
            is_heading=rule.heading,
            heading_level=rule.heading_level,
            title=rule.title[:120],
            text=rule.text,
            repairs=rule.repairs,
        )
        for rule, node in zip(parsed.rules, nodes, strict=True)
    ]
    insert_rows(Rule, rules)
    by_position = dict(document.rules.values_list("position", "pk"))
    for rule in rules:
        rule.pk = by_position[rule.position]
    for rule, node in zip(rules, nodes, strict=True):
        rule.parent = (
            rules[node.numeric_parent_index] if node.numeric_parent_index is not None else None
        )
        rule.section = rules[node.section_index] if node.section_index is not None else None
        if rule.is_heading:
            span = structure.section_span(parsed.rules, nodes, node.index)
            rule.section_end = span[-1] if len(span) else node.position
    update_columns(Rule, rules, ["parent", "section", "section_end"])
    return rules


def _link_references(parsed: ParsedDocument, rules: list[Rule], language: str, kind: str) -> list:
    """Second pass: resolve citations within the same document; return the unresolved ones.
    A citation of another document ("CR 110" in the Tournament Rules) is not one of them:
    the relink pass resolves those (``rulebook.loading.crossrefs``)."""
    first_by_number: dict[str, Rule] = {}
    for rule in rules:
        first_by_number.setdefault(rule.number, rule)
    found = find_document_references(parsed.rules, language, known=set(first_by_number))
    others = {k: names for k, names in kinds.citation_names().items() if k != kind}
    found = outside_citations(found, parsed.rules, others)
    unresolved = []
    objects = []
    for ref in found:
        target = first_by_number.get(ref.target)
        if target is None:
            unresolved.append(ref)
        objects.append(
            Reference(
                source=rules[ref.source_index],
                written=ref.written[:120],
                target_number=ref.target,
                target=target,
                kind=ref.kind,
                start=ref.start,
                end=ref.end,
            )
        )
    insert_rows(Reference, objects)
    return unresolved
