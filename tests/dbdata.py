"""Loading documents into the test database once per session.

The data is committed outside the per-test transactions (through ``django_db_blocker``), so every
test that asks for it reads the same rows without paying for a fresh ingest. Tests that write
compare counts before and after rather than assuming an empty database.
"""

from pathlib import Path

from ingest.questions import bank_files, parse_bank
from rulebook.loading.questions import load_banks
from rulebook.loading.run import IngestOptions, demo_batches, run_ingest

ROOT = Path(__file__).resolve().parent.parent

CORPUS_RULE_FILES = [
    ("core-rules/en/2025-10_v1.1.md", "en"),
    ("core-rules/en/2025-12-01_v1.2.md", "en"),
    ("core-rules/en/2026-03-30_v1.3.md", "en"),
    ("core-rules/en/2026-07-16_v1.4.json", "en"),
    ("core-rules/fr/2026-07-16_v1.4.json", "fr"),
]


def load_demo():
    results = []
    for files, options in demo_batches(ROOT / "demo"):
        results.extend(run_ingest(files, options))
    load_banks([parse_bank(p) for p in bank_files(sorted((ROOT / "demo").glob("*/questions")))])
    return results


def load_corpus(corpus: Path):
    """The real rules, then the question bank, as ``make ingest-corpus`` loads them."""
    results = []
    for relative, language in CORPUS_RULE_FILES:
        options = IngestOptions(game="riftbound", kind="core-rules", language=language)
        results.extend(run_ingest([corpus / relative], options))
    load_banks([parse_bank(p) for p in bank_files([ROOT / "data" / "riftbound" / "questions"])])
    return results


CORPUS_KNOWLEDGE_FILES = [
    "cards/banned-cards.json",
    "cards/card-gallery_2026-03-28.json",
    "faq/official-errata.json",
    "faq/riftboundfaq-community.mdx.md",
    "faq/official-faqs.json",
]


def load_corpus_knowledge(corpus: Path):
    """The FAQ, errata and card files, in one batch (the kinds are detected from content)."""
    return run_ingest(
        [corpus / relative for relative in CORPUS_KNOWLEDGE_FILES], IngestOptions(game="riftbound")
    )
