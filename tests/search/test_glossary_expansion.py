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


class Words:
    """The two things the French panel asks of a backend: the glossary and the English words
    of the index (letters only, as both engines keep them)."""

    def __init__(self, pairs, words):
        self.glossary, self.words = pairs, {w: (w, 1) for w in words}

    def lexicon(self):
        return self

    def vocabulary(self, language=None):
        return self.words


def test_the_french_panel_searches_the_names_english_content_can_hold():
    from rulebook.search.base import SearchQuery
    from rulebook.search.service import also_terms

    pairs = [*PAIRS, ("Level 6", "Niveau 6"), ("Veille", "Veille")]
    backend = Words(pairs, ["action", "phase", "reaction", "level"])
    asked = SearchQuery(text="réaction pendant la phase d'action, niveau 6", language="fr")
    assert also_terms(backend, asked) == ["Action Phase", "Reaction", "Level 6"]
    assert also_terms(backend, SearchQuery(text="veille", language="fr")) == []
    english = SearchQuery(text="reaction", language="en")  # nothing is English-only there
    assert also_terms(backend, english) == []
