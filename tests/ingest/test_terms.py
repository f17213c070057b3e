"""Defined terms found in the text itself, matched inflected, capitalised and once per rule."""

from ingest.terms import Edition, Row, TermMatcher, definitions, forms, paired_terms


def _matcher(rows, language="en"):
    return TermMatcher(definitions(rows, language), language)


EN_ROWS = [
    Row("100", "Turn Structure", 1),
    Row("110", "Lantern Walks", 2),
    Row("111", "The turn is said to be in a Quiet Hour while no Rite waits."),
    Row("112", "Glow: the light a Warden sheds on its Path."),
    Row("113", "This is a rule that defines nothing."),
]


def test_headings_and_definition_shapes_define_terms_chapters_do_not():
    found = {d.term: d.number for d in definitions(EN_ROWS, "en")}
    assert found == {"Lantern Walks": "110", "Quiet Hour": "111", "Glow": "112"}


def test_a_label_giving_a_value_defines_nothing_the_one_saying_what_it_is_does():
    rows = [Row("120", "Lamp Count: 3"), Row("121", "Lamp Count: the lamps a Warden keeps.")]
    rows.append(Row("122", "Compte de lampes : 3"))
    assert {d.term: d.number for d in definitions(rows, "en")} == {"Lamp Count": "121"}
    assert definitions(rows[2:], "fr") == []


def test_plural_matches_and_first_mention_only():
    text = "During Quiet Hours nothing moves; a Quiet Hour ends when a Rite waits."
    spans = _matcher(EN_ROWS).spans(text, "200")
    assert [(text[a:b], n) for a, b, n in spans] == [("Quiet Hours", "111")]


def test_single_word_terms_match_only_capitalised():
    matcher = _matcher(EN_ROWS)
    assert matcher.spans("Its glow fades.", "200") == []
    text = "Its Glow fades."
    assert [(text[a:b], n) for a, b, n in matcher.spans(text, "200")] == [("Glow", "112")]


def test_multi_word_terms_match_in_any_case_and_singular_of_a_plural_heading():
    text = "One lantern walk per turn."
    assert [text[a:b] for a, b, _ in _matcher(EN_ROWS).spans(text, "200")] == ["lantern walk"]


def test_no_link_inside_an_existing_link_in_a_word_or_in_its_own_definition():
    matcher = _matcher(EN_ROWS)
    text = "See rule 111. Quiet Hour for more."
    assert matcher.spans(text, "200", taken=[(0, len(text) - 10)]) == []
    assert matcher.spans("Glowing Quiet Hourglass", "200") == []
    assert matcher.spans("A Quiet Hour.", "111") == []


def test_longest_match_wins():
    rows = [Row("120", "Glow", 2), Row("121", "Glow Stone", 2)]
    text = "A Glow Stone shines."
    assert [(text[a:b], n) for a, b, n in _matcher(rows).spans(text, "200")] == [
        ("Glow Stone", "121")
    ]


def test_french_terms_match_with_agreement_and_capitals():
    rows = [
        Row("309.1", "Si une Rite attend, le tour est dans un état fermé ."),
        Row("404", "Affrontements", 2),
    ]
    matcher = _matcher(rows, "fr")
    text = "États fermés, puis un état fermé ; un affrontement, un Affrontement."
    found = [(text[a:b], n) for a, b, n in matcher.spans(text, "813")]
    assert found == [("États fermés", "309.1"), ("Affrontement", "404")]


def test_french_forms_inflect_every_word():
    assert {"états fermés", "état fermée", "états fermées"} <= forms("état fermé", "fr")
    assert "Closed States" in forms("Closed State", "en")
    assert "Closeds State" not in forms("Closed State", "en")


def test_french_sentence_definitions_define_lower_case_words_matched_as_written():
    rows = [Row("312.1", "La veille est la permission d'agir quand la Rite attend.")]
    matcher = _matcher(rows, "fr")
    assert [(d.term, d.number) for d in matcher.definitions] == [("veille", "312.1")]
    text = "Pendant la veille, les veilles passent."
    assert [(text[a:b], n) for a, b, n in matcher.spans(text, "400")] == [("veille", "312.1")]
    assert [
        d.term for d in _matcher([Row("5", "Le terme Veille est un mot-clé.")], "fr").definitions
    ] == []


def test_a_french_state_named_by_its_infinitive_is_defined():
    rows = [
        Row("190.1", "Être éveillé est un état qu'une Lanterne prend quand la Rite attend."),
        Row("190.2", "Être prêt à partir n'est pas un état."),
    ]
    matcher = _matcher(rows, "fr")
    assert [(d.term, d.number) for d in matcher.definitions] == [("éveillé", "190.1")]
    text = "Une Lanterne éveillée luit."
    assert [(text[a:b], n) for a, b, n in matcher.spans(text, "400")] == [("éveillée", "190.1")]


def test_a_french_term_keeps_the_letters_an_article_would_begin_with():
    rows = [
        Row("136.1", "Cette section est appelée description d'effet."),
        Row("137.1", "L'unité puissante est une unité qui attaque."),
        Row("138.1", "La lame est une arme."),
    ]
    found = [d.term for d in definitions(rows, "fr")]
    assert found == ["description d'effet", "unité puissante", "lame"]


def test_a_label_ending_with_a_verb_before_its_list_defines_what_comes_before_the_verb():
    rows = [Row("477.1", "Les traits copiables sont : Nom, Coût et Tags.")]
    assert [d.term for d in definitions(rows, "fr")] == ["traits copiables"]


EN_EDITION = [
    Row("309", "States of the Turn", 2),
    Row("309.1", "If a Rite waits, the turn is in a Quiet Hour."),
    Row("310.1", "Vigil is the permission to act while a Rite waits."),
    Row("311.1", "The turn is said to be in a Quiet Hour while a Rite waits."),
    Row("312.1", "Ember Debt: what a player owes after a Swift Rite."),
]
FR_EDITION = [
    Row("309", "États du tour", 2),
    Row("309.1", "Si une Rite attend, le tour est dans une heure calme."),
    Row("310.1", "La veille est la permission d'agir pendant qu'une Rite attend."),
    Row("311.1", "Tant qu'une Rite attend, le tour est dans une heure calme."),
    Row("312.1", "Rien ne se passe."),
    Row("313.1", "Le fanal est la lampe d'un Gardien."),
]


def test_terms_pair_across_editions_by_rule_or_by_mutual_mention():
    en, fr = Edition(EN_EDITION, "en"), Edition(FR_EDITION, "fr")
    pairs = {(a.term if a else None, b.term if b else None) for a, b in paired_terms(en, fr)}
    assert ("Vigil", "veille") in pairs, "the same rule defines both"
    assert ("Quiet Hour", "heure calme") in pairs, "English 311.1 and French 309.1 define it"
    assert ("Ember Debt", None) in pairs, "no French name is guessed"
    assert (None, "fanal") in pairs, "a French-only term keeps its row"
    assert len(pairs) == 4
