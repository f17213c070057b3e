"""An admin edit brings the search index along: search finds the new text and does not
report the index as being updated."""

import pytest

from rulebook import search
from rulebook.admin import reindex
from rulebook.loading import generation
from rulebook.models import Rule
from rulebook.search import SearchQuery, freshness, run_search
from tests.conftest import DEMO_GAMES, build_index

pytestmark = pytest.mark.django_db


def test_an_admin_edit_of_a_rule_reindexes_its_document(
    demo_data, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.SEARCH_BACKEND = build_index(tmp_path / "index", DEMO_GAMES)
    rule = Rule.objects.get(
        document__game__slug="lanternfall",
        document__kind="core-rules",
        document__language="en",
        document__version="2026-05-01",
        number="105.5",
    )
    rule.text = "Each player draws 5 cards, counted aloud as quillwort."
    with django_capture_on_commit_callbacks(execute=True):
        rule.save()
        generation.bump()
        reindex(rule)
    assert not freshness.is_stale(search.get_backend())
    hits = run_search(SearchQuery(text="quillwort", game="lanternfall", language="en")).hits
    assert [h.number for h in hits][:1] == ["105.5"]
