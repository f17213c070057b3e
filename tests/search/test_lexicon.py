"""What the lexicon calls each name, read from the database."""

import pytest

from rulebook.models import Card, Document, Keyword
from rulebook.search import lexicon
from rulebook.search.weights import CARD_WORD_WEIGHT

from .fixtures import GAME, NEW, create_game


@pytest.mark.django_db
def test_a_keyword_whose_chapter_heading_bears_its_name_is_a_keyword():
    """Headings bear most keywords' names (704 *Backline*): read as headings, no keyword
    was left for a search of keywords to respell a slip to ("back line", ``kind=keyword``)."""
    create_game()
    document = Document.objects.get(game__slug=GAME, language="en", version=NEW)
    Keyword.objects.create(document=document, name="Backline", slug="backline", number="704")
    names = lexicon.load().names_in("en")
    assert names["backline"] == "keyword" and names["trash piles"] == "heading"


@pytest.mark.django_db
def test_a_title_rule_is_read_as_a_name_but_respelled_to_by_no_typo():
    """ "what are trashes?" asks about 108.1 *Trashes*; yet the title is a plain word, and in
    the names a typo is respelled to it would tie with the names one edit from it."""
    create_game()
    found = lexicon.load()
    assert found.read_in("en")["trashes"] == "title" and "trashes" not in found.names_in("en")
    assert "trashes" in found.keys_in("en") and "trashes" in found.keys_in(None)


def test_words_are_held_together_when_one_name_holds_every_one():
    from rulebook.search.lexicon import Lexicon

    lexicon = Lexicon(names={"en": {"lee sin blind monk": "card", "combat": "heading"}})
    assert lexicon.held_together(["lee", "sin"], "en")
    assert lexicon.held_together(["monks", "blind"], "en")  # by their first letters
    assert not lexicon.held_together(["lee", "combat"], "en")  # two names, not one
    assert not lexicon.held_together(["assignment"], "en") and not lexicon.held_together([], "en")


@pytest.mark.django_db
def test_a_champion_is_named_by_the_name_before_its_comma():
    """Players say "Vessa" for *Vessa, Warden*. A champion's short name reads as its card
    and stays a searched word; shared by several champions, it reads as what they all are;
    never over another card's name, a rule's name, or a card that is no champion."""
    from rulebook.search.understand import understand

    game = create_game()

    def card(name, kinds, supers=("Champion",), types=("Unit",)):
        Card.objects.create(
            game=game,
            name=name,
            slug=name.lower().replace(",", "").replace(" ", "-"),
            card_types=list(types),
            super_types=list(supers),
            keywords=[{"name": k, "value": None, "in_reminder": False} for k in kinds],
            ability_text="When I attack, draw 1.",
        )

    card("Vessa, Warden", ["Reaction", "Tank"])
    card("Orin Vale, Smith", ["Reaction"])
    card("Orin Vale, Tinker", ["Shield"])
    card("Brisk", [], supers=(), types=("Spell",))
    card("Brisk, Keeper", ["Tank"])
    card("Tally, Clerk", ["Tank"], supers=())
    found = lexicon.load()
    vessa = understand("can I play Vessa in a showdown?", "en", found)
    assert vessa.cards == ["vessa"] and vessa.card_kinds == ["reaction", "tank", "unit", "champion"]
    assert "vessa" in vessa.words  # still searched: the rules' examples name champions so
    assert ("draw", CARD_WORD_WEIGHT) in vessa.extra  # one champion: its ability words too
    orin = understand("does orin vale attack twice?", "en", found)
    assert orin.cards == ["orin vale"] and orin.card_kinds == ["unit", "champion"]
    assert not [w for w, weight in orin.extra if weight == CARD_WORD_WEIGHT]
    assert understand("can I copy Brisk twice?", "en", found).card_kinds == ["spell"]
    assert understand("does Tally gain might?", "en", found).cards == []
    assert "vessa" not in found.names_in("en")  # a question's reading, not a name to look up
