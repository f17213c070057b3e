"""The Emberwick documents (``tests/data/tournament``, our own text): two Core Rules versions
that renumber, and Tournament Rules citing the older numbers by title. Loaded inside a test's
transaction, with no flags, as a person would run ``manage.py ingest`` on the files."""

from pathlib import Path

from rulebook.loading.run import IngestOptions, run_ingest

DATA = Path(__file__).resolve().parent / "data" / "tournament"
GAME = "emberwick"
CORE = ["core-rules-2031-01-10_v1.0.md", "core-rules-2031-06-01_v2.0.md"]
TOURNAMENT = ["tournament-rules-2031-07-01.md", "tournament-rules-2031-09-15.md"]


def load(*names: str) -> list:
    """Ingest the named files (all of them in one run, in this order), detecting every kind."""
    return run_ingest([DATA / name for name in names], IngestOptions(game=GAME))


def load_first_versions() -> list:
    """Both Core Rules versions and the first Tournament Rules."""
    return load(*CORE, TOURNAMENT[0])
