"""The knowledge half of an ingest: a registry of knowledge kinds, each parsed then loaded.

A file is routed by its content (``ingest.knowledge.detect``). Each kind is a small class that
knows how to parse its file and how to load what it parsed; the registry orders them twice,
because parsing and loading depend on each other differently: the banned list is parsed
first (the gallery marks banned cards while parsing) but loaded after the cards it flags.

Parsing reads the database (the newest keywords and card names sharpen keyword and card
detection) but never writes; whatever it misses because the rules or cards are not there yet,
the link pass fills in later. A file whose bytes are what was loaded last time is neither
parsed nor loaded again (unless forced): its stored counts are reported as unchanged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ingest.knowledge import cards as card_parser
from ingest.knowledge.community import parse_community
from ingest.knowledge.detect import detect_kind
from ingest.knowledge.errata import parse_errata
from ingest.knowledge.official import parse_official
from ingest.model import IngestError
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.loading import knowledge as loader
from rulebook.loading.links import relink
from rulebook.loading.sync import UNCHANGED, KnowledgeResult, record_source, source_hash
from rulebook.models import Card, Document, Game, Keyword, KnowledgeSource


@dataclass
class KnowledgePrepared:
    path: Path
    kind: str
    game: str
    text: str
    parsed: object = None
    findings: list = field(default_factory=list)
    skipped: bool = False  # same bytes as last time: nothing to parse or load


@dataclass
class ParseContext:
    """What the files of one batch and the database tell a parser about one game."""

    keywords: list
    card_names: list[str]
    banned: list[str] | None = None


class KnowledgeKind:
    name = ""
    parse_rank = 0
    load_rank = 0

    def parse(self, item: KnowledgePrepared, context: ParseContext) -> None:
        raise NotImplementedError

    def load(self, game: Game, parsed) -> dict:
        raise NotImplementedError

    def report_extra(self, parsed) -> dict:
        return {}


REGISTRY: dict[str, KnowledgeKind] = {}


def register(kind_class):
    REGISTRY[kind_class.name] = kind_class()
    return kind_class


@register
class BannedList(KnowledgeKind):
    name, parse_rank, load_rank = loader.BANNED, 0, 1

    def parse(self, item, context):
        item.parsed = context.banned = card_parser.parse_banned(item.text, str(item.path))

    def load(self, game, parsed):
        return loader.apply_banned(game, parsed)

    def report_extra(self, parsed):
        return {"names": list(parsed)}


@register
class CardGallery(KnowledgeKind):
    name, parse_rank, load_rank = "cards", 1, 0

    def parse(self, item, context):
        gallery = card_parser.parse_gallery(
            item.text,
            str(item.path),
            banned=context.banned or loader.stored_banned(item.game),
            known_keywords=[k.name for k in context.keywords] or None,
        )
        item.parsed, item.findings = gallery, gallery.findings
        context.card_names.extend(card.name for card in gallery.cards)

    def load(self, game, parsed):
        return loader.load_gallery(game, parsed)

    def report_extra(self, parsed):
        # The pages' Content-Security-Policy allows images from exactly these origins.
        return {"image_hosts": parsed.image_hosts, "rejected_image_origins": parsed.rejected_images}


@register
class Errata(KnowledgeKind):
    name, parse_rank, load_rank = "errata", 2, 2

    def parse(self, item, context):
        result = parse_errata(item.text, str(item.path))
        item.parsed, item.findings = result, result.findings

    def load(self, game, parsed):
        return loader.load_errata(game, parsed)


@register
class CommunityFaq(KnowledgeKind):
    name, parse_rank, load_rank = "faq-community", 3, 3

    def parse(self, item, context):
        faq = parse_community(item.text, str(item.path), keywords=context.keywords or None)
        item.parsed, item.findings = faq, faq.findings

    def load(self, game, parsed):
        return loader.load_community(game, parsed)


@register
class OfficialFaq(KnowledgeKind):
    name, parse_rank, load_rank = "faq-official", 4, 4

    def parse(self, item, context):
        item.parsed = parse_official(
            item.text,
            str(item.path),
            card_names=context.card_names,
            keywords=context.keywords,
            findings=item.findings,
        )

    def load(self, game, parsed):
        return loader.load_official(game, parsed)


def route(text: str, path: Path) -> str | None:
    """The knowledge kind of a file, None for a rules document; broken JSON is an error here
    rather than a confusing failure of the rules parser later."""
    kind = detect_kind(text, path.name)
    stripped = text.lstrip("\ufeff \t\r\n")
    if kind is None and stripped[:1] in "[{":
        try:
            json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise IngestError(f"not JSON: {exc.msg}", f"{path}:{exc.lineno}") from exc
    return kind


def _context(game: str) -> ParseContext:
    """Keywords of the newest English Core Rules and the known card names, from the DB."""
    game_obj = Game.objects.filter(slug=game).first()
    if game_obj is None:
        return ParseContext([], [])
    document = Document.objects.newest_rules(game_obj, KNOWLEDGE_LANGUAGE)
    keywords = list(Keyword.objects.in_document(document)) if document else []
    names = list(Card.objects.of_game(game_obj).values_list("name", flat=True))
    return ParseContext(keywords, names)


def _unchanged(item: KnowledgePrepared) -> bool:
    stored = KnowledgeSource.objects.filter(game__slug=item.game, kind=item.kind).first()
    return stored is not None and stored.content_hash == source_hash(item.text)


def parse_all(items: list[KnowledgePrepared], force: bool = False) -> None:
    """Parse every knowledge file of a batch (no writes); IngestError on a broken file."""
    items.sort(key=lambda item: REGISTRY[item.kind].parse_rank)
    contexts: dict[str, ParseContext] = {}
    for item in items:
        item.skipped = not force and _unchanged(item)
        if item.skipped:
            continue
        context = contexts.setdefault(item.game, _context(item.game))
        try:
            REGISTRY[item.kind].parse(item, context)
        except IngestError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise IngestError(f"unexpected {item.kind} structure: {exc!r}", str(item.path)) from exc
    items.sort(key=lambda item: REGISTRY[item.kind].load_rank)


def load(item: KnowledgePrepared) -> KnowledgeResult:
    """Write one parsed knowledge file; the caller's transaction covers the whole batch."""
    game, _ = Game.objects.get_or_create(
        slug=item.game, defaults={"name": item.game.replace("-", " ").title()}
    )
    if item.skipped:
        return _unchanged_result(game, item)
    kind = REGISTRY[item.kind]
    result = KnowledgeResult(kind=item.kind, counts=kind.load(game, item.parsed)).settle()
    result.report = {
        "kind": item.kind,
        "source": item.path.name,
        "status": result.status,
        "counts": result.counts,
        "findings": [f.as_dict() for f in item.findings],
        **kind.report_extra(item.parsed),
    }
    record_source(game, item.kind, item.path.name, item.text, result.report)
    return result


