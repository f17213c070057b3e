"""The per-process results cache, on every backend: what it keeps, and what makes it let go."""

from dataclasses import replace

import pytest
from django.utils import translation

from rulebook.loading import generation
from rulebook.search import SearchQuery, run_search
from rulebook.search.results_cache import CACHE
from tests.search.conftest import starfall_entries

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_on(backend, settings, monkeypatch):
    """The cache switched on, empty, and a count of the searches that reach the backend."""
    settings.RULEBOOK_SEARCH_CACHE_ENTRIES = 50
    CACHE.clear()
    calls = []
    search = type(backend).search

    def counted(self, query, plan=None):
        calls.append(query.text)
        return search(self, query, plan)

    monkeypatch.setattr(type(backend), "search", counted)
    yield backend, calls
    CACHE.clear()


def ask(text, **kwargs):
    return run_search(SearchQuery(text=text, language=kwargs.pop("language", "en"), **kwargs))


def test_a_repeated_query_is_answered_from_memory(cache_on):
    backend, calls = cache_on
    first = ask("closed state")
    reached = len(calls)
    again = ask("closed state")
    assert len(calls) == reached and [h.url for h in again.hits] == [h.url for h in first.hits]
    ask("closed state", page=2)  # another field of the query: another answer
    assert len(calls) > reached


def test_an_answer_is_handed_out_as_a_copy(cache_on):
    """Both ways: what the first asker changes was copied in, what a later one changes was
    copied out (the views add notices to the answer they are handed)."""
    ask("closed state").hits.clear()  # the answer computed, then kept
    ask("closed state").hits.clear()  # the answer kept, then handed out
    assert ask("closed state").hits


def test_an_index_write_lets_go_of_what_it_changed(cache_on):
    """As after an ingest: the data generation moves at its commit, the index after it."""
    backend, _ = cache_on
    entry = next(e for e in starfall_entries() if e.number == "703.1")
    extra = replace(entry, key=entry.key + "~x", number="703.9", text="Quasar shields glow.")
    assert ask("quasar").total == 0
    generation.bump()
    assert ask("quasar").total == 0  # asked between the commit and the index update
    backend.index([extra])
    try:
        assert [h.number for h in ask("quasar").hits] == ["703.9"]
    finally:
        backend.delete([extra.key])
    assert ask("quasar").total == 0


def test_the_interface_language_is_part_of_the_key(cache_on):
    with translation.override("en"):
        english = ask("999.9").message
    with translation.override("fr"):
        french = ask("999.9").message
    assert "999.9" in english and "999.9" in french and english != french


def test_the_oldest_answers_go_first(cache_on, settings):
    settings.RULEBOOK_SEARCH_CACHE_ENTRIES = 2
    backend, calls = cache_on
    for text in ("closed state", "reaction", "shield"):
        ask(text)
    reached = len(calls)
    ask("shield")
    assert len(calls) == reached and len(CACHE) == 2
    ask("closed state")
    assert len(calls) > reached


def test_an_answer_from_the_database_is_not_kept(cache_on, monkeypatch):
    from rulebook.search.base import SearchUnavailable

    backend, _ = cache_on

    def broken(self, query, plan=None):
        raise SearchUnavailable("index gone")

    monkeypatch.setattr(type(backend), "search", broken)
    assert ask("reaction").degraded
    assert len(CACHE) == 0


def test_off_by_default_in_tests_and_every_benchmark(backend, settings):
    assert settings.RULEBOOK_SEARCH_CACHE_ENTRIES == 0
    CACHE.clear()
    ask("reaction")
    assert len(CACHE) == 0
