"""A worker loads what search reads before its first request (``rulebook.search.warmup``)."""

import gc

import pytest

from rulebook.search import lexicon, meaning, warmup
from rulebook.search.base import row_text
from rulebook.search.entries import default_rule_entries


@pytest.mark.django_db
def test_prepare_loads_the_vectors_and_the_lexicon(demo_index):
    lexicon.forget()
    meaning.load.cache_clear()
    assert warmup.prepare() is True
    assert meaning.load.cache_info().currsize == 1
    assert lexicon.loaded(), "the data generation's lexicon is loaded"


@pytest.mark.django_db
def test_prepare_reads_every_default_rule_row_before_a_question_does(demo_index):
    meaning.forget()
    assert warmup.prepare() is True
    rows = [row_text(e.path, e.text) for e in default_rule_entries() if meaning.reads(e.language)]
    assert rows and meaning.preload(rows) == 0  # every one already read


def test_preload_reads_each_row_once():
    meaning.forget()
    assert meaning.preload(["a unit attacks", "a unit attacks", "a spell resolves"]) == 2
    assert meaning.preload(["a spell resolves", "a rune is spent"]) == 1


def test_prepare_never_stops_a_worker_without_a_database():
    """No database access here (pytest-django refuses it): every probe fails, and it says so."""
    assert warmup.prepare() is False


def test_settle_puts_what_was_loaded_out_of_the_collectors_walks():
    held = [[n] for n in range(1000)]  # what a worker loaded: alive from now on
    try:
        warmup.settle()
        assert gc.get_freeze_count() >= len(held)
        walked = {id(x) for x in gc.get_objects()}
        assert not any(id(x) in walked for x in held)
    finally:
        gc.unfreeze()
