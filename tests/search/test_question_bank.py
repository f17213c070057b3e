"""The question bank on both engines: a rule is found by a question players ask about it
though the two share no word, its bank questions are never shown as its text, and the rerank
reads how near a question is to them."""

import pytest

from rulebook.models import AskedQuestion, Game, Rule
from rulebook.search import SearchQuery, run_search
from rulebook.search.rerank import FEATURES, Candidate, features, rerank
from rulebook.search.understand import understand

from .fixtures import GAME, NEW, create_game

pytestmark = pytest.mark.django_db
# Our own questions; none shares a word with the rule it is filed under (301.2, 101.2).
ASKED = {
    "301.2": ["who may respond while something waits to resolve"],
    "101.2": ["when do my tired creatures get back up"],
}


@pytest.fixture(scope="module")
def starfall(django_db_setup, django_db_blocker):
    """The contract fixture's game with a question bank placed on two of its rules."""
    with django_db_blocker.unblock():
        Game.objects.filter(slug=GAME).delete()
        game = create_game()
        for number, texts in ASKED.items():
            rules = Rule.objects.filter(document__game=game, number=number, document__language="en")
            for position, text in enumerate(texts):
                question = AskedQuestion.objects.create(
                    game=game,
                    language="en",
                    version=NEW,
                    number=number,
                    text=text,
                    source="en/test.toml",
                    position=position,
                )
                question.rules.set(rules)
    yield GAME
    with django_db_blocker.unblock():
        Game.objects.filter(slug=GAME).delete()


@pytest.mark.parametrize("number, question", [(n, q[0]) for n, q in ASKED.items()])
def test_a_bank_question_finds_its_rule(backend, number, question):
    hits = run_search(SearchQuery(text=question, language="en", kind="rule")).hits
    assert number in [hit.number for hit in hits[:3]]


def test_the_bank_is_not_shown_as_the_rule_text(backend):
    hits = run_search(SearchQuery(text="tired creatures get back up", language="en")).hits
    hit = next(h for h in hits if h.number == "101.2")
    assert "tired" not in hit.snippet and "Untap" in hit.snippet


def test_the_rerank_reads_the_nearest_bank_question():
    asked = ("when do my tired creatures get back up",)
    plan = understand("when do tired creatures get up again", "en", None)
    rows = features(
        plan,
        [
            Candidate(1.0, "a", "101.2", "Exhausting", "Untap all units.", asked),
            Candidate(1.0, "b", "101.1", "Exhausting", "A tapped unit is exhausted."),
        ],
    )
    near, cover = FEATURES.index("asked"), FEATURES.index("asked_cover")
    assert rows[0][near] > 0.8 and rows[0][cover] > 0.5
    assert rows[1][near] == 0.0 and rows[1][cover] == 0.0


def test_each_engine_hands_the_rerank_its_rows_questions(backend, monkeypatch):
    import rulebook.search.postgres_questions as pg
    import rulebook.search.whoosh_backend as wh

    seen = {}

    def recording(plan, candidates):
        seen.update({c.number: c.asked for c in candidates})
        return rerank(plan, candidates)

    monkeypatch.setattr(wh, "rerank", recording)
    monkeypatch.setattr(pg, "rerank", recording)
    run_search(SearchQuery(text="when do my tired creatures get back up", language="en"))
    assert seen.get("101.2") == tuple(ASKED["101.2"])


def test_a_named_card_lends_the_question_what_it_is():
    """Card-aware reading: its keywords and types are read with the question, beside its
    ability words, and the rerank sees whether a row sits under one of them."""
    from rulebook.search.lexicon import Card, Lexicon
    from rulebook.search.weights import CARD_KIND_WEIGHT, CARD_WORD_WEIGHT

    lexicon = Lexicon()
    lexicon.cards["vessa"] = Card("Vessa", ["banish", "chosen"], ["reaction", "unit", "champion"])
    lexicon.single_cards["Vessa"] = "vessa"
    plan = understand("can I play Vessa when my opponent attacks", "en", lexicon)
    assert plan.cards == ["vessa"] and plan.card_kinds == ["reaction", "unit", "champion"]
    assert ("reaction", CARD_KIND_WEIGHT) in plan.extra
    assert ("banish", CARD_WORD_WEIGHT) in plan.extra and CARD_WORD_WEIGHT < CARD_KIND_WEIGHT
    rows = features(
        plan,
        [
            Candidate(1.0, "a", "702.6", "Keywords › Reaction", "Play any time."),
            Candidate(1.0, "b", "301.2", "States of the Turn", "Only some cards."),
        ],
    )
    kind = FEATURES.index("kind_path")
    assert rows[0][kind] == 1.0 and rows[1][kind] == 0.0


def test_a_card_named_in_a_french_question_lends_what_it_is_by_its_french_names():
    """A card is printed in English: in a French question, what it is is read by the French
    rules' names for it, or the French heading path it sits under never holds it."""
    from rulebook.search.lexicon import Card, Lexicon
    from rulebook.search.weights import CARD_KIND_WEIGHT

    lexicon = Lexicon(glossary_names=[{"en": "Units", "fr": "Unités"}])
    lexicon.cards["vessa"] = Card("Vessa", ["banish"], ["reaction", "unit"])
    lexicon.single_cards["Vessa"] = "vessa"
    plan = understand("je peux jouer Vessa quand mon adversaire attaque ?", "fr", lexicon)
    assert plan.card_kinds == ["reaction", "unites"]  # « Réaction » folds alike
    assert ("unites", CARD_KIND_WEIGHT) in plan.extra
    assert ("unit", CARD_KIND_WEIGHT) not in plan.extra
    rows = features(
        plan, [Candidate(1.0, "a", "141.1", "Concepts du jeu › Unités", "Les unités ...")]
    )
    assert rows[0][FEATURES.index("kind_path")] == 1.0


def test_the_site_skips_the_bank_vectors_while_asked_weighs_nothing():
    asked = ("when do my tired creatures get back up",)
    plan = understand("when do tired creatures get up again", "en", None)
    rows = [Candidate(1.0, "a", "101.2", "Exhausting", "Untap all units.", asked)]
    near, cover = FEATURES.index("asked"), FEATURES.index("asked_cover")
    unweighed = tuple(0.0 if name == "asked" else 1.0 for name in FEATURES)
    row = features(plan, rows, unweighed)[0]
    assert row[near] == 0.0 and row[cover] > 0.5
    assert features(plan, rows)[0][near] > 0.8
