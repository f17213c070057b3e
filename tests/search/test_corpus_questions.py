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
    [
        ("what happens when a unit dies", "en"),
        ("que se passe-t-il quand une unité meurt", "fr"),
        ("what happens when a unit is destroyed", "en"),  # another game's word for it
        ("que se passe-t-il quand une unité est détruite", "fr"),
    ],
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


@pytest.mark.parametrize(("typed", "language"), [("upkeep", "en"), ("entretien", "fr")])
def test_another_games_name_for_a_phase_finds_this_games_phase(
    corpus_index, client, typed, language
):
    """No rule says "upkeep". Either a question of the bank asks about the Beginning Phase
    in those words and leads to one of its rules, or the query finds nothing as typed and is
    searched in the rules' words for it, with a notice saying so: the Beginning Phase (315.2)
    either way."""
    params = {"q": typed, "lang": language, "game": "riftbound", "kind": "rule"}
    data = client.get("/api/v1/search", params).json()
    first = data["results"][0]["number"]
    assert first == "315.2" or first.startswith("315.2."), first
    assert first != "315.2" or typed in data["message"]


@pytest.mark.parametrize(
    ("question", "language"),
    [("when is damage removed from units", "en"), ("quand les dégâts sont-ils retirés", "fr")],
)
def test_damage_taken_away_is_read_as_healing(corpus_index, client, question, language):
    """The rules say damage is healed (418 *Heal*, « Soigner »; 143.3.b says when)."""
    params = {"q": question, "lang": language, "game": "riftbound", "kind": "rule"}
    top = [r["number"] for r in client.get("/api/v1/search", params).json()["results"][:3]]
    assert any(n.split(".")[0] == "418" or n.startswith("143.3.b") for n in top), top


def test_a_question_is_matched_on_its_meaning_as_well_as_its_words(corpus_index, client):
    """ "Points" and "win" are words of many rules (a match's games, scoring a battlefield);
    what the question means is *Winning* (194), and its word vectors say so where word
    counts tie (``meaning``)."""
    params = {"q": "how do I earn points to win", "lang": "en", "game": "riftbound"}
    params["kind"] = "rule"
    first = client.get("/api/v1/search", params).json()["results"][0]["number"]
    assert first.split(".")[0] == "194", first


@pytest.mark.parametrize(
    ("typed", "language"), [("contested status", "en"), ("le statut contesté", "fr")]
)
def test_a_state_named_with_its_kind_word_finds_its_definition(
    corpus_index, client, typed, language
):
    """Many rules clear or apply the Contested status; 190.3.a says what it is."""
    params = {"q": typed, "lang": language, "game": "riftbound", "kind": "rule"}
    first = client.get("/api/v1/search", params).json()["results"][0]["number"]
    assert first == "190.3.a", first


@pytest.mark.parametrize(
    ("question", "language"),
    [
        ("do we flip a coin to decide who goes first", "en"),
        ("on lance une pièce pour savoir qui commence ?", "fr"),
    ],
)
def test_a_coin_or_a_die_is_read_as_the_random_method_of_turn_order(
    corpus_index, client, question, language
):
    """115 says any fair random method sets the turn order; no rule says "coin" or "die"."""
    params = {"q": question, "lang": language, "game": "riftbound", "kind": "rule"}
    first = client.get("/api/v1/search", params).json()["results"][0]["number"]
    assert first == "115", first
