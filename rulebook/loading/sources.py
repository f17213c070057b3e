"""The knowledge half of ``ingest``: route a file by content, parse it, load it, relink.

Parsing reads the database (the newest keywords and card names sharpen keyword and card
detection) but never writes; files of one batch are parsed in dependency order (banned list,
cards, errata, FAQ) so a FAQ sees the cards loaded beside it. Whatever parsing misses because
the rules or cards are not there yet, the relink pass fills in later.
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
from rulebook.loading import knowledge as loader
from rulebook.loading.knowledge import KnowledgeResult
from rulebook.loading.links import newest_english, relink
from rulebook.models import Card, Game, Keyword, KnowledgeSource

ORDER = ["banned", "cards", "errata", "faq-community", "faq-official"]
LOAD_ORDER = ["cards", "banned", "errata", "faq-community", "faq-official"]


@dataclass
class KnowledgePrepared:
    path: Path
    kind: str
    game: str
    text: str
    parsed: object = None
    findings: list = field(default_factory=list)


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


def _context(game: str) -> tuple[list, list[str]]:
    """Keywords of the newest English Core Rules and the known card names, from the DB."""
    game_obj = Game.objects.filter(slug=game).first()
    if game_obj is None:
        return [], []
    document = newest_english(game_obj)
    keywords = list(Keyword.objects.filter(document=document)) if document else []
    names = list(Card.objects.filter(game=game_obj).values_list("name", flat=True))
    return keywords, names


def parse_all(items: list[KnowledgePrepared]) -> None:
    """Parse every knowledge file of a batch (no writes); IngestError on a broken file."""
    items.sort(key=lambda item: ORDER.index(item.kind))
    contexts: dict[str, tuple] = {}
    banned: dict[str, list[str]] = {}
    for item in items:
        keywords, names = contexts.setdefault(item.game, _context(item.game))
        try:
            _parse(item, keywords, names, banned)
        except IngestError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise IngestError(f"unexpected {item.kind} structure: {exc!r}", str(item.path)) from exc
    items.sort(key=lambda item: LOAD_ORDER.index(item.kind))  # banned flags after the cards


def _parse(item: KnowledgePrepared, keywords, names: list[str], banned: dict) -> None:
    name = str(item.path)
    if item.kind == "banned":
        item.parsed = banned[item.game] = card_parser.parse_banned(item.text, name)
    elif item.kind == "cards":
        listed = banned.get(item.game) or loader.stored_banned(item.game)
        gallery = card_parser.parse_gallery(
            item.text, name, banned=listed, known_keywords=[k.name for k in keywords] or None
        )
        item.parsed, item.findings = gallery, gallery.findings
        names.extend(card.name for card in gallery.cards)
    elif item.kind == "errata":
        result = parse_errata(item.text, name)
        item.parsed, item.findings = result, result.findings
    elif item.kind == "faq-community":
        faq = parse_community(item.text, name, keywords=keywords or None)
        item.parsed, item.findings = faq, faq.findings
    else:
        item.parsed = parse_official(item.text, name, card_names=names, keywords=keywords)


def load(item: KnowledgePrepared) -> KnowledgeResult:
    """Write one parsed knowledge file; the caller's transaction covers the whole batch."""
    game, _ = Game.objects.get_or_create(
        slug=item.game, defaults={"name": item.game.replace("-", " ").title()}
    )
    loaders = {
        "banned": lambda: loader.apply_banned(game, item.parsed),
        "cards": lambda: loader.load_gallery(game, item.parsed),
        "errata": lambda: loader.load_errata(game, item.parsed),
        "faq-community": lambda: loader.load_community(game, item.parsed),
        "faq-official": lambda: loader.load_official(game, item.parsed),
    }
    result = KnowledgeResult(kind=item.kind, counts=loaders[item.kind]())
    result.settle()
    result.report = {
        "kind": item.kind,
        "source": item.path.name,
        "status": result.status,
        "counts": result.counts,
        "findings": [f.as_dict() for f in item.findings],
    }
    if item.kind == "banned":
        result.report["names"] = list(item.parsed)
    loader.record_source(game, item.kind, item.path.name, item.text, result.report)
    return result


def relink_games(slugs: set[str], results: list) -> None:
    """Relink each game once; knowledge results and their stored sources get the summary."""
    summaries = {}
    for game in Game.objects.filter(slug__in=slugs):
        summaries[game.slug] = summary = relink(game)
        for source in KnowledgeSource.objects.filter(game=game):
            source.report = {**source.report, "links": summary}
            source.save(update_fields=["report"])
    for result in results:
        if isinstance(result, KnowledgeResult) and len(summaries) == 1:
            result.report["links"] = next(iter(summaries.values()))


def format_report(report: dict) -> str:
    """Human-readable lines for the ingest command."""
    lines = []
    for what, tally in report.get("counts", {}).items():
        lines.append(
            f"  {what}: {tally['created']} created, {tally['updated']} updated, "
            f"{tally['unchanged']} unchanged, {tally['removed']} removed"
        )
    findings = report.get("findings", [])
    lines.append(f"  findings: {len(findings)}" + ("" if findings else " (none)"))
    lines.extend(f"    {f['kind']}: {f['detail']}" for f in findings[:20])
    return "\n".join(lines)


def format_links(summary: dict) -> str:
    lines = [f"Citations resolved against Core Rules {summary.get('against') or '(none yet)'}:"]
    for kind, tally in sorted(summary.get("counts", {}).items()):
        lines.append(f"  {kind}: {tally['resolved']} resolved, {tally['unresolved']} unresolved")
    share = summary.get("faq_rule_share")
    if share is not None:
        lines.append(f"  FAQ rule citations resolved: {share:.1%}")
    unresolved = summary.get("unresolved_faq_rules", [])
    if unresolved:
        lines.append("  Unresolved FAQ rule citations:")
        lines.extend(f"    {item}" for item in unresolved)
    return "\n".join(lines)
