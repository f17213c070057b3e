"""Plain functions behind the ``ingest`` command: parse every file first, then load them all.

Each file is routed by its content (``detect_kind``) before the rules parser sees it: FAQ,
errata, card and banned-list files go to the knowledge parsers and need no version. Parsing
happens before any write, so an unreadable file fails the run with the database untouched;
loading happens in one transaction (rules first, then knowledge, then one relink pass per
game), so a ``--strict`` failure or a refusal (``guards.RefusedIngest``) rolls back
everything.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import transaction

from ingest import limits, metadata
from ingest.decode import read_source
from ingest.limits import Limits
from ingest.model import IngestError, ParsedDocument
from ingest.parse import parse_any
from rulebook import kinds
from rulebook.loading import generation, guards, precompute, questions, sources
from rulebook.loading.documents import DocumentMeta, load_document
from rulebook.loading.sources import KnowledgePrepared
from rulebook.models import Game


class StrictModeError(Exception):
    """Raised inside the transaction so that ``--strict`` leaves nothing behind."""


@dataclass(frozen=True)
class IngestOptions:
    """What the command line asked for: frozen, so that a run settles what the database says
    (prose allowed, the limits in force) on a copy, never on the caller's options."""

    game: str = "riftbound"
    kind: str | None = None  # None: the document's title line says (else Core Rules)
    language: str | None = None
    version: str | None = None
    strict: bool = False
    dry_run: bool = False
    # Whether a file without numbered rules may be read as prose: never for a game whose
    # documents are numbered (a numbered file that lost its numbers must fail loudly).
    allow_prose: bool = True
    force: bool = False
    replace: bool = False  # different bytes may replace a stored version (or drop entries)
    allow_anomalies: bool = False
    limits: Limits | None = None  # None: the RULEBOOK_MAX_* settings


@dataclass
class Prepared:
    path: Path
    parsed: ParsedDocument
    meta: DocumentMeta
    notes: list = field(default_factory=list)


def expand_paths(paths) -> list[Path]:
    """Files as given; directories contribute their files in name order."""
    out = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out.extend(
                sorted(p for p in path.rglob("*") if p.is_file() and not p.name.startswith("."))
            )
        elif path.exists():
            out.append(path)
        else:
            raise IngestError("no such file or directory", f"{path}:0")
    return out


def prepare(path: Path, options: IngestOptions, text: str | None = None) -> Prepared:
    """Read and parse one file, settling its version and language; no database access."""
    text = read_source(path) if text is None else text
    parsed = parse_any(text, filename=str(path), allow_prose=options.allow_prose)
    limits.check_document(parsed, str(path), options.limits or settings_limits())
    try:
        version, findings = metadata.resolve_version(
            options.version, parsed.version, metadata.version_from_filename(path.name)
        )
    except IngestError as exc:
        raise IngestError(exc.reason, f"{path}:1") from exc
    parsed.anomalies.extend(findings)
    in_title = metadata.kind_from_title(parsed.title, kinds.title_patterns())
    kind, findings = metadata.resolve_kind(options.kind, in_title, kinds.CORE_RULES)
    parsed.anomalies.extend(findings)
    language = options.language or parsed.language or metadata.guess_language(text)
    meta = DocumentMeta(
        game=options.game,
        kind=kind,
        language=language,
        version=version,
        label=metadata.label_from_filename(path.name) or "",
        source_name=path.name,
        source_text=text,
        force=options.force,
        replace=options.replace,
        allow_anomalies=options.allow_anomalies,
    )
    return Prepared(path, parsed, meta)


def settings_limits() -> Limits:
    return Limits(
        file_bytes=settings.RULEBOOK_MAX_FILE_BYTES,
        rule_chars=settings.RULEBOOK_MAX_RULE_CHARS,
        depth=settings.RULEBOOK_MAX_RULE_DEPTH,
        rules=settings.RULEBOOK_MAX_RULES,
    )


def anomaly_count(report: dict) -> int:
    return sum(group["count"] for group in report.get("anomalies", {}).values())


def version_warnings(item: Prepared, options: IngestOptions) -> list[str]:
    """``--doc-version`` wins over the document's own date, but a disagreement is worth a
    warning: it is how an old file ends up stored as a newer version."""
    if not options.version:
        return []
    return [
        f"{item.path}: {finding.detail}"
        for finding in item.parsed.anomalies
        if finding.kind == "version-mismatch" and finding.detail.startswith("document says")
    ]


