"""``manage.py rebuild_index``: build a fresh search index from the database and swap it in.

Safe to run while the site serves: the new index is built beside the live one and replaced in
one atomic step, and only one rebuild runs at a time (the backend holds a lock).

``--if-outdated`` rebuilds only when there is no index or the live one was built by code of
another index format (``rulebook.search.base.INDEX_FORMAT``): after an upgrade that changes
what is indexed, an old index still answers, only worse, and nothing else would say so.
``make serve`` runs it before starting the site.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from rulebook.search import entries_from_database, get_backend
from rulebook.search.base import INDEX_FORMAT


class Command(BaseCommand):
    help = "Rebuild the search index from the database (new generation, atomic swap)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-outdated",
            action="store_true",
            help="only when there is no index or it was built with another index format",
        )

    def handle(self, *args, **opts):
        backend = get_backend()
        if opts["if_outdated"]:
            built = backend.built_format()
            if built == INDEX_FORMAT:
                if opts["verbosity"]:
                    self.stdout.write(f"Search index is current (format {built}); not rebuilt.")
                return
            if opts["verbosity"]:
                found = "no index" if built is None else f"format {built}"
                self.stdout.write(f"Search index: {found}, this code writes {INDEX_FORMAT}.")
        started = time.perf_counter()
        try:
            count = backend.rebuild(entries_from_database())
        except Exception as exc:
            raise CommandError(f"index rebuild failed: {exc}") from exc
        elapsed = time.perf_counter() - started
        if opts["verbosity"]:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Indexed {count} entries with {type(backend).__name__} in {elapsed:.1f}s."
                )
            )
