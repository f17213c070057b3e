"""``manage.py load_questions PATH [PATH ...]``: load question-bank files (TOML) into the
database, place each question on its rule in every version, and report what moved.

Thin over ``rulebook.loading.questions``; the game comes from the file's folder
(``data/<game>/questions/<language>/``) unless ``--game`` says otherwise.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from ingest.model import IngestError
from ingest.questions import TRAINING_FOLDS, bank_files, parse_bank
from rulebook.loading.questions import load_banks


class Command(BaseCommand):
    help = "Load question-bank files: questions as players ask them, filed under their rules."

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", help="Bank files or folders of them.")
        parser.add_argument("--game", help="The game's slug (default: from the folder).")
        parser.add_argument(
            "--holdout",
            action="store_true",
            help="Leave the bank's held-back fifth out (evaluation databases).",
        )
        parser.add_argument(
            "--fold",
            type=int,
            choices=range(TRAINING_FOLDS),
            help="Leave this training fold and the held-back fifth out (databases that "
            "training asks).",
        )

    def handle(self, *args, **opts):
        try:
            banks = [parse_bank(p, game=opts["game"]) for p in bank_files(opts["paths"])]
        except IngestError as exc:
            raise CommandError(str(exc)) from exc
        if not banks:
            raise CommandError("No question-bank files (*.toml under <game>/questions/).")
        result = load_banks(banks, holdout=opts["holdout"], fold=opts["fold"])
        counts = ", ".join(f"{n} {outcome}" for outcome, n in result.counts.items())
        asked = sum(len(b.questions) for b in banks)
        self.stdout.write(f"Question bank: {len(banks)} files, {asked} questions: {counts}.")
        self.stdout.write(f"  placed on rules: {result.placed} links across versions")
        if result.held_out:
            self.stdout.write(f"  held out (evaluation or training): {result.held_out}")
        for game in sorted(set(result.skipped_games)):
            self.stderr.write(f"  skipped: no game {game!r} in the database")
        if result.unplaced:
            self.stderr.write(f"  {len(result.unplaced)} questions name no rule of any version:")
            for where in result.unplaced:
                self.stderr.write(f"    {where}")
        if result.changed and settings.RULEBOOK_INDEX_AFTER_INGEST:
            from rulebook.search import rebuild_after_ingest

            rebuild_after_ingest(stdout=self.stdout if opts["verbosity"] else None)
