"""A question's rules come in the same order whether the search asks for rules alone or for
every kind (the search box's), on every engine (PostgreSQL only when DATABASE_URL says so)."""

import pytest

from rulebook.search import SearchQuery, run_search
from rulebook.search.ranking import rules_apart

pytestmark = pytest.mark.django_db

QUESTIONS = [
    "can I exhaust a unit to draw a card?",  # a card's ability says so, beside the rules
    "does a shield stop reaction damage?",  # keyword pages beside the rules
]


def ranked(rows):
    """A stand-in ranking: the rows' own order, each scored below the one before."""
    return [(float(len(rows) - i), row) for i, row in enumerate(rows)]


def test_the_other_kinds_keep_their_places_and_the_rules_take_their_own_order():
    rows = ["rule:a", "card:x", "rule:b", "faq:y", "rule:c"]
    alone = {"rule:a": "rule:c", "rule:b": "rule:a", "rule:c": "rule:b"}  # the rules' order

    def rank(given):
        if all(r.startswith("rule:") for r in given):
            return ranked([alone[r] for r in given])
        return ranked(given)

    rules = [r for r in rows if r.startswith("rule:")]
    got = rules_apart(rank, rows, rules, lambda r: r.startswith("rule:"))
    assert [row for _, row in got] == ["rule:c", "card:x", "rule:a", "faq:y", "rule:b"]
    assert [score for score, _ in got] == [5.0, 4.0, 3.0, 2.0, 1.0]  # each place's score


def test_rules_only_the_rules_ranking_finds_come_last_and_none_twice():
    def rank(given):  # alone, the rules' ranking also lifts an ancestor, "rule:p"
        return ranked(["rule:p", *given] if given == ["rule:a"] else given)

    got = rules_apart(rank, ["card:x", "rule:a"], ["rule:a"], lambda r: r.startswith("rule:"))
    assert [row for _, row in got] == ["card:x", "rule:p", "rule:a"]
    assert got[-1][0] <= got[-2][0]


def test_one_kind_is_ranked_once():
    calls = []

    def rank(given):
        calls.append(list(given))
        return ranked(given)

    rules_apart(rank, ["rule:a", "rule:b"], ["rule:a", "rule:b"], lambda r: True)
    rules_apart(rank, ["card:x"], [], lambda r: False)
    assert calls == [["rule:a", "rule:b"], ["card:x"]]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_search_box_ranks_rules_as_a_search_of_rules_does(backend, question):
    every = run_search(SearchQuery(text=question, language="en", per_page=50)).hits
    rules = run_search(SearchQuery(text=question, language="en", kind="rule", per_page=50)).hits
    assert any(hit.kind != "rule" for hit in every)  # other kinds take places among them
    assert [h.number for h in every if h.kind == "rule"] == [h.number for h in rules]
