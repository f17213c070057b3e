"""Citations of another document of the game, resolved by number and printed title.

The Tournament Rules cite the Core Rules as "See CR 127. Privacy": a number, and the title of
the rule it was when the sentence was written. Numbers move (127 has been Ownership since the
2026-03-30 renumbering, Privacy is 128), so a citation is read in the version where its number
bears its title, and followed from there to the newest version through the history engine,
as FAQ citations are (``rulebook.loading.citations``). A citation without a title is read in
the version the document's titled citations agree on; one whose title its number bears in no
version is read there too, and reported.

Part of the relink pass (``rulebook.loading.links.relink``), which runs after every ingest:
a new Core Rules version moves every citation onto its rule there. Each citation is a ``Link``
from the citing rule to the rule (``target_kind`` rule); ``position`` is where its words start
in the citing rule's text and ``written`` is those words, so pages can link them in place.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ingest.citations import Citation, find_citations
from rulebook import kinds
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.loading.bulk import insert_rows
from rulebook.loading.citations import REMOVED, UNRESOLVED, CitationResolver
from rulebook.models import Document, Link, Rule

MAX_LISTED = 50
# How a citation was read, the first part of its link's ``note``: in the version where its
# number bears its title, in the document's agreed version (it printed no title), or there
# although its title disagrees with the number in every version.
BY_TITLE, BY_NUMBER, MISMATCH = "title", "number", "mismatch"
REPORT_KEY = "cited documents"


@dataclass
class Found:
    rule_pk: int
    rule_number: str
    text: str
    citation: Citation


@dataclass
class CitedReport:
    """What one document's citations of one other kind came to, for the ingest report."""

    against: str = ""
    read_in: str = ""
    counts: Counter = field(default_factory=Counter)
    disagree: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    renumbered: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "against": self.against,
            "read in": self.read_in,
            "citations": sum(self.counts.values()),
            "counts": dict(sorted(self.counts.items())),
            "title disagrees": self.disagree[:MAX_LISTED],
            "unresolved": self.unresolved[:MAX_LISTED],
            "renumbered": self.renumbered[:MAX_LISTED],
        }


def citations_in(document, names: dict) -> list[Found]:
    """Every citation of another kind in a document's rules, in reading order."""
    rows = Rule.objects.in_document(document).in_order().values_list("pk", "number", "text")
    return [
        Found(pk, number, text, citation)
        for pk, number, text in rows
        for citation in find_citations(text, names)
    ]


def relink_documents(game, core: CitationResolver | None = None) -> dict[int, dict]:
    """Rebuild the links of every citation between the game's documents; returns each citing
    document's report by its id (also stored in its ``report``). ``core``: the English Core
    Rules' resolver when the caller has one (the FAQ citations' own)."""
    Link.objects.filter(game=game, source_kind=Link.RULE, target_kind=Link.RULE).delete()
    names = kinds.citation_names()
    resolvers: dict[tuple[str, str], CitationResolver] = {}
    if core is not None:
        resolvers[(kinds.CORE_RULES, KNOWLEDGE_LANGUAGE)] = core
    links, reports = [], {}
    documents = Document.objects.filter(game=game).order_by("kind", "language", "version")
    reported = set(documents.filter(report__has_key=REPORT_KEY).values_list("pk", flat=True))
    for document in documents:
        others = {kind: words for kind, words in names.items() if kind != document.kind}
        found = citations_in(document, others) if others else []
        by_kind: dict[str, list[Found]] = {}
        for item in found:
            by_kind.setdefault(item.citation.kind, []).append(item)
        report = {}
        for kind, items in by_kind.items():
            resolver = _resolver(game, kind, document.language, resolvers)
            cited = CitedReport()
            links.extend(_links(game, document, items, resolver, cited))
            report[kind] = cited.as_dict()
        if report or document.pk in reported:
            _store_report(document, report)
            reports[document.pk] = report
    insert_rows(Link, links)
    return reports


def _store_report(document, report: dict) -> None:
    """The citations' report beside the ingest's own (read from the database: the large
    report is left unread until here, and only documents that cite another are written)."""
    stored = Document.objects.only("report").get(pk=document.pk)
    stored.report = {**stored.report, REPORT_KEY: report}
    stored.save(update_fields=["report"])


def _resolver(game, kind: str, language: str, known: dict) -> CitationResolver:
    """The cited kind's versions in the citing document's language, else in English."""
    has = Document.objects.filter(game=game, kind=kind, language=language).exists()
    language = language if has else KNOWLEDGE_LANGUAGE
    if (kind, language) not in known:
        known[(kind, language)] = CitationResolver(game, kind, language)
    return known[(kind, language)]


def agreed_version(document, items: list[Found], resolver: CitationResolver):
    """The version the document's titled citations agree with most (the newest on a tie),
    else the one in force at the document's date, else the oldest."""
    votes = Counter()
    for item in items:
        for version in resolver.bearing(item.citation.number, item.citation.title):
            votes[version.version] += 1
    if votes:
        best = max(votes.items(), key=lambda pair: (pair[1], pair[0]))[0]
        return next(d for d in resolver.documents if d.version == best)
    in_force = [d for d in resolver.documents if d.version <= document.version]
    return in_force[-1] if in_force else resolver.documents[0]


def _links(game, document, items: list[Found], resolver: CitationResolver, report: CitedReport):
    if resolver.newest is None:
        report.counts[UNRESOLVED] += len(items)
        report.unresolved.extend(_label(item) for item in items)
        return [_link(game, document, item, None, UNRESOLVED) for item in items]
    agreed = agreed_version(document, items, resolver)
    report.against, report.read_in = _named(resolver.newest), _named(agreed)
    out = []
    for item in items:
        citation = item.citation
        bearing = resolver.bearing(citation.number, citation.title)
        how = BY_TITLE if bearing else (MISMATCH if citation.title else BY_NUMBER)
        cited = bearing[-1] if bearing else agreed
        found = resolver.follow(cited, citation.number)
        note = f"{how}:{cited.version}:{citation.number}"
        report.counts[how if found.rule_id else UNRESOLVED] += 1
        if how == MISMATCH:
            report.disagree.append(f"{_label(item)}: {_mismatch(resolver, citation, cited)}")
        if not found.rule_id:
            report.unresolved.append(_label(item))
        elif found.number != citation.number or found.how == REMOVED:
            report.renumbered.append(f"{_label(item)} -> {found.number}")
        out.append(_link(game, document, item, found, note))
    return out


def _named(document) -> str:
    """ "2025-12-01 (v1.2)": a version as the report names it."""
    return f"{document.version} ({document.label})" if document.label else document.version


def _mismatch(resolver: CitationResolver, citation: Citation, cited) -> str:
    text = resolver.texts.get((cited.version, citation.number)) or "nothing"
    return (
        f"{citation.number} is titled “{citation.title}” in no version; read in "
        f"{cited.version}, where it is “{text[:60]}”"
    )


def _label(item: Found) -> str:
    citation = item.citation
    return f"{item.rule_number}: {item.text[citation.start : citation.end]}"


def _link(game, document, item: Found, found, note: str) -> Link:
    citation = item.citation
    return Link(
        game=game,
        document=document,
        source_kind=Link.RULE,
        source_id=item.rule_pk,
        target_kind=Link.RULE,
        target_key=(found.number if found else citation.number)[:200],
        target_id=found.rule_id if found else None,
        written=item.text[citation.start : citation.end][:200],
        note=note[:300],
        position=citation.start,
    )
