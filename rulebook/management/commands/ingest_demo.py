"""``manage.py ingest_demo``: load the bundled demo game, as the README's run command does."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from ingest.model import IngestError
from ingest.questions import bank_files, parse_bank
from rulebook.loading.guards import RefusedIngest
from rulebook.loading.questions import load_banks
from rulebook.loading.run import demo_batches, run_ingest


class Command(BaseCommand):
    help = "Ingest the bundled demo ruleset (demo/<game>/<kind>/<language>/)."

    def handle(self, *args, **opts):
        verbosity = opts["verbosity"]
        counts = {"created": 0, "updated": 0, "unchanged": 0}
        try:
            with transaction.atomic():
                for files, options in demo_batches(settings.DEMO_DIR):
                    for item, result in run_ingest(files, options):
                        counts[result.status] += 1
                        if verbosity > 1:
                            self.stdout.write(f"{item.path.name}: {result.status}")
                banks = bank_files(sorted(settings.DEMO_DIR.glob("*/questions")))
                asked = load_banks([parse_bank(path) for path in banks])
        except (IngestError, RefusedIngest) as exc:
            raise CommandError(str(exc)) from exc
        if verbosity:
            self.stdout.write(
                self.style.SUCCESS(
                    "Demo documents: {created} created, {updated} updated, "
                    "{unchanged} unchanged.".format(**counts)
                )
            )
        changed = counts["created"] or counts["updated"] or asked.changed
        if changed and settings.RULEBOOK_INDEX_AFTER_INGEST:
            from rulebook.search import rebuild_after_ingest

            rebuild_after_ingest(stdout=self.stdout if verbosity else None)
