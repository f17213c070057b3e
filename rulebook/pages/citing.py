"""Rules of another document that cite the rules a page shows: the Tournament Rules citing a
Core Rules rule, listed on its page as the FAQ rulings and cards that cite it are.

The citations are resolved to the newest version of the cited document
(``rulebook.loading.crossrefs``), by number there; only the newest version of each citing
document is listed (an older Tournament Rules is history, not a reference).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulebook import kinds
from rulebook.models import Document, Link, Rule

LIMIT = 24


@dataclass
class CitingDocument:
    """One citing document and its rules that cite the shown rules, in reading order."""

    document: Document
    # Each rule carries ``cited``: the number it cites (the shown rule or a sub-rule).
    rules: list[Rule] = field(default_factory=list)

    @property
    def abbreviation(self) -> str:
        kind = kinds.get(self.document.kind)
        return kind.abbreviation if kind else ""


def citing_documents(document, numbers: list[str], limit: int = LIMIT) -> list[CitingDocument]:
    """Other documents' rules that cite ``numbers`` of ``document`` (its newest version)."""
    links = Link.objects.of_game(document.game).from_rules().to_rules(numbers).resolved()
    links = links.exclude(document__kind=document.kind).exclude(document=None)
    rows = list(links.values_list("source_id", "target_key", "document_id"))
    if not rows:
        return []
    newest = _newest(document.game, {document_id for _s, _t, document_id in rows})
    cites = {source: target for source, target, document_id in rows if document_id in newest}
    found = (
        Rule.objects.filter(pk__in=cites)
        .select_related("document__game")
        .defer("document__report")
        .order_by("document__kind", "document__language", "position")
    )
    out: dict[int, CitingDocument] = {}
    for rule in found[:limit]:
        group = out.setdefault(rule.document_id, CitingDocument(rule.document))
        rule.cited = cites[rule.pk]
        group.rules.append(rule)
    return list(out.values())


def _newest(game, document_ids: set[int]) -> set[int]:
    """Those of ``document_ids`` that are the newest version of their kind and language."""
    documents = Document.objects.filter(pk__in=document_ids).values_list("kind", "language")
    newest = set()
    for kind, language in set(documents):
        found = Document.objects.default(game, kind, language)
        if found is not None:
            newest.add(found.pk)
    return newest & document_ids
