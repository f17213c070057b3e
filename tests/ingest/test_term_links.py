"""Where a defined term links (issue 32 item 3): the definition, not the heading or a summary."""

from ingest.term_links import link_definitions
from ingest.terms import Row, TermMatcher

ROWS = [
    Row("300", "Playing", 1),
    Row("316", "A Rite goes on the Chain.", 0),
    Row("316.1", "A Clash is a short fight between Wardens. See rule 341. Clashes.", 0),
    Row("328", "Wardens", 2),
    Row("329", "A Warden is a character card.", 0),
    Row("341", "Clashes", 2),
    Row("342", "A Clash is a Window in which Wardens fight.", 0),
    Row("342.1", "Each Clash ends when both players pass.", 0),
    Row("360", "Abilities", 2),
    Row("361", "An Ability is a thing a card can do.", 0),
    Row("383", "Triggered Abilities", 2),
    Row("383.1", "Triggered Abilities are the Abilities that wait for a Condition.", 0),
    Row("383.2", "Triggered Abilities have a Condition and an Effect.", 0),
    Row("383.2.b", "The Effect is the Instructions after the Condition.", 0),
    Row("390", "Passive Abilities", 2),
    Row("391", "Rune", 2),
    Row("392", "Rune is a card type.", 0),
    Row("425", "Counter", 2),
    Row("426", "Countering is the act of negating a card.", 0),
    Row("741", "Counters", 2),
    Row("742", "The Defender is the player who did not move.", 0),
    Row("742.1", "Establish who is Defender.", 0),
]


def _targets(rows=ROWS, language="en") -> dict[str, str]:
    return {d.term: d.number for d in link_definitions(rows, language)}


def test_a_sentence_inside_the_heading_section_beats_the_heading_and_an_earlier_summary():
    found = _targets()
    assert found["Clashes"] == found["Clash"] == "342", "not 316.1, not the heading 341"
    assert found["Wardens"] == "329"
    assert found["Abilities"] == found["Ability"] == "361", "y and ies are one term"


def test_a_heading_keeps_its_term_when_no_sentence_of_its_section_defines_it():
    found = _targets()
    assert found["Counter"] == "425" and found["Counters"] == "741", "two headings, two things"
    assert found["Triggered Abilities"] == "383.1"


def test_a_definition_of_a_part_of_something_is_no_target_for_the_word():
    found = _targets()
    assert "Effect" not in found, "383.2.b is the Effect of a Triggered Ability only"
    rows = [Row("742.1", "Establish who is Defender.", 0), *ROWS]
    assert _targets(rows)["Defender"] == "742", "a parent that merely names it scopes nothing"


def test_written_forms_go_to_their_own_heading_before_another_term_s_plural():
    matcher = TermMatcher(link_definitions(ROWS, "en"), "en")
    text = "Put Counters on it, then Counter the Rite."
    spans = [(text[a:b], n) for a, b, n in matcher.spans(text)]
    assert spans == [("Counters", "741"), ("Counter", "425")]


def test_the_longest_name_wins_and_two_terms_written_as_one_name_are_one_link():
    matcher = TermMatcher(link_definitions(ROWS, "en"), "en")
    text = "It is present on Rune Abilities, Passive Abilities and Rune cards."
    spans = [(text[a:b], n) for a, b, n in matcher.spans(text)]
    assert spans == [("Rune Abilities", "361"), ("Passive Abilities", "390"), ("Rune", "392")]


def test_a_term_links_once_per_paragraph_and_never_to_the_rules_around_the_one_read():
    matcher = TermMatcher(link_definitions(ROWS, "en"), "en")
    text = "A Clash ends; every Clash and every Clashes rule."
    assert [(text[a:b], n) for a, b, n in matcher.spans(text)] == [("Clash", "342")]
    assert matcher.spans(text, {"342.1", "342", "341"}) == []


def test_french_terms_follow_the_same_rules():
    rows = [
        Row("340", "Affrontements", 2),
        Row("341", "La confrontation est une fenêtre où les Gardiens se battent.", 0),
        Row("404", "Confrontations", 2),
        Row("405", "La confrontation est une fenêtre d'opportunité.", 0),
    ]
    assert _targets(rows, "fr")["Confrontations"] == "405"
