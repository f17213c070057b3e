"""``manage.py rebuild_index``: build a fresh search index from the database and swap it in.

Safe to run while the site serves: the new index is built beside the live one and replaced in
one atomic step, and only one rebuild runs at a time (the backend holds a lock).

``--if-outdated`` rebuilds only when there is no index, the live one was built by code of
another index format (``rulebook.search.base.INDEX_FORMAT``), or it reflects another data
generation than the database's (``rulebook.search.freshness``: an ingest whose index update
never ran). Either way an old index still answers, only worse or from older text, and
nothing else would fix it. ``make serve`` runs it before starting the site.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from rulebook.search import encode_rules, entries_from_database, freshness, get_backend
from rulebook.search.base import INDEX_FORMAT
from rulebook.search.entries import default_rule_entries


class Command(BaseCommand):
    help = "Rebuild the search index from the database (new generation, atomic swap)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-outdated",
            action="store_true",
            help="only when there is no index, it was built with another index format, or "
            "from another data generation than the database's",
        )

    def handle(self, *args, **opts):
        backend = get_backend()
        stdout = self.stdout if opts["verbosity"] else None
        if opts["if_outdated"]:
            why = self._outdated(backend, opts["verbosity"])
            if why is None:  # still, rules without a vector get one (after an upgrade)
                encode_rules(default_rule_entries(), stdout)
                return
            if opts["verbosity"]:
                self.stdout.write(why)
        entries = list(entries_from_database())
        encode_rules(entries, stdout)  # before the index: its new generation reads them
        started = time.perf_counter()
        try:
            count = backend.rebuild(entries)
        except Exception as exc:
            raise CommandError(f"index rebuild failed: {exc}") from exc
        elapsed = time.perf_counter() - started
        if opts["verbosity"]:
            self.stdout.write(
                self.style.SUCCESS(
                    f"Indexed {count} entries with {type(backend).__name__} in {elapsed:.1f}s."
                )
            )

    def _outdated(self, backend, verbosity) -> str | None:
        """Why the live index needs a rebuild, or None (said, at verbosity) when it is current."""
        built = backend.built_format()
        if built != INDEX_FORMAT:
            found = "no index" if built is None else f"format {built}"
            return f"Search index: {found}, this code writes {INDEX_FORMAT}."
        stamp, data = backend.built_generation(), freshness.database_stamp()
        if stamp != data:
            return f"Search {freshness.describe(stamp, data)}: rebuilding."
        if verbosity:
            self.stdout.write(
                f"Search index is current (format {built}, data generation {data.number}); "
                "not rebuilt."
            )
        return None