def run_ingest(paths, options: IngestOptions, progress=None, warn=None) -> list[tuple]:
    """Parse all files, then load them in one transaction; returns each file's result.

    Rules documents give (Prepared, LoadResult); knowledge files (KnowledgePrepared,
    KnowledgeResult). Both results have ``status`` and ``report``. ``warn`` receives
    warnings as they arise, before any refusal.
    """
    options = dataclasses.replace(
        options,
        allow_prose=not Game.objects.filter(
            slug=options.game, numbering=Game.Numbering.NUMBERED
        ).exists(),
        limits=options.limits or settings_limits(),
    )
    rules, knowledge = parse_sources(paths, options, progress, warn)
    results = []
    with transaction.atomic(), precompute.sharing():
        for item in rules:
            result = load_document(item.parsed, item.meta)
            results.append((item, result))
            if progress:
                progress(f"loaded {item.path.name}")
            _check_strict(options, item.path, anomaly_count(result.report))
        for item in knowledge:
            result = sources.load(item)
            guards.check_knowledge_drop(item.path, result.counts, options.replace)
            results.append((item, result))
            if progress:
                progress(f"loaded {item.path.name}")
            _check_strict(options, item.path, len(result.report.get("findings", [])))
        sources.relink_games(
            {options.game} | {item.meta.game for item in rules}, [r for _, r in results]
        )
        if options.dry_run:
            transaction.set_rollback(True)
        elif generation.changed(results):
            derive(rules, results)
    return results


def parse_sources(paths, options: IngestOptions, progress=None, warn=None):
    """Every file parsed before anything is written: rules documents and knowledge files."""
    rules, knowledge = [], []
    for path in expand_paths(paths):
        limits.check_file_size(path, options.limits)
        text = read_source(path)
        kind = sources.route(text, path)
        if kind is None:
            rules.append(prepare(path, options, text))
            for message in version_warnings(rules[-1], options):
                if warn:
                    warn(message)
        else:
            knowledge.append(KnowledgePrepared(path, kind, options.game, text))
        if progress:
            progress(f"parsed {path.name}")
    sources.parse_all(knowledge, force=options.force)
    return rules, knowledge


def derive(rules, results) -> None:
    """The second pass, inside the load's transaction: a new data generation, and the
    histories of the rules families that changed computed against it."""
    number = generation.bump()
    changed = {
        (item.meta.game, item.meta.kind, item.meta.language)
        for item, result in results[: len(rules)]
        if result.status != "unchanged"
    }
    precompute.histories(changed, number)
    precompute.ahead(number, changed, results)  # pages rendered ahead for the new generation
    # A new or renumbered version moves each bank question onto its rule there.
    questions.place_all({game for game, kind, _language in changed if kind == kinds.CORE_RULES})


def changed_scope(results, options: IngestOptions) -> tuple[set, set, set, set]:
    """What a run changed, for the search index: the rules documents (game, kind, language,
    version) created or updated, the games whose rules changed, the games whose knowledge
    files (FAQ, errata, cards) changed, and the rules documents created."""
    documents, games, knowledge, created = set(), set(), set(), set()
    for item, result in results:
        if result.status == "unchanged":
            continue
        meta = getattr(item, "meta", None)
        if meta is not None:
            document = (meta.game, meta.kind, meta.language, result.document.version)
            documents.add(document)
            if result.status == "created":
                created.add(document)
            games.add(meta.game)
        else:
            knowledge.add(options.game)
    return documents, games, knowledge, created


def _check_strict(options: IngestOptions, path: Path, anomalies: int) -> None:
    if options.strict and anomalies:
        raise StrictModeError(f"{path}: {anomalies} anomalies (--strict)")


def demo_batches(root: Path) -> list[tuple[list[Path], IngestOptions]]:
    """The bundled demo data: ``<game>/<kind>/<language>/<files>`` for rules, then
    ``<game>/cards/`` and ``<game>/faq/`` (no language level: their kind is in the content)."""
    batches = []
    for kind_dir in sorted(root.glob("*/*/")):
        if kind_dir.name not in kinds.keys():
            continue
        for lang_dir in sorted(p for p in kind_dir.iterdir() if p.is_dir()):
            files = sorted(p for p in lang_dir.iterdir() if p.is_file())
            # The bundled files are the truth for the demo games: a newer checkout's edited
            # demo file replaces the version an older ``make run`` stored.
            options = IngestOptions(
                game=kind_dir.parent.name,
                kind=kind_dir.name,
                language=lang_dir.name,
                replace=True,
            )
            batches.append((files, options))
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        files = [
            f
            for name in ("cards", "faq")
            if (game_dir / name).is_dir()
            for f in sorted((game_dir / name).iterdir())
            if f.is_file()
        ]
        if files:
            batches.append((files, IngestOptions(game=game_dir.name, replace=True)))
    return batches
