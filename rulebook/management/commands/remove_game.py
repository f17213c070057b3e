"""``manage.py remove_game SLUG [--dry-run] [--yes]``: drop a game (the demo ones, say) in one go.

A removal cannot be undone, so it is confirmed: on a terminal by typing the game's slug back
(a ``y`` is typed by reflex; a slug is read), and otherwise (a script, a cron job, a pipe)
only with ``--yes``, so that nothing unattended deletes a game by accident. ``--dry-run``
changes nothing and needs neither.
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from rulebook.loading.remove import UnknownGame, remove_game


class Command(BaseCommand):
    help = (
        "Remove a game and everything under it in one transaction (--dry-run: counts only). "
        "Asks for the game's slug on a terminal; elsewhere needs --yes."
    )
    stealth_options = ("stdin",)

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the game's slug, e.g. lanternfall")
        parser.add_argument(
            "--dry-run", action="store_true", help="print what would go; change nothing"
        )
        parser.add_argument(
            "--yes", action="store_true", help="remove without asking (scripts, no terminal)"
        )

    def handle(self, *args, **opts):
        slug, dry_run = opts["slug"], opts["dry_run"]
        try:
            if not dry_run and not opts["yes"]:
                self._confirm(slug, opts.get("stdin") or sys.stdin)
            removal = remove_game(slug, dry_run=dry_run)
        except UnknownGame as exc:
            raise CommandError(str(exc)) from exc
        self._write(removal)
        if removal.dry_run:
            self.stdout.write("Dry run: nothing changed.")
            return
        from rulebook.search import rebuild_after_ingest

        rebuild_after_ingest(stdout=self.stdout if opts["verbosity"] else None)

    def _confirm(self, slug: str, stdin) -> None:
        """Show what would go, then require the slug typed back; refuse without a terminal."""
        preview = remove_game(slug, dry_run=True)  # UnknownGame before any question
        if not _is_terminal(stdin):
            raise CommandError(
                f"refusing to remove {preview.name} ({slug}, {preview.total} rows) without "
                "confirmation: stdin is not a terminal. Pass --yes to remove it, or --dry-run "
                "to see what would go."
            )
        self._write(preview)
        self.stdout.write(f"Type the game's slug ({slug}) to remove it for good: ", ending="")
        self.stdout.flush()
        answer = stdin.readline().strip()
        if answer != slug:
            raise CommandError(f"{answer!r} is not {slug!r}; nothing was removed.")

    def _write(self, removal) -> None:
        verb = "Would remove" if removal.dry_run else "Removed"
        self.stdout.write(f"{verb} {removal.name} ({removal.game}): {removal.total} rows")
        for label, count in removal.counts.items():
            self.stdout.write(f"  {label}: {count}")


def _is_terminal(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # closed, or no such method (a test double)
        return False
