"""``manage.py ingest PATH [PATH ...]``: parse, load and report rules and knowledge files.

Each file's kind is detected from its content: rules documents (Markdown, HTML, JSON), the
community and official FAQs, errata, the card gallery and the banned list. Knowledge files need
no --doc-version; their report counts created/updated/unchanged rows and resolved citations.
"""

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from ingest.model import IngestError
from ingest.report import format_report
from rulebook import kinds, languages
from rulebook.loading.guards import RefusedIngest
from rulebook.loading.report import format_cited, format_links
from rulebook.loading.report import format_report as format_knowledge_report
from rulebook.loading.run import (
    IngestOptions,
    StrictModeError,
    changed_scope,
    expand_paths,
    run_ingest,
)
from rulebook.loading.sources import KnowledgePrepared


class Command(BaseCommand):
    help = "Ingest rules documents, FAQs, errata and cards, detecting the format from the content."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="Files or directories to ingest.")
        parser.add_argument("--game", default="riftbound")
        parser.add_argument(
            "--kind",
            choices=kinds.keys(),
            help="Rules documents only; default: the kind the title line names, else "
            f"{kinds.CORE_RULES}.",
        )
        parser.add_argument("--language", choices=languages.codes())
        parser.add_argument(
            "--doc-version",
            dest="doc_version",
            help="YYYY-MM-DD or YYYY-MM; overrides the document and file name (rules only).",
        )
        parser.add_argument("--strict", action="store_true", help="Fail on any anomaly.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Parse and report; write nothing."
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Reload rules documents even when unchanged (after an upgrade).",
        )
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Let different content replace a stored version (atomically), and let a "
            "knowledge file remove more than 10%% of its entries, cards or printings.",
        )
        parser.add_argument(
            "--allow-anomalies",
            action="store_true",
            help="Load a rules document the plausibility checks refuse (too few rules, "
            "rows of the wrong type).",
        )

    def handle(self, *args, **opts):
        options = IngestOptions(
            game=opts["game"],
            kind=opts["kind"],
            language=opts["language"],
            version=opts["doc_version"],
            strict=opts["strict"],
            dry_run=opts["dry_run"],
            force=opts["force"],
            replace=opts["replace"],
            allow_anomalies=opts["allow_anomalies"],
        )
        verbosity = opts["verbosity"]
        try:
            total = len(expand_paths(opts["paths"])) * 2
            with tqdm(
                total=total, disable=verbosity == 0, unit="step", file=self.stderr._out, leave=False
            ) as bar:
                results = run_ingest(
                    opts["paths"],
                    options,
                    progress=lambda _msg: bar.update(),
                    warn=lambda msg: self.stderr.write(self.style.WARNING(f"warning: {msg}")),
                )
        except (IngestError, StrictModeError, RefusedIngest) as exc:
            raise CommandError(str(exc)) from exc
        if verbosity:
            self._write_results(results, options.dry_run)
        counts = {
            s: sum(1 for _, r in results if r.status == s)
            for s in ("created", "updated", "unchanged")
        }
        if verbosity:
            self.stdout.write(
                self.style.SUCCESS(
                    "Files: {created} created, {updated} updated, {unchanged} unchanged.".format(
                        **counts
                    )
                )
            )
        if not options.dry_run and (counts["created"] or counts["updated"]):
            documents, games, knowledge, created = changed_scope(results, options)
            self._index(documents, games, knowledge, created, verbosity)
            self._warm({d[:3] for d in documents}, verbosity)

    def _index(self, documents, games, knowledge, created, verbosity):
        from django.conf import settings

        from rulebook.search import update_after_ingest

        if settings.RULEBOOK_INDEX_AFTER_INGEST:
            stdout = self.stdout if verbosity else None
            update_after_ingest(documents, games, knowledge, stdout=stdout, created=created)
        elif verbosity:
            self.stdout.write("Search index left as it was: run `manage.py rebuild_index`.")

    def _warm(self, families, verbosity):
        from django.conf import settings

        from rulebook.web import caching

        if settings.RULEBOOK_WARM_ORIGINS and families:
            paths = caching.comparison_paths(families)
            stored = caching.warm(settings.RULEBOOK_WARM_ORIGINS, paths)
            if verbosity:
                self.stdout.write(f"Pages rendered ahead: {stored}.")

    def _write_results(self, results, dry_run):
        suffix = " (dry run, nothing written)" if dry_run else ""
        links = None
        for item, result in results:
            if isinstance(item, KnowledgePrepared):
                head = f"{item.path} -> {item.game} {item.kind}: {result.status}{suffix}"
                self.stdout.write(self.style.MIGRATE_HEADING(head))
                self.stdout.write(format_knowledge_report(result.report))
                links = result.report.get("links") or links
                continue
            meta = item.meta
            self.stdout.write(
                self.style.MIGRATE_HEADING(
                    f"{item.path} -> {meta.game} {meta.kind} {meta.language} "
                    f"{meta.version}: {result.status}{suffix}"
                )
            )
            self.stdout.write(format_report(result.report))
            if result.report.get("cited documents"):
                self.stdout.write(format_cited(result.report["cited documents"]))
            for reason in result.report.get("accepted anomalies", []):
                self.stdout.write(self.style.WARNING(f"  accepted (--allow-anomalies): {reason}"))
        if links:
            self.stdout.write(format_links(links))
