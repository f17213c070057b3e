"""Slips in the data itself: a rare misprint of a name word is still read as a typo."""

from rulebook.search import spelling
from rulebook.search.lexicon import Lexicon

VOCAB = {
    "deathknell": ("Deathknell", 100),
    "deathnkell": ("Deathnkell", 1),  # printed once, letters of the keyword swapped
    "shield": ("Shield", 60),
    "shiled": ("shiled", 30),  # a swap too, but common: a word of its own
    "bellow": ("Bellow", 1),  # rare, one letter from "below", not a swap of it
    "below": ("below", 40),
}
NAMES = {"deathknell": 1, "shield": 1, "below": 1}


def test_a_rare_swap_of_a_common_name_word_is_a_slip():
    assert spelling.slips("deathnkell shiled bellow Deathknell", VOCAB, NAMES) == ["deathnkell"]


def test_a_slip_is_corrected_in_a_language_only():
    lexicon = Lexicon(name_words={"en": NAMES})

    def known(word, _language):
        return word in ("how", "does", "work")

    fixed = spelling.correct("how does deathnkell work", "en", VOCAB, lexicon, known)
    assert fixed.text == "how does Deathknell work" and fixed.confident
    assert spelling.correct("how does deathnkell work", None, VOCAB, lexicon, known) is None


def test_two_swapped_neighbours_of_a_name_word():
    assert spelling.swaps("joure", {"jouer": 1, "joue": 1, "tour": 1}) == ["jouer"]
    assert spelling.swaps("jouer", {"jouer": 1}) == []  # the word itself is no swap
    assert spelling.swaps("bellow", {"below": 1}) == []  # an insertion, not a swap


def test_common_words_of_the_language():
    assert spelling.common_word("wear", "en") and spelling.common_word("combien", "fr")
    assert not spelling.common_word("wear", "fr") and not spelling.common_word("sheild", "en")
    assert spelling.common_word("combien", None)  # every language of the site
    assert not spelling.common_word("wear", "xx")  # no word list: nothing is common


def test_a_whole_name_is_chosen_among_the_names_of_the_kind_searched():
    lexicon = Lexicon(
        names={"en": {"retreat": "card", "repeat": "keyword"}},
        shown={"retreat": "Retreat", "repeat": "Repeat"},
    )
    assert spelling.whole_name("Reteat", "en", lexicon) is None  # one edit from both
    assert spelling.whole_name("Reteat", "en", lexicon, "card").text == "Retreat"
    assert spelling.whole_name("Reteat", "en", lexicon, "keyword").text == "Repeat"


def test_a_word_that_only_adds_an_ending_to_a_name_is_an_inflection_not_a_slip():
    assert spelling.inflected("reactions", "Reaction")
    assert spelling.inflected("Jinx Rebels", "Jinx, Rebel")
    assert not spelling.inflected("Pit Cre", "Pit Crew")  # cut short: a slip
    assert not spelling.inflected("Karma, Channele", "Karma, Channeler")
    assert not spelling.inflected("Reaction", "Reaction")


def test_a_name_typed_with_its_words_joined_or_split_otherwise():
    names = {"backline": "keyword", "back side": "heading", "quick draw": "keyword"}
    shown = {"backline": "Backline", "back side": "Back Side", "quick draw": "Quick-Draw"}
    lexicon = Lexicon(names={"en": names}, shown=shown)

    def respaced(text, kind=None):
        fixed = spelling.respaced_name(text, "en", lexicon, kind)
        return fixed and (fixed.text, fixed.confident)

    assert respaced("back line") == ("Backline", True)
    assert respaced("backside") == ("Back Side", True)
    assert respaced("Quick-Draw") is None and respaced("back side") is None  # names already
    assert respaced("back line", kind="card") is None  # a keyword, not a card
    assert respaced("the back line rule") is None  # a name's letters with others around


def test_letters_that_spell_two_names_respell_to_neither():
    names = {"backline": "keyword", "back line": "heading"}
    lexicon = Lexicon(names={"en": names})
    assert spelling.respaced_name("Back-Line", "en", lexicon) is None  # a name: "back line"
    assert spelling.respaced_name("bac kline", "en", lexicon) is None  # two names: unsure
