"""A query's glossary terms, named in every language: whole words, plural "s", accents folded."""

from rulebook.search.glossary import expansion_terms

PAIRS = [
    ("Rite", "Rite"),
    ("Action Phase", "Phase d'action"),
    ("Reaction", "Réaction"),
    ("", "Veille"),
]


def test_whole_words_and_plurals_in_any_accent():
    assert expansion_terms(None, "two reactions", PAIRS) == ["Reaction"]
    assert expansion_terms(None, "REACTION?", PAIRS) == ["Reaction"]
    assert expansion_terms(None, "favorite rites", PAIRS) == ["Rite"]
    assert expansion_terms(None, "favorite", PAIRS) == []
    assert expansion_terms(None, "reactionary", PAIRS) == []


def test_every_language_of_each_entry_found_in_order():
    found = expansion_terms(None, "une réaction pendant la phase d'action", PAIRS)
    assert found == ["Action Phase", "Phase d'action", "Reaction"]
    assert expansion_terms(None, "veille", PAIRS) == ["Veille"]


def test_a_new_glossary_is_indexed_again():
    assert expansion_terms(None, "glow", [("Glow", "Lueur")]) == ["Glow", "Lueur"]
    assert expansion_terms(None, "glow", PAIRS) == []
