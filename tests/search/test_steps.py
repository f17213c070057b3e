"""The fallbacks as an ordered list within a budget of engine calls, and ``debug=1``.

Every query below, on each engine, is answered in at most ``MAX_ENGINE_CALLS`` engine calls,
whatever fallbacks it wants: an unknown word, a player's word the rules lack, a word of kind,
an English term on a French page, nonsense. ``debug=1`` on the API shows which step made each
call and, for a question, each reranked candidate's features.
"""

import pytest

from rulebook.search import steps
from rulebook.search.base import SearchQuery
from rulebook.search.service import run_search

pytestmark = pytest.mark.django_db

QUERIES = [
    "mana",
    "mnaa",
    "xqzv wibble florp",
    "mana rules",
    "graveyard rules",
    "how do I spend mana from my pool?",
    "kw",
    "zz",
    "what happens when the stack is empty and nobody passes",
    # A slip, a word of kind and a player's word at once: before the budget, four calls and
    # more on a French page (the slip's respelling, then each second try respelled again).
    "mnaa rules graveyard",
    "manaa rule untap",
]


@pytest.fixture
def counted(backend, monkeypatch):
    """The engine calls each search makes, counted on the backend itself."""
    made = []
    real = type(backend).search

    def counting(self, query, plan=None):
        made.append(query.text)
        return real(self, query, plan)

    monkeypatch.setattr(type(backend), "search", counting)
    return made


def test_the_steps_come_in_the_documented_order():
    assert [s.name for s in steps.STEPS] == ["respell", "rules_words", "drop_kind_words", "broaden"]
    assert steps.MAX_ENGINE_CALLS == 3


@pytest.mark.parametrize("language", ["en", "fr", None])
@pytest.mark.parametrize("text", QUERIES)
def test_a_request_makes_at_most_three_engine_calls(counted, text, language):
    run_search(SearchQuery(text=text, language=language), debug=True)
    assert 1 <= len(counted) <= steps.MAX_ENGINE_CALLS, counted


def test_a_budget_refuses_a_fourth_call(backend):
    calls = steps.Calls(backend)
    for _ in range(steps.MAX_ENGINE_CALLS):
        calls.search(SearchQuery(text="mana", language="en"))
    assert calls.left == 0
    with pytest.raises(RuntimeError):
        calls.search(SearchQuery(text="mana", language="en"))


def test_debug_names_each_call_and_the_one_kept(backend, counted):
    results = run_search(SearchQuery(text="xqzv mana wibble", language="en"), debug=True)
    calls = results.debug["calls"]
    assert results.debug["engine_calls"] == len(calls) == len(counted)
    assert calls[0]["step"] in ("typed", "respell")
    named = {"typed", "as_name", "respell", *(s.name for s in steps.STEPS)}
    assert {c["step"] for c in calls} <= named
    assert sum(c["kept"] for c in calls) == 1
    assert [c["text"] for c in calls] == counted


def test_debug_shows_each_reranked_candidate_features(backend):
    results = run_search(
        SearchQuery(text="how do I spend mana from my pool?", language="en"), debug=True
    )
    kept = next(c for c in results.debug["calls"] if c["kept"])
    assert kept["candidates"], kept
    first = kept["candidates"][0]
    assert {"score", "meaning", "all_words"} <= set(first["features"])
    assert kept["weights"]["score"] > 0
    scores = [c["score"] for c in kept["candidates"]]
    assert scores == sorted(scores, reverse=True)


def test_no_debug_records_nothing(backend):
    assert run_search(SearchQuery(text="how do I spend mana?", language="en")).debug is None


def test_the_api_answers_debug_1_and_refuses_other_values(backend, client):
    answer = client.get("/api/v1/search", {"q": "how do I spend mana?", "lang": "en", "debug": "1"})
    assert answer.status_code == 200
    body = answer.json()
    assert 1 <= body["debug"]["engine_calls"] <= steps.MAX_ENGINE_CALLS
    assert all("step" in call for call in body["debug"]["calls"])
    plain = client.get("/api/v1/search", {"q": "how do I spend mana?", "lang": "en"}).json()
    assert "debug" not in plain
    assert plain["results"] == body["results"]
    refused = client.get("/api/v1/search", {"q": "mana", "debug": "yes"})
    assert refused.status_code == 400


def test_words_no_name_holds_together_are_searched_as_a_description(backend):
    """No name holds "shield" and "timing" together: read as a question, the rerank weighs
    the rules (its candidates are in ``debug``) and the rule that says both comes first."""
    results = run_search(SearchQuery(text="shield timing", language="en"), debug=True)
    kept = next(c for c in results.debug["calls"] if c["kept"])
    assert kept["step"] == "typed" and kept["candidates"]
    assert results.hits[0].number == "703.1"


def test_a_description_that_finds_nothing_is_searched_as_a_name(backend):
    """Each word is a card's name's, of two cards, and no rule's: where the description finds
    nothing (Whoosh, whose question fields hold no card name), the words are searched as a
    name, as before, and the card is found on both engines."""
    results = run_search(SearchQuery(text="dawnblade dusk", language="en"), debug=True)
    first, *then = results.debug["calls"]
    assert first["step"] == "typed" and (first["total"] or then[0]["step"] == "as_name")
    assert "Vessa, Dawnblade" in {h.title for h in results.hits}


def test_a_search_for_cards_reads_a_few_words_as_a_name(backend):
    """A search for cards looks a name up: the same words that describe a thing among the
    rules are searched as a card's name, so a slip no respelling catches ("Calm Run" for
    *Calm Rune*, "run" being a word) still finds the card by its other word."""
    results = run_search(SearchQuery(text="shield timing", language="en", kind="card"), debug=True)
    kept = next(c for c in results.debug["calls"] if c["kept"])
    assert kept["step"] == "typed" and not kept.get("candidates")
