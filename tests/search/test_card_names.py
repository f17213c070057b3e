"""A question naming a card searches its name's words too, weighted below the question's own
(``weights.CARD_NAME_WEIGHT``), on every engine (PostgreSQL only when DATABASE_URL says so).

Rules give cards as examples. Taken out of the searched words, as a card's full name is (a
rule rarely bears it), the name left the example to plain BM25, which keeps every word. The
game here is written for these tests: two rules hold the question's words, the shorter one
wins on them alone, and only the other names the card.
"""

import pytest

from rulebook.models import Card, Game
from rulebook.search import SearchQuery, run_search, weights
from rulebook.search.understand import understand

from .conftest import module_game, module_index
from .fixtures import add_document

pytestmark = pytest.mark.django_db

GAME = "cinderfall"
RULES = [
    ("200", "Protection", 1),
    ("210", "Shields", 2),
    (
        "210.1",
        "A shield prevents damage: the next damage dealt to a shielded unit is prevented.",
        0,
    ),
    (
        "210.2",
        "Example: Brightwall Charm gives your unit a shield, so the damage dealt to it by an "
        "attack is prevented once.",
        0,
    ),
    # Enough other rules for the name's words to be rare, as in a real rulebook: a word most
    # entries hold only scores rows, and here it must find its rule's score.
    ("300", "Turns", 2),
    *[(f"300.{i}", f"Turn rule {i}: players act in turn order in step {i}.", 0) for i in range(70)],
]
QUESTION = "does the shield from Brightwall Charm prevent damage?"


def create_cinderfall():
    game = Game.objects.create(slug=GAME, name="Cinderfall")
    add_document(game, "en", "2026-01-01", RULES)
    Card.objects.create(
        game=game,
        name="Brightwall Charm",
        slug="brightwall-charm",
        card_types=["Spell"],
        ability_text="Give a unit a shield.",
    )


@pytest.fixture(scope="module")
def cinderfall(django_db_setup, django_db_blocker):
    yield from module_game(GAME, django_db_blocker, create_cinderfall)


@pytest.fixture(scope="module", params=["whoosh", "postgres"])
def engine(request, cinderfall, django_db_blocker, tmp_path_factory):
    yield from module_index(request.param, GAME, tmp_path_factory, django_db_blocker)


def first(settings, engine) -> str:
    settings.SEARCH_BACKEND = engine
    sq = SearchQuery(text=QUESTION, language="en", game=GAME, kind="rule")
    return run_search(sq).hits[0].number


def test_the_rule_whose_example_names_the_card_comes_first(settings, engine, monkeypatch):
    assert first(settings, engine) == "210.2"
    monkeypatch.setattr(weights, "CARD_NAME_WEIGHT", 0.0)
    assert first(settings, engine) == "210.1"  # the name's words weigh nothing: shorter first


def test_the_names_words_are_weighted_below_the_questions_own(cinderfall):
    from rulebook.search import lexicon

    plan = understand(QUESTION, "en", lexicon.load())
    assert plan.cards == ["brightwall charm"] and "brightwall" not in plan.words
    for word in ("brightwall", "charm"):
        assert (word, weights.CARD_NAME_WEIGHT) in plan.extra
    assert weights.CARD_NAME_WEIGHT < weights.SYNONYM_WEIGHT  # a hint: it finds no row alone
