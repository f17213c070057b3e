"""Plain questions on the real Riftbound rules, answered by what the rules call the thing."""

import pytest

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]

SHOWDOWN_RULES = {str(n) for n in range(341, 349)}  # Showdowns: what may be played in one


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("can I play a spell during combat", "en"),
        ("can I activate abilities during combat?", "en"),
        ("puis-je jouer un sort pendant le combat ?", "fr"),
    ],
)
def test_what_may_be_played_during_combat_is_said_by_the_showdown_rules(
    corpus_index, client, question, language
):
    """Combat opens with a showdown (464.2), and the showdown rules say what may be played;
    the question says "combat", which the rules on spells in combat hardly do."""
    params = {"q": question, "lang": language, "game": "riftbound", "kind": "rule"}
    top = [r["number"] for r in client.get("/api/v1/search", params).json()["results"][:3]]
    assert any(number.split(".")[0] in SHOWDOWN_RULES for number in top), top


@pytest.mark.parametrize(
    ("question", "language"),
    [("what happens when a unit dies", "en"), ("que se passe-t-il quand une unité meurt", "fr")],
)
def test_dying_is_read_as_the_rules_word_for_it(corpus_index, client, question, language):
    """Cards say a unit dies; the rules call it being killed (428 *Kill*, « Éliminer »)."""
    params = {"q": question, "lang": language, "game": "riftbound", "kind": "rule"}
    first = client.get("/api/v1/search", params).json()["results"][0]["number"]
    assert first.split(".")[0] == "428", first


@pytest.mark.parametrize(
    ("question", "language", "number"),
    [
        ("can I look at my opponent's trash", "en", "108.2.d"),  # Public Information
        ("can I look at my opponent's hand", "en", "108.7.c"),  # Private Information
        ("puis-je regarder la défausse de mon adversaire", "fr", "108.2.d"),  # « est public »
    ],
)
def test_what_a_player_may_look_at_is_said_by_the_privacy_rules(
    corpus_index, client, question, language, number
):
    """Each zone's rules say whether its cards are public or private; none says "look"."""
    params = {"q": question, "lang": language, "game": "riftbound", "kind": "rule"}
    top = [r["number"] for r in client.get("/api/v1/search", params).json()["results"][:3]]
    assert number in top, top
