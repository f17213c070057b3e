"""Unnumbered prose pages: blocks, anchors, stability; and the Warcry seed page."""

from pathlib import Path

import pytest

from ingest.model import IngestError
from ingest.parse import parse_any
from ingest.prose import parse_prose
from ingest.structure import build_tree
from tests.conftest import SHARED

SEED = SHARED / "seeds" / "004_6fc11672a70a860d.txt"
OWN = (
    Path(__file__).resolve().parents[1] / "data" / "ingest" / "prose-text" / "interrupts" / "in.txt"
)


def test_entries_get_readable_anchors_and_keep_their_names():
    doc = parse_prose(OWN.read_text(encoding="utf-8"))
    entries = {r.number: r.title for r in doc.rules if r.heading_level == 3}
    assert entries == {"parry": "Parry", "duck-and-weave": "Duck and Weave", "riposte": "Riposte"}


def test_reingest_keeps_anchors_stable():
    text = OWN.read_text(encoding="utf-8")
    assert [r.number for r in parse_prose(text).rules] == [
        r.number for r in parse_prose(text).rules
    ]


def test_nothing_is_lost():
    text = OWN.read_text(encoding="utf-8")
    doc = parse_prose(text)
    stored = " ".join(
        f"{r.title}: {r.text}" if r.title and r.heading_level == 3 else r.text for r in doc.rules
    )
    for word in set(text.split()):
        assert word.rstrip(".:") in stored or word in ("1.", "2.", "3.")


def test_reserved_and_repeated_names_get_distinct_anchors():
    doc = parse_prose("Changes\n\nSome text.\n\nParry: one.\nParry: two.\n")
    assert [r.number for r in doc.rules] == ["changes-2", "changes-2-p1", "parry", "parry-2"]


def test_tree_nests_entries_under_their_section():
    doc = parse_prose(OWN.read_text(encoding="utf-8"))
    nodes = build_tree(doc.rules)
    by_number = {n.number: n for n in nodes}
    section = by_number["parry"].section_index
    assert doc.rules[section].number == "common-interrupts"
    assert [n.sort_key for n in nodes] == sorted(n.sort_key for n in nodes)


def test_numbered_games_do_not_fall_back_to_prose():
    with pytest.raises(IngestError, match="no numbered rules"):
        parse_any("Just a paragraph.\n", "x.txt", allow_prose=False)
    assert parse_any("Just a paragraph.\n", "x.txt").format == "prose-text"


@pytest.mark.corpus
def test_warcry_seed_page_parses_with_three_universal_reactions():
    if not SEED.exists():
        pytest.skip("../shared/seeds is not present")
    doc = parse_any(SEED.read_text(encoding="utf-8"), SEED.name)
    assert doc.format == "prose-text" and doc.title == "Reactions"
    entries = [r.number for r in doc.rules if r.heading_level == 3]
    assert entries == ["counter", "take-cover", "strike-them-down"]
    numbered = [
        r.number
        for r in doc.rules
        if r.number.startswith("reactions-") and r.number[-1].isdigit() and "-p" not in r.number
    ]
    assert numbered == ["reactions-1", "reactions-2", "reactions-3"]
