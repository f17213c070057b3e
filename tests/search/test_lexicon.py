"""What the lexicon calls each name, read from the database."""

import pytest

from rulebook.models import Document, Keyword
from rulebook.search import lexicon

from .fixtures import GAME, NEW, create_game


@pytest.mark.django_db
def test_a_keyword_whose_chapter_heading_bears_its_name_is_a_keyword():
    """Headings bear most keywords' names (704 *Backline*): read as headings, no keyword
    was left for a search of keywords to respell a slip to ("back line", ``kind=keyword``)."""
    create_game()
    document = Document.objects.get(game__slug=GAME, language="en", version=NEW)
    Keyword.objects.create(document=document, name="Backline", slug="backline", number="704")
    names = lexicon.load().names_in("en")
    assert names["backline"] == "keyword" and names["trash piles"] == "heading"
