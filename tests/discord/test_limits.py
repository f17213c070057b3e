"""Discord's size limits: every part cut, never a message Discord would refuse."""

import pytest

from rulebook.discord import limits, replies
from rulebook.discord.fuzzy import fold, rank


def test_truncate_cuts_at_a_word_and_marks_the_cut():
    assert limits.truncate("short", 10) == "short"
    cut = limits.truncate("one two three four five six seven", 20)
    assert len(cut) <= 20 and cut.endswith("…") and cut == "one two three four…"
    assert limits.truncate("x" * 50, 10) == "x" * 9 + "…"
    assert limits.truncate("anything", 1) == "…"


def test_fit_respects_every_limit():
    huge = {
        "title": "t" * 300,
        "description": "word " * 2000,
        "footer": {"text": "f" * 3000},
        "author": {"name": "a" * 300},
        "fields": [{"name": "n" * 300, "value": "v " * 800} for _ in range(30)],
    }
    fitted = limits.fit(huge)
    assert len(fitted["title"]) == limits.TITLE
    assert 1000 <= len(fitted["description"]) <= limits.FIELD_VALUE
    assert len(fitted["footer"]["text"]) <= limits.FOOTER
    assert len(fitted["author"]["name"]) <= limits.AUTHOR
    assert len(fitted["fields"]) <= limits.FIELDS
    assert all(len(f["name"]) <= 256 and len(f["value"]) <= 1024 for f in fitted["fields"])
    assert limits.size(fitted) <= limits.TOTAL
    assert huge["title"] == "t" * 300  # the original is left alone


def test_fit_shortens_the_description_before_dropping_fields():
    embed = {"description": "d" * 4000, "fields": [{"name": "n", "value": "v" * 1000}] * 3}
    fitted = limits.fit(embed)
    assert limits.size(fitted) <= limits.TOTAL and len(fitted["fields"]) == 3
    assert fitted["description"].endswith("…")


def test_fit_drops_empty_parts_discord_would_refuse():
    fitted = limits.fit({"title": "x", "description": "", "fields": [{"name": "", "value": ""}]})
    assert "description" not in fitted
    assert fitted["fields"] == [{"name": "\u200b", "value": "\u200b"}]
    assert "fields" not in limits.fit({"title": "x", "fields": []})


def test_pages_lose_nothing():
    lines = [f"line {n} " + "word " * 50 for n in range(40)] + ["x" * 9000]
    pages = limits.pages(lines, 1000)
    assert all(len(page) <= 1000 for page in pages)
    assert "".join(pages).replace("\n", "").replace(" ", "") == "".join(lines).replace(" ", "")
    assert limits.pages([], 1000) == [""]


def test_join_keeps_whole_items():
    items = [f"[{n}](https://example.org/{n})" for n in range(200)]
    joined = limits.join(items, 1024)
    assert len(joined) <= 1024 and joined.endswith(", …")
    assert all(part in items for part in joined.split(", ")[:-1])
    assert limits.join(["a", "b"], 10) == "a, b"


def test_choices_and_custom_ids_within_limits():
    choice = limits.choice("n" * 150, "v" * 150)
    assert len(choice["name"]) <= 100 and len(choice["value"]) <= 100
    action = replies.Action("search", "fr", "riftbound", ["q" * 200])
    assert replies.button("Français", action) is None  # would not fit in a custom_id
    reply = replies.autocomplete([limits.choice(str(n), str(n)) for n in range(40)])
    assert len(reply["data"]["choices"]) == 25


@pytest.mark.parametrize(
    "custom_id, expected",
    [
        ("rule|fr|riftbound|813.1.c.2|2025-12-01|2", ["813.1.c.2", "2025-12-01", "2"]),
        ("search|en|riftbound|a|b|c", ["a|b|c"]),
        ("rule|fr|riftbound|813", None),
        ("rule|de|riftbound|813||1", None),
        ("nope|fr|riftbound|x", None),
        ("", None),
    ],
)
def test_custom_id_round_trip(custom_id, expected):
    action = replies.decode(custom_id, {"rule": 3, "search": 1})
    assert (action.args if action else None) == expected
    if action:
        assert action.custom_id() == custom_id


def test_markdown_links_cannot_break_out():
    assert replies.link("a](evil) [b", "https://x.org/a b(c)") == (
        "[a\\](evil) \\[b](https://x.org/a%20b%28c%29)"
    )


def test_fuzzy_ranking():
    names = ["Reaction", "Réaction", "Reach", "Deflect", "Defy", "Master Yi, Wuju Bladesman"]
    assert fold("  Célérité ") == "celerite"
    assert rank("reacton", names)[0] in ("Reaction", "Réaction")
    assert rank("def", names)[:2] == ["Deflect", "Defy"]
    assert rank("defy", names)[0] == "Defy"
    assert "Master Yi, Wuju Bladesman" in rank("yi", names)
    assert rank("", names, limit=2) == names[:2]
    assert rank("qqqqqq", names) == []
