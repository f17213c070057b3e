"""``manage.py remove_game SLUG [--dry-run]``: drop a game (the demo ones, say) in one go."""

from django.core.management.base import BaseCommand, CommandError

from rulebook.loading.remove import UnknownGame, remove_game


class Command(BaseCommand):
    help = "Remove a game and everything under it in one transaction (--dry-run: counts only)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the game's slug, e.g. lanternfall")
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would go; change nothing"
        )

    def handle(self, *args, **opts):
        try:
            removal = remove_game(opts["slug"], dry_run=opts["dry_run"])
        except UnknownGame as exc:
            raise CommandError(str(exc)) from exc
        verb = "Would remove" if removal.dry_run else "Removed"
        self.stdout.write(f"{verb} {removal.name} ({removal.game}): {removal.total} rows")
        for label, count in removal.counts.items():
            self.stdout.write(f"  {label}: {count}")
        if removal.dry_run:
            self.stdout.write("Dry run: nothing changed.")
            return
        from rulebook.search import rebuild_after_ingest

        rebuild_after_ingest(stdout=self.stdout if opts["verbosity"] else None)
