"""Classification and annotations on the invented v1 -> v2 fixture, plus edge cases."""

import json

import pytest

from rulebook.history import (
    ADDED,
    MOVED_REWORDED,
    REMOVED,
    RENUMBERED,
    REWORDED,
    UNCHANGED,
    RuleVersion,
    as_rule_versions,
    compare,
)
from rulebook.history.match import Side


@pytest.fixture(scope="module")
def result(v1, v2):
    return compare(v1, v2, "v1", "v2")


# old number, new number, expected class
CLASSIFIED = [
    ("100", "100", UNCHANGED),
    ("101", "101", UNCHANGED),
    ("102", "102", REWORDED),
    ("103", "103", REWORDED),
    ("104", "104", REWORDED),
    ("109", "109", REWORDED),
    ("110", "110", REWORDED),
    ("500", "700", RENUMBERED),
    ("501", "701", RENUMBERED),
    ("502", "703", RENUMBERED),
    ("502.1", "703.1", RENUMBERED),
    ("502.1.a", "703.1.a", RENUMBERED),
    ("502.2", "703.2", RENUMBERED),
    ("503.1.a", "704.1.a", MOVED_REWORDED),
    ("504", "705", RENUMBERED),
    ("504.2", "705.2", MOVED_REWORDED),
    ("108", None, REMOVED),
    (None, "107", ADDED),
    (None, "500", ADDED),
    (None, "501", ADDED),
    (None, "702", ADDED),
    (None, "702.1.a", ADDED),
]


@pytest.mark.parametrize("old, new, cls", CLASSIFIED)
def test_classes(result, old, new, cls):
    change = result.for_old(old) if old else result.for_new(new)
    assert change.cls == cls
    assert (change.new.number if change.new else None) == new
    assert (change.old.number if change.old else None) == old


def test_every_rule_is_classified_once(result, v1, v2):
    assert sum(1 for c in result.changes if c.old) == len(v1)
    assert sum(1 for c in result.changes if c.new) == len(v2)
    assert result.summary["old_rules"] == len(v1) and result.summary["new_rules"] == len(v2)


def test_generic_sub_rule_follows_its_heading_not_its_text(result):
    """ "It is present on units." occurs under Sprint and Glide; the old one went to Sprint."""
    assert result.mapping["502.1.a"] == "703.1.a"
    assert result.for_new("702.1.a").cls == ADDED


def test_numbers_do_not_pair_across_a_move(result):
    """Old 501 (keyword intro) is not the new 501 (turn structure) although numbers agree."""
    assert result.mapping["501"] == "701"
    assert result.for_new("501").cls == ADDED


def test_meaning_flips_are_flagged(result):
    assert result.for_old("102").meaning_flips == ["may→must"]
    assert result.for_old("103").meaning_flips == ["can→can't"]
    assert result.for_old("110").meaning_flips == ["not added"]
    assert result.for_old("504.2").meaning_flips == []


def test_renumber_only(result):
    assert result.for_old("502.2").renumber_only
    assert not result.for_old("504.2").renumber_only
    assert not result.for_old("101").renumber_only


def test_xref_only_checks_the_mapping(result):
    change = result.for_old("104")
    assert change.xref_only and change.is_noise
    assert change.xref_changes == [{"old": "502.2", "new": "703.2", "consistent": True}]
    assert not result.for_old("102").xref_only


def test_xref_to_the_wrong_rule_is_not_noise():
    old = [RuleVersion("101", "Movement"), RuleVersion("102", "See rule 101.")]
    new = [RuleVersion("101", "Movement"), RuleVersion("102", "See rule 105.")]
    change = compare(old, new).for_old("102")
    assert change.cls == REWORDED and not change.xref_only
    assert change.xref_changes == [{"old": "101", "new": "105", "consistent": False}]


def test_reworded_example_shows_in_the_diff(result):
    change = result.for_old("109")
    assert change.example_only
    deleted = "".join(op.text for op in change.diff if op.op == "delete")
    inserted = "".join(op.text for op in change.diff if op.op == "insert")
    assert "3" in deleted and "4" in inserted and "alone" in inserted


