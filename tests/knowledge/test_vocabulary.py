"""A game's words come from its data directory (``data/<game>/vocabulary.toml``)."""

import pytest

from ingest import languages, vocabulary
from ingest.knowledge import mdx
from ingest.model import IngestError


def test_the_faq_tags_are_riftbounds_words_from_its_data():
    words = vocabulary.of_game("riftbound")
    assert "Deathknell" in words.keywords and "Fury" in words.powers
    assert mdx.TAGS == mdx.tag_table(words)
    assert mdx.TAGS["QuickDraw"] == mdx.TagMeaning("keyword", "Quick-Draw")
    assert mdx.TAGS["Fury"] == mdx.TagMeaning("icon", "Fury", "1 Fury Power")


def test_a_games_file_describes_its_tags(tmp_path):
    (tmp_path / "glimmer").mkdir()
    (tmp_path / "glimmer" / "vocabulary.toml").write_text(
        '[quantity_words]\nen = ["glow"]\n\n[faq_tags]\nkeywords = ["Flicker"]\n'
        'powers = ["Dusk"]\n\n[faq_tags.icons]\nSpark = { symbol = "S", label = "Spark" }\n',
        encoding="utf-8",
    )
    tags = mdx.tag_table(vocabulary.of_game("glimmer", tmp_path))
    assert tags["Flicker"].kind == "keyword" and tags["Spark"] == mdx.TagMeaning(
        "icon", "S", "Spark"
    )
    assert tags["Dusk"].label == "1 Dusk Power" and tags["Rule"].kind == "rule"
    assert "Deathknell" not in tags
    assert vocabulary.quantity_words("en", tmp_path) == ("glow",)
    assert vocabulary.of_game("nothing-here", tmp_path) == vocabulary.Vocabulary()


def test_a_malformed_file_names_its_line(tmp_path):
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "vocabulary.toml").write_text("[faq_tags]\nkeywords = [\n", "utf-8")
    with pytest.raises(IngestError, match=r"vocabulary.toml:\d+"):
        vocabulary.of_game("broken", tmp_path)


def test_the_games_stats_are_quantities_in_the_language_table():
    english = languages.get("en").quantity_words
    assert {"might", "power", "energy"} <= set(english)
    assert "puissance" in languages.get("fr").quantity_words
    assert set(vocabulary.quantity_words("en")) <= set(english)
