"""Fixtures shared by every test layer: where the data lives, and databases loaded with it."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "demo"
SHARED = (ROOT.parent / "shared").resolve()
CORPUS = SHARED / "corpus" / "riftbound"


@pytest.fixture(scope="session")
def corpus_dir():
    """The real Riftbound documents; tests that need them skip on a machine without ../shared."""
    if not CORPUS.is_dir():
        pytest.skip(f"../shared/corpus is not present (looked in {CORPUS})")
    return CORPUS


@pytest.fixture(scope="session")
def demo_dir():
    return DEMO
