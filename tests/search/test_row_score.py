"""The question rows scored in Python (``row_score``), with word rarity counted from the
database (``word_counts``), never from the engine that found the rows."""

import pytest

from rulebook.models import Game
from rulebook.search import row_score, word_counts
from rulebook.search.query import parse
from rulebook.search.rerank import Candidate
from rulebook.search.understand import Plan
from rulebook.search.weights import FEW_WORDS_FACTOR

from .fixtures import add_document

pytestmark = pytest.mark.django_db


def make_game(slug: str, versions: dict[str, list[str]]) -> None:
    """A game (a slug of each test's own: counts are kept per generation and game) with one
    Core Rules document per version, each rule numbered 101, 102, …"""
    game = Game.objects.create(slug=slug, name=slug.title())
    for version, texts in versions.items():
        add_document(game, "en", version, [(str(101 + i), t, 0) for i, t in enumerate(texts)])


def plan_of(*words):
    return Plan(parse(" ".join(words)), mode="question", words=list(words))


def row(slug, number, text, score=1.0, asked=(), prior=1.0):
    key = f"rule:{slug}:core-rules:en:2:{number}"
    return Candidate(score, key, number, "", text, tuple(asked), prior)


def test_rarity_is_counted_in_the_newest_version_of_the_games_rules():
    make_game(
        "rarity",
        {
            "1": ["Zephyr one.", "Zephyr two.", "Zephyr three.", "Zephyr four."],
            "2": ["A glimmer.", "A glimmer, a zephyr.", "A glimmer.", "A glimmer."],
        },
    )
    counts = word_counts.counts("rarity", "en")
    assert (counts.rows, counts.counts["zephyr"], counts.counts["glimmer"]) == (4, 1, 4)
    assert counts.idf("zephyr") > counts.idf("glimmer") > 0
    assert counts.idf("never") >= counts.idf("zephyr")  # a word no rule holds: the rarest
    assert word_counts.counts("no-such-game", "en") == word_counts.EMPTY


def test_the_rare_word_wins_whatever_the_engine_scored():
    texts = ["A glimmer.", "A glimmer, a zephyr.", "A glimmer.", "The glimmer fades."]
    make_game("engines", {"2": texts})
    plan = plan_of("zephyr", "glimmer")
    one = [row("engines", "101", texts[0], score=9.0), row("engines", "102", texts[1], 1.0)]
    other = [row("engines", "101", texts[0], score=1.0), row("engines", "102", texts[1], 9.0)]
    assert row_score.features(plan, one) == row_score.features(plan, other)
    common, rare = row_score.features(plan, one)
    assert rare[0] == 1.0 and common[0] < rare[0]


def test_the_prior_scales_every_feature():
    make_game("priors", {"2": ["Glimmer and zephyr.", "Other words."]})
    plan = plan_of("zephyr", "glimmer")
    answer = row("priors", "101", "Glimmer and zephyr.", asked=["zephyr glimmer?"])
    heading = row("priors", "102", "Glimmer and zephyr.", asked=["zephyr glimmer?"], prior=0.3)
    first, second = row_score.features(plan, [answer, heading])
    assert second[:3] == pytest.approx(tuple(0.3 * value for value in first[:3]))
    assert second[3] == first[3] == 1.0  # ``plain`` reads the text alone, no prior


def test_plain_is_textbook_bm25_over_the_rows_own_text():
    texts = ["Zephyr zephyr glimmer.", "Zephyr glimmer and many other words besides.", "Glimmer."]
    make_game("plain", {"2": texts})
    plan = plan_of("zephyr", "glimmer")
    rows = [
        row("plain", "101", texts[0]),
        row("plain", "102", texts[1], asked=["zephyr glimmer zephyr?"], prior=2.0),
        row("plain", "103", texts[2]),
    ]
    plain = [f[3] for f in row_score.features(plan, rows)]
    # Term frequency counts and a longer text weighs less; the bank and the prior do not count.
    assert plain[0] == 1.0 and 0 < plain[2] < plain[1] < plain[0]


def test_too_few_of_the_words_demotes_unless_the_bank_holds_them():
    make_game("few", {"2": ["Alpha only.", "Alpha only.", "Alpha and beta.", "Gamma."]})
    plan = plan_of("alpha", "beta", "gamma", "delta")  # two words needed
    alone = row("few", "101", "Alpha only.")
    asked = row("few", "102", "Alpha only.", asked=["when is beta checked"])
    got = row_score.features(plan, [alone, asked])
    assert got[0][0] < FEW_WORDS_FACTOR * got[1][0] * 1.01  # demoted, and "beta" found too
    assert got[0][2] == 0 and got[1][2] > 0  # the bank question holds "beta"


def test_words_are_compared_on_their_stems_in_the_rows_language():
    assert word_counts.terms("Played, plays; playing", "en") == ("play", "play", "play")
    assert word_counts.terms("Unités détruites", "fr") == ("unit", "detruit")
    make_game("stems", {"2": ["A unit is played.", "Nothing else."]})
    plan = plan_of("play", "unit")
    [found, other] = row_score.features(
        plan, [row("stems", "101", "A unit is played."), row("stems", "102", "Nothing else.")]
    )
    assert found[0] == 1.0 and other[0] == 0


def test_a_key_names_its_game_and_language():
    assert row_score.scope("rule:riftbound:core-rules:fr:2026-07-16:813") == ("riftbound", "fr")
    assert row_score.scope("keyword:riftbound:fr:reaction") == ("riftbound", "fr")
    assert row_score.scope("card:riftbound:jinx") == ("riftbound", "en")
    assert row_score.scope("faq:riftboundfaq:x#y")[1] == "en"
