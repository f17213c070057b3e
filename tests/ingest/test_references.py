import pytest

from ingest.model import ParsedRule
from ingest.references import find_document_references, find_references


def targets(text, **kwargs):
    return [(ref.target, ref.kind) for ref in find_references(text, **kwargs)]


def test_see_rule_keeps_title_out():
    (ref,) = find_references("Sparks fade. See rule 813. Reaction for more information.")
    assert (ref.written, ref.target, ref.kind) == ("See rule 813", "813", "see")
    assert "Sparks fade. See rule 813. Reaction"[ref.start : ref.end] == "See rule 813"


def test_plain_rule_reference_with_trailing_dot():
    assert targets("as described in rule 740.2.a.") == [("740.2.a", "rule")]
    assert targets("per rule 359.3.e.3 above") == [("359.3.e.3", "rule")]


def test_see_without_rule_word():
    assert targets("See 108.6. Banishment for more information.") == [("108.6", "see")]


def test_list():
    assert targets("rules 350 and 351 apply") == [("350", "list"), ("351", "list")]
    assert targets("rules 350, 351, and 352") == [("350", "list"), ("351", "list"), ("352", "list")]


def test_range_uses_known_numbers():
    known = {"401", "402", "404", "405", "406", "401.1"}
    found = targets("rules 401-406 describe it", known=known)
    assert found == [(n, "range") for n in ("401", "402", "404", "405", "406")]


def test_range_without_known_is_numeric():
    assert [t for t, _ in targets("rules 401–403")] == ["401", "402", "403"]


def test_french():
    assert targets("Voir règle 349. Jouer des cartes pour plus d'informations.") == [("349", "see")]
    assert targets("selon les règles 350 et 351") == [("350", "list"), ("351", "list")]
    assert targets("voir la règle 357.2.") == [("357.2", "see")]


@pytest.mark.parametrize(
    "text",
    [
        "Last Updated: 2026-03-30",
        "It has 4 Might and deals 12 damage.",
        "Gain 100 points.",
        "rule 2026-03-30",
        "Step 2: Execute",
    ],
)
def test_traps(text):
    assert find_references(text) == []


def test_document_references_carry_source_index():
    rules = [
        ParsedRule("349.", "349", "Playing Cards"),
        ParsedRule("401.1.", "401.1", "Add it to the chain. See rule 349. Playing Cards."),
    ]
    (ref,) = find_document_references(rules)
    assert (ref.source_index, ref.target, ref.kind) == (1, "349", "see")