def _unchanged_result(game: Game, item: KnowledgePrepared) -> KnowledgeResult:
    """The stored report, every row it counted now counted as unchanged."""
    stored = KnowledgeSource.objects.get(game=game, kind=item.kind)
    counts = {
        what: {
            "created": 0,
            "updated": 0,
            "unchanged": tally["created"] + tally["updated"] + tally["unchanged"],
            "removed": 0,
        }
        for what, tally in stored.report.get("counts", {}).items()
    }
    report = {**stored.report, "status": UNCHANGED, "counts": counts, "source": item.path.name}
    return KnowledgeResult(kind=item.kind, status=UNCHANGED, counts=counts, report=report)


def relink_games(slugs: set[str], results: list) -> None:
    """Relink each game once; knowledge results and their stored sources get the summary."""
    summaries, cited = {}, {}
    for game in Game.objects.filter(slug__in=slugs):
        summaries[game.slug] = summary = relink(game)
        cited.update(summary.pop("cited documents"))  # each citing document's, below
        for source in KnowledgeSource.objects.of_game(game):
            source.report = {**source.report, "links": summary}
            source.save(update_fields=["report"])
    for result in results:
        if isinstance(result, KnowledgeResult) and len(summaries) == 1:
            result.report["links"] = next(iter(summaries.values()))
        document = getattr(result, "document", None)  # a rules document's: its citations
        if document is not None and document.pk in cited:
            result.report["cited documents"] = cited[document.pk]
