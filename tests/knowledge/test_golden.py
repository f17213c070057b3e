"""Golden tests: each ``tests/data/knowledge/<parser>/<case>/in.*`` beside its ``out.json``.

The fixtures are invented ("Lanternfall"), in the shapes of the real sources, so the expected
output can be read and reviewed by hand.
"""

from __future__ import annotations

import json

import pytest

from ingest.knowledge.cards import parse_banned, parse_gallery
from ingest.knowledge.community import parse_community
from ingest.knowledge.errata import parse_errata
from ingest.knowledge.keywords import derive_keywords, granted_keywords
from ingest.knowledge.official import parse_official

from .conftest import cases, check_golden

KEYWORDS = ["Swift", "Ward", "Snare", "Action", "Reaction", "Level"]


@pytest.mark.parametrize("case", cases("community"), ids=lambda p: p.name)
def test_community(case):
    text = (case / "in.mdx.md").read_text(encoding="utf-8")
    check_golden(case, parse_community(text, keywords=KEYWORDS))


@pytest.mark.parametrize("case", cases("official"), ids=lambda p: p.name)
def test_official(case):
    text = (case / "in.json").read_text(encoding="utf-8")
    articles = parse_official(
        text, card_names={"Ember Warden", "Glass Moth", "Hidden Lantern"}, keywords=KEYWORDS
    )
    check_golden(case, articles)


@pytest.mark.parametrize("case", cases("errata"), ids=lambda p: p.name)
def test_errata(case):
    check_golden(case, parse_errata((case / "in.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("case", cases("cards"), ids=lambda p: p.name)
def test_cards(case):
    banned_path = case / "banned.json"
    banned = parse_banned(banned_path.read_text(encoding="utf-8")) if banned_path.exists() else []
    gallery = parse_gallery((case / "in.json").read_text(encoding="utf-8"), banned=banned)
    check_golden(case, gallery)


@pytest.mark.parametrize("case", cases("keywords"), ids=lambda p: p.name)
def test_keywords(case):
    rules = json.loads((case / "in.json").read_text(encoding="utf-8"))
    keywords = derive_keywords(rules)
    check_golden(case, {"keywords": keywords, "granted": granted_keywords(keywords, rules)})
