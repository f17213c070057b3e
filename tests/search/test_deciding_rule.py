"""A section's heading found for a question shows the words of the rule below it that
answers, on every engine (PostgreSQL only when DATABASE_URL says so)."""

import pytest
from django.urls import reverse

from rulebook.search import SearchQuery, run_search
from rulebook.search.ranking import deciding

pytestmark = pytest.mark.django_db

QUESTION = "can I play a reaction during a closed state?"


def hits_of(text: str, **kwargs) -> dict:
    kwargs.setdefault("language", "en")
    return {hit.number: hit for hit in run_search(SearchQuery(text=text, **kwargs)).hits}


def test_the_heading_shows_the_best_ranked_rule_below_it(backend):
    hits = hits_of(QUESTION)  # in rank order
    ranked = list(hits)
    heading = hits["702"]  # *Reaction*, whose own text is only its name
    below = [n for n in ranked if n and n.startswith("702.")][0]
    assert heading.answer_number == below
    assert heading.snippet == hits[below].snippet and "<mark>" in heading.snippet
    assert heading.answer_url == hits[below].url
    assert heading.url.endswith("/rules/702/")  # the hit itself still opens the section


def test_a_rule_with_words_of_its_own_keeps_them(backend):
    hits = hits_of(QUESTION)
    assert all(hit.answer_number is None for n, hit in hits.items() if n and "." in n)


@pytest.mark.parametrize("typed", ["reaction", "Reaction rules"])
def test_a_name_searched_for_shows_the_heading_itself(backend, typed):
    heading = hits_of(typed)["702"]
    assert heading.answer_number is None and "<mark>Reaction</mark>" in heading.snippet


def test_a_french_question_reads_the_same(backend):
    hits = hits_of("puis-je jouer une réaction pendant un état fermé ?", language="fr")
    heading = hits["702"]
    assert heading.answer_number and heading.answer_number.startswith("702.")
    assert heading.snippet == hits[heading.answer_number].snippet


def test_the_api_and_the_page_name_the_rule_whose_words_are_shown(backend, client):
    body = client.get(reverse("api_search"), {"q": QUESTION, "lang": "en"}).json()
    shown = {hit["number"]: hit for hit in body["results"]}
    answer = shown["702"]["answer"]
    assert answer["number"].startswith("702.") and answer["url"].endswith(
        f"/rules/{answer['number']}/"
    )
    assert all(hit["answer"] is None for n, hit in shown.items() if n and "." in n)
    answered = [(n, hit["answer"]["number"]) for n, hit in shown.items() if hit["answer"]]
    assert all(below.startswith(f"{n}.") for n, below in answered)
    page = client.get("/en/search/", {"q": QUESTION}).content.decode()
    assert f'class="search-answer rule-number" href="{answer["url"]}"' in page


def test_deciding_takes_the_best_ranked_row_below_each_key_of_the_page():
    key = "rule:g:core-rules:en:1:{}".format
    order = [key("413.4"), key("413"), key("413.2.a"), key("500.1"), key("413.4.c")]
    page = [key("413"), key("413.4"), key("500")]
    assert deciding(order, page) == {
        key("413"): key("413.4"),  # the best below, though ranked above its heading
        key("413.4"): key("413.4.c"),
        key("500"): key("500.1"),
    }
    assert deciding(order, ["faq:g:1", key("999")]) == {}
    other_version = "rule:g:core-rules:en:2:413.2.a"
    assert deciding([other_version], [key("413")]) == {}
