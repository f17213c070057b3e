"""The word vectors the question rerank reads, on our own sentences: no network, a number
for every row, and French left to the other features."""

import math
import warnings

import pytest

from rulebook.search import meaning
from rulebook.search.query import parse
from rulebook.search.rerank import FEATURES, Candidate, features
from rulebook.search.understand import Plan, understand

# The row scores count word rarity in the database (``word_counts``).
pytestmark = pytest.mark.django_db

GUARD = "Can a tired creature still stand guard?"
ROWS = [
    "Shuffle your deck and draw a fresh hand before the first turn.",
    "An exhausted unit cannot be assigned as a blocker.",
    "Score a point each time you hold a lantern at the end of the round.",
]


def test_the_row_that_means_the_question_is_nearest_though_it_shares_no_word():
    got = meaning.similarities(GUARD, ROWS)
    assert len(got) == len(ROWS)
    assert max(range(len(ROWS)), key=got.__getitem__) == 1
    assert all(-1.0 <= value <= 1.0 for value in got)


def test_the_same_row_gives_the_same_number_however_the_cache_stands(monkeypatch):
    first = meaning.similarities(GUARD, ROWS)
    monkeypatch.setattr(meaning, "CACHE_SIZE", 1)  # every call now clears it
    again = meaning.similarities(GUARD, [*ROWS, ROWS[1]])
    assert again[:3] == pytest.approx(first) and again[3] == pytest.approx(first[1])


def test_a_row_with_nothing_to_read_is_near_nothing_and_warns_of_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert meaning.similarities(GUARD, ["", "§"])[0] == 0.0
        assert all(math.isfinite(v) for v in meaning.similarities("", ["", "a unit"]))
    assert meaning.similarities(GUARD, []) == []


def test_only_english_and_unstated_languages_are_read():
    assert meaning.reads("en") and meaning.reads(None)
    assert not meaning.reads("fr")


@pytest.mark.parametrize(
    "language, written_in, read",
    [
        ("en", None, True),
        (None, None, True),
        ("fr", None, False),
        # Every language searched (the API's default): the language the query is written in.
        (None, "fr", False),
        (None, "en", True),
        ("en", "fr", True),  # a stated language is the query's, whatever its words look like
    ],
)
def test_the_rerank_reads_the_vectors_in_the_query_language_only(language, written_in, read):
    plan = understand(GUARD, language, None, written_in)
    assert plan.question and plan.language == language and plan.written_in == written_in
    rows = [
        Candidate(1.0, f"rule:g:core-rules:en:1:1.{i}", f"1.{i}", "", t) for i, t in enumerate(ROWS)
    ]
    column = [row[FEATURES.index("meaning")] for row in features(plan, rows)]
    assert any(column) is read
    if read:
        assert max(range(len(ROWS)), key=column.__getitem__) == 1


def test_a_plan_made_by_hand_is_of_no_stated_language():
    assert Plan(parse("x")).language is None


def test_a_server_loads_the_vectors_before_its_first_question():
    import gc
    import importlib

    import rulebook.wsgi

    meaning.load.cache_clear()
    try:
        importlib.reload(rulebook.wsgi)
    finally:
        gc.unfreeze()  # the reload settles this process as it settles a worker
    assert meaning.load.cache_info().currsize == 1


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("can I play a reaction during a closed state?", True),
        ("puis-je jouer une réaction pendant un état fermé ?", False),
    ],
)
def test_a_question_of_no_stated_language_is_read_in_the_language_it_is_written_in(
    backend, monkeypatch, typed, read
):
    """The API searches every language by default: a French question there used to be read
    by the English vectors, which score French rows worse than no vectors at all."""
    from rulebook.search import SearchQuery, run_search

    asked = []
    real = meaning.similarities
    monkeypatch.setattr(meaning, "similarities", lambda q, rows: asked.append(q) or real(q, rows))
    results = run_search(SearchQuery(text=typed, language=None))
    assert results.hits and results.query.prefer == ("en" if read else "fr")
    assert bool(asked) is read