def test_split_rule(result):
    assert result.for_old("105").split_into == ["105", "105.1"]
    assert result.for_new("105.1").cls == ADDED
    assert result.for_new("105.1").split_from == "105"


def test_merged_rule(result):
    assert result.for_new("106").merged_from == ["106", "107"]
    assert result.for_old("107").cls == REMOVED
    assert result.for_old("107").merged_into == "106"
    assert result.for_old("108").merged_into is None


def test_summary_and_sections(result):
    s = result.summary
    assert (s[UNCHANGED], s[RENUMBERED], s[REWORDED], s[MOVED_REWORDED]) == (2, 12, 7, 2)
    assert (s[ADDED], s[REMOVED], s["split"], s["merged"], s["xref_only"]) == (8, 2, 1, 1, 1)
    assert result.by_section["700"]["title"] == "Keywords"
    assert result.by_section["700"]["counts"][RENUMBERED] == 12
    assert result.by_section["500"]["counts"][ADDED] == 2


def test_reading_order_puts_removed_rules_near_their_old_place(result):
    order = [
        (c.old.number if c.old else None, c.new.number if c.new else None) for c in result.changes
    ]
    assert order.index(("107", None)) == order.index(("106", "106")) + 1
    assert [n for _, n in order if n] == [r for r in _new_numbers(result)]


def _new_numbers(result):
    return [
        c.new.number
        for c in sorted((c for c in result.changes if c.new), key=lambda c: c.new.position)
    ]


def test_visible_toggles(result):
    everything = result.visible(hide_renumber_only=False, hide_xref_only=False)
    assert all(c.cls != UNCHANGED for c in everything)
    assert not any(c.renumber_only for c in result.visible())
    assert result.for_old("104") not in result.visible(hide_xref_only=True)


def test_to_json_round_trips(result):
    data = json.loads(json.dumps(result.to_json()))
    assert data["old_label"] == "v1" and data["mapping"]["502"] == "703"
    flip = next(c for c in data["changes"] if c["old"] and c["old"]["number"] == "102")
    assert flip["class"] == REWORDED and flip["meaning_flips"] == ["may→must"]
    assert {op["op"] for op in flip["diff"]} == {"equal", "delete", "insert"}
    assert len(result.to_json(unchanged=True)["changes"]) == len(result.changes)


def test_identical_and_empty_versions(v1):
    same = compare(v1, v1)
    assert same.summary[UNCHANGED] == len(v1) and len(same.changes) == len(v1)
    assert compare([], v1).summary[ADDED] == len(v1)
    assert compare(v1, []).summary[REMOVED] == len(v1)


def test_repeated_numbers_are_kept_apart():
    old = [RuleVersion("101", "First text about cards."), RuleVersion("101", "Second text here.")]
    new = [RuleVersion("101", "First text about cards."), RuleVersion("102", "Second text here.")]
    result = compare(old, new)
    assert [c.cls for c in result.changes] == [UNCHANGED, RENUMBERED]


def test_accepts_dicts_and_parsed_rule_like_objects():
    class Parsed:
        def __init__(self, number, text):
            self.number, self.text, self.heading = number, text, False

    old = [{"number": "101", "text": "Each player draws two cards.", "heading": False}]
    result = compare(old, [Parsed("101", "Each player draws three cards.")])
    assert [c.cls for c in result.changes] == [REWORDED]


def test_candidates_that_tie_come_in_rule_order_whatever_the_query_order():
    """The query is a set of word pairs, iterated in an order that changes with the hash
    seed: ties must not follow it, or a comparison differs from one process to the next."""
    side = Side.build(
        as_rule_versions(
            [
                {"number": "101", "text": "Units move to a battlefield."},
                {"number": "102", "text": "Spells resolve from the chain."},
            ]
        )
    )
    first, second = sorted(side.shingles(0)), sorted(side.shingles(1))
    assert side.candidates([*second[:1], *first[:1]]) == [0, 1]
    assert side.candidates([*first[:1], *second[:1]]) == [0, 1]
