"""Which rules define a term ("Hold: A player maintains…"), the name a reader types for it."""

from types import SimpleNamespace

import pytest

from rulebook.search.terms import defined_term, unique_terms


def rule(text, number="100.1", is_heading=False):
    return SimpleNamespace(text=text, number=number, is_heading=is_heading)


@pytest.mark.parametrize(
    ("text", "language", "term"),
    [
        ("Hold: A player keeps control of a place.", "en", "Hold"),
        ("Neutral Open: No chain exists.", "en", "Neutral Open"),
        ("Des coûts supplémentaires : des coûts en plus.", "fr", "coûts supplémentaires"),
        ("L'état ouvert : aucune chaîne n'existe.", "fr", "état ouvert"),
        ("Les traits copiables sont : Nom, Coût.", "fr", "traits copiables"),  # a verb, then a list
        ("Example: a unit attacks.", "en", ""),  # an illustration, not a term
        ("Exemple : une unité attaque.", "fr", ""),
        ("Step 2: Pay the cost.", "en", ""),  # a step, numbered
        ("One two three four five words: too long to be a name.", "en", ""),
        ("Play a card. Then: draw.", "en", ""),  # the colon is not after the opening words
        ("Hold:nothing after the colon but a word", "en", ""),
        ("Win Score: 8", "en", ""),  # a value, not what the term is
        ("Score de la victoire : 8 points", "fr", ""),
    ],
)
def test_a_rule_opening_with_a_term_and_a_colon_defines_it(text, language, term):
    assert defined_term(rule(text), language) == term


def test_a_heading_defines_no_term():
    assert defined_term(rule("Hold: A heading.", is_heading=True), "en") == ""


def test_a_label_opening_several_rules_of_a_document_names_none():
    rules = [rule("Setup: one.", "1.1"), rule("Hold: keep it.", "1.2"), rule("Setup: two.", "1.3")]
    assert unique_terms(rules, "en") == ["", "Hold", ""]


def test_a_label_giving_a_value_in_each_mode_leaves_the_one_definition_named():
    rules = [rule("Win Score: 8", "1.1"), rule("Win Score: The points to reach.", "1.2")]
    rules.append(rule("Win Score: 11", "1.3"))
    assert unique_terms(rules, "en") == ["", "Win Score", ""]


@pytest.mark.parametrize(
    ("text", "following", "name"),
    [
        ("Trashes", "108.2.a", "Trashes"),  # a title over sub-rules of its own
        ("Phase de pioche", "108.2.a", "Phase de pioche"),
        ("Trashes", "108.3", ""),  # nothing below it: a rule of one word, not a title
        ("Cards go to the trash.", "108.2.a", ""),  # a sentence
        ("Step 2", "108.2.a", ""),
        ("One two three four five", "108.2.a", ""),
    ],
)
def test_a_rule_that_is_only_a_title_over_its_sub_rules_is_named_by_it(text, following, name):
    rules = [rule(text, "108.2"), rule("Below it.", following)]
    assert unique_terms(rules, "en")[0] == name


def test_a_title_that_recurs_or_that_a_heading_bears_names_nothing():
    rules = [
        rule("Legends", "170", is_heading=True),
        rule("Legends", "171.1"),
        rule("A legend is a card.", "171.1.a"),
        rule("A Game Object", "172.1"),
        rule("Any object.", "172.1.a"),
        rule("A Game Object", "173.1"),
        rule("Any object.", "173.1.a"),
    ]
    assert unique_terms(rules, "en") == [""] * len(rules)


@pytest.mark.parametrize(
    ("text", "language", "name"),
    [
        ("Glimmer is a value marked on units.", "en", "Glimmer"),
        ("A Showdown is a window of play.", "en", "Showdown"),
        ("La lueur est une valeur marquée.", "fr", "lueur"),
        ("Glimmer adds to glimmer.", "en", ""),  # says what it does, not what it is
        ("It is a value marked on units.", "en", ""),  # a pronoun defines nothing
    ],
)
def test_a_rule_defining_a_term_in_a_sentence_is_named_by_it(text, language, name):
    """The definitions the pages link terms to (``ingest.terms``) name their rules too."""
    assert unique_terms([rule("Statistics", "120", True), rule(text, "120.1")], language) == [
        "",
        name,
    ]


def test_a_term_a_heading_bears_names_nothing_and_one_defined_twice_names_the_first():
    """As the pages link it: to the first rule that defines it."""
    rules = [
        rule("Glimmer", "120", is_heading=True),
        rule("Glimmer is a value marked on units.", "120.1"),
        rule("A Shine is a glimmer seen.", "121.1"),
        rule("A Shine is a glimmer seen twice.", "121.2"),
    ]
    assert unique_terms(rules, "en") == ["", "", "Shine", ""]
