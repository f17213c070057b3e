"""Whoosh shelves: rule ranking learns nothing from FAQ text, older versions stay apart.

Built from hand-made entries (no database): the statistics BM25 uses for a rule must be the
same whether or not FAQ answers repeating its words are indexed beside it.
"""

from rulebook.search import whoosh_schema as ws
from rulebook.search.base import IndexEntry, SearchQuery
from rulebook.search.understand import understand
from rulebook.search.whoosh_backend import WhooshBackend
from tests.search.test_rerank import weights_of


def _entry(
    key,
    text,
    *,
    kind="rule",
    default=True,
    version="2025-06-01",
    number=None,
    path="Rules",
    language="en",
):
    return IndexEntry(
        key=key,
        kind=kind,
        game="starfall",
        language=language,
        version=version,
        number=number,
        title=text[:20],
        path=path,
        text=text,
        url=f"/{key}/",
        is_default_version=default,
    )


RULES = [
    _entry("rule:1", "A shielded unit ignores the first damage dealt to it.", number="1"),
    _entry("rule:2", "Units deal damage in combat.", number="2"),
    *[_entry(f"rule:{i}", f"Filler rule {i} about mana.", number=str(i)) for i in range(3, 40)],
]
FAQ = [
    _entry(f"faq:{i}", "Shielded? shielded shielded units and shielded damage.", kind="faq")
    for i in range(30)
]
OLD = [
    _entry(
        "rule:old", "An obsolete rule about shielded relics.", default=False, version="2025-01-10"
    )
]


def _search(backend, text, **params):
    sq = SearchQuery(text=text, language="en", game="starfall", **params)
    return backend.search(sq, understand(text, "en", None))


def _backend(tmp_path, entries):
    backend = WhooshBackend({"PATH": tmp_path})
    backend.rebuild(entries)
    return backend


def test_faq_answers_do_not_change_rule_scores(tmp_path):
    without = _search(_backend(tmp_path / "a", RULES + OLD), "shielded", kind="rule")
    with_faq = _search(_backend(tmp_path / "b", RULES + OLD + FAQ), "shielded", kind="rule")
    assert [h.number for h in with_faq.hits] == ["1"]
    assert with_faq.hits[0].score == without.hits[0].score


def test_faq_entries_are_still_found(tmp_path):
    results = _search(_backend(tmp_path, RULES + FAQ), "shielded", kind="faq")
    assert results.total == len(FAQ)


def test_older_versions_only_when_asked_for(tmp_path):
    backend = _backend(tmp_path, RULES + OLD)
    assert "rule:old" not in {h.url.strip("/") for h in _search(backend, "relics").hits}
    pinned = _search(backend, "relics", version="2025-01-10")
    assert [h.url for h in pinned.hits] == ["/rule:old/"]


def test_total_is_exact_in_one_walk(tmp_path):
    backend = _backend(tmp_path, RULES)
    results = _search(backend, "mana", per_page=5)
    assert results.total == 37
    assert results.pages == 8


def test_a_stop_word_of_one_searched_language_is_not_required_in_another(tmp_path):
    """A French page also searches English cards: "de" is dropped from the French shelves as
    a stop word, and must not then be required of every match on the English ones."""
    french = [
        IndexEntry(
            key=f"rule:{n}",
            kind="rule",
            game="starfall",
            language="fr",
            version="2025-06-01",
            number=str(n),
            title=text,
            path="Règles",
            text=text,
            url=f"/fr/{n}/",
            is_default_version=True,
        )
        for n, text in enumerate(
            ["La réserve de mana se vide.", "Le joueur paie avec sa réserve.", "Du mana."], 1
        )
    ]
    backend = _backend(tmp_path, RULES + french)
    text = "réserve de mana"
    results = backend.search(SearchQuery(text=text, language="fr"), understand(text, "fr", None))
    assert not results.broadened
    assert results.hits[0].number == "1"


def test_shelf_sizes_count_what_the_shelf_queries_find(tmp_path):
    other = [_entry("rule:de", "Ein Schild.", number="1"), _entry("faq:de", "Schild?", kind="faq")]
    for entry in other:
        entry.language = "de"  # outside the language table: the shared "xx" shelves
    backend = _backend(tmp_path, RULES + FAQ + OLD + other)
    backend.delete(["rule:2"])
    searcher = backend._open()
    expected = {
        name: len(list(searcher.docs_for_query(ws.shelf_members(name)))) for name in ws.SHELVES
    }
    assert ws.shelf_sizes(searcher) == expected
    assert expected["en"] == 38 and expected["en_faq"] == 30 and expected["en_old"] == 1
    assert expected["xx"] == 1 and expected["xx_faq"] == 1


