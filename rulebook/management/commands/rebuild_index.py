"""``manage.py rebuild_index``: build a fresh search index from the database and swap it in.

Safe to run while the site serves: the new index is built beside the live one and replaced in
one atomic step, and only one rebuild runs at a time (the backend holds a lock).
"""

import time

from django.core.management.base import BaseCommand, CommandError

from rulebook.search import entries_from_database, get_backend


class Command(BaseCommand):
    help = "Rebuild the search index from the database (new generation, atomic swap)."

    def handle(self, *args, **opts):
        backend = get_backend()
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