def test_a_word_common_among_faq_answers_still_finds_rules_in_a_search_of_every_kind(tmp_path):
    """Rarity is each shelf's own: "shielded", in every FAQ answer and one rule in 39, finds
    that rule when a question searches rules and FAQ answers at once (the search box's)."""
    backend = _backend(tmp_path, RULES + FAQ)
    question = "is a shielded unit safe in combat?"
    for kind in ("rule", None):
        found = {h.url.strip("/") for h in _search(backend, question, kind=kind, per_page=50).hits}
        assert "rule:1" in found, kind


def test_a_shelf_where_no_word_is_rare_is_found_by_its_common_words(tmp_path):
    """A French page searching every kind reads the French rules and the English FAQ: "sort"
    (a spell) in every French rule is common there, and rare among English FAQ answers
    ("sort out"). Each shelf decides for itself, so the French rules are still found."""
    french = [
        _entry(f"rule:fr{i}", f"Règle {i} : jouer un sort.", number=str(i), language="fr")
        for i in range(1, 30)
    ]
    faq = [_entry("faq:0", "Sort out the order of the chain.", kind="faq")]
    faq += [_entry(f"faq:{i}", f"Filler answer {i} about mana.", kind="faq") for i in range(1, 40)]
    backend = _backend(tmp_path, french + faq)
    question = "quand puis-je jouer un sort ?"
    sq = SearchQuery(text=question, language="fr", game="starfall")
    results = backend.search(sq, understand(question, "fr", None))
    assert sum(hit.language == "fr" for hit in results.hits) >= 10  # before: none at all


def test_a_search_of_every_kind_ranks_the_rules_as_a_search_of_rules(tmp_path, monkeypatch):
    """An FAQ answer scoring above every rule sets the best score the rerank adds its
    features on; the rules keep the order a search of rules gives them (before, rule 2, whose
    heading path holds "glimmer", overtook rule 1 only when the FAQ was searched too)."""
    from rulebook.search import rerank

    monkeypatch.setattr(rerank, "weights", lambda: weights_of(score=1.0, all_words=0.5))
    rules = [
        _entry(
            "rule:1",
            "A glimmer stone is set in the middle of the board, and each player may look at "
            "it when they like.",
            number="1",
        ),
        _entry(
            "rule:2",
            "A stone of the old kind, set down in its place at the start of each round.",
            number="2",
            path="Rules › Glimmer",
        ),
        *[_entry(f"rule:{i}", f"Filler rule {i} about mana.", number=str(i)) for i in range(3, 80)],
    ]
    faq = [_entry("faq:0", "Glimmer stone? A glimmer stone.", kind="faq")]
    faq += [_entry(f"faq:{i}", f"Filler answer {i} about mana.", kind="faq") for i in range(1, 40)]
    backend = _backend(tmp_path, rules + faq)
    question = "what does a glimmer stone do?"
    alone = [h.number for h in _search(backend, question, kind="rule").hits]
    every = _search(backend, question).hits
    assert every[0].kind == "faq" and alone == ["1", "2"]
    assert [h.number for h in every if h.kind == "rule"] == alone


def test_a_search_of_cards_walks_no_rule(tmp_path, monkeypatch):
    """Cards share their shelf with the rules, the bulk of it: a search of cards alone (and
    the other-language panel's FAQ answers and cards) skips the rules' postings instead of
    scoring each matching rule and filtering it out after (``whoosh_schema.of_kinds``)."""
    from rulebook.search import whoosh_scoring

    card = _entry("card:sentry", "Shielded Sentry: a shielded unit stands guard.", kind="card")
    backend = _backend(tmp_path, RULES + FAQ + [card])
    thrown_away, counted = [], whoosh_scoring.counted_search

    def spy(searcher, q, flt, limit):
        found = counted(searcher, q, flt, limit)
        thrown_away.append(found.filtered_count)
        return found

    monkeypatch.setattr(whoosh_scoring, "counted_search", spy)
    for kind in ("card", ("faq", "card")):
        results = _search(backend, "shielded", kind=kind)
        urls = [h.url for h in results.hits]
        assert "/card:sentry/" in urls and not [u for u in urls if u.startswith("/rule:")]
    assert thrown_away == [0, 0]  # rule 1 holds the word, and was never walked
    monkeypatch.setattr(ws, "of_kinds", lambda q, kind: q)
    _search(backend, "shielded", kind="card")
    assert thrown_away[-1] >= 1  # walked, then filtered out
