"""The real Riftbound documents in ../shared/corpus (third-party text: read, never copied).

Source ids are collected with simple regexes independent of the parsers, so a parser that
drops or renames a rule cannot also hide it from the check.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from ingest.parse import parse_file
from ingest.references import find_document_references, unresolved
from ingest.structure import build_tree, section_span
from tests.conftest import SHARED  # RULEBOOK_SHARED_DIR, else ../shared

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = SHARED / "corpus" / "riftbound" / "core-rules"
SEEDS = SHARED / "seeds"

pytestmark = pytest.mark.corpus

V11, V12, V13 = "en/2025-10_v1.1.md", "en/2025-12-01_v1.2.md", "en/2026-03-30_v1.3.md"
EN14, FR14 = "en/2026-07-16_v1.4.json", "fr/2026-07-16_v1.4.json"
FILES = {V11: "markdown", V12: "html-rows", V13: "html-rows", EN14: "json-rows", FR14: "json-rows"}

# Numbers split out of glued text in v1.4, each checked by hand to be absent from the source.
SPLIT_HEADINGS_14 = {"177", "193", "197", "201", "741", "750", "756", "759", "764"}
SPLIT_RULES_14 = {"727", "729", "735", "740.2"}
SPLIT_SUBRULES_14 = {
    "135.2.b.5.a",
    "135.2.e.5.a",
    "135.2.e.5.b",
    "135.2.e.6.a",
    "135.2.e.6.b",
    "135.2.e.6.c",
    "135.2.e.7.a",
    "135.2.e.7.b",
    "178.1.a.1.a",
    "316.8.b.1.a",
    "359.3.e.9.a",
    "359.3.e.12.a",
    "359.3.e.14.a",
    "359.3.e.14.b",
    "359.3.e.14.c",
    "359.3.f.2.a",
    "359.3.f.3.a",
    "359.3.f.3.b",
    "383.3.e.2.a",
    "383.3.e.2.b",
    "383.4.c.2.a",
    "383.4.c.2.b",
    "383.4.c.2.c",
    "383.4.d.2.a",
    "383.4.d.2.b",
    "383.4.d.2.c",
    "383.4.e.2.a",
    "383.4.e.2.b",
    "383.4.f.2.a",
    "383.4.f.2.b",
    "417.6.b.2.a",
    "428.1.a.1.a",
    "428.1.a.1.b",
    "437.1.b.1.a",
    "437.1.b.1.b",
    "464.2.c.1.a",
    "464.2.c.1.b",
    "464.2.c.3.a",
    "465.2.c.1.a",
    "465.2.c.4.a",
    "477.1.b.1.a",
    "477.1.b.1.b",
    "477.3.e.1.a",
    "477.3.e.1.b",
    "477.3.e.2.a",
    "477.3.e.2.b",
    "727.1.c.1.a",
    "727.1.c.3.a",
    "740.4.a.2.a",
    "811.1.d.1.a",
    "811.1.d.2.a",
}
SPLIT_FR14 = SPLIT_HEADINGS_14 | SPLIT_RULES_14 | SPLIT_SUBRULES_14
SPLIT_EN14 = SPLIT_FR14 | {"347.1.b"}


def corpus_path(name: str) -> Path:
    path = RULES_DIR / name
    if not path.is_file():
        pytest.skip(f"../shared/corpus not present: {path} is missing")
    return path


@cache
def parsed(name: str):
    doc = parse_file(corpus_path(name))
    return doc, build_tree(doc.rules)


@cache
def html_row_ids(name: str) -> list[str]:
    text = corpus_path(name).read_text(encoding="utf-8")
    return [i.rstrip(".") for i in re.findall(r'<div class="rule-id">([^<]*)</div>', text) if i]


@cache
def json_ids(name: str) -> list[str]:
    return [row["id"] for row in json.loads(corpus_path(name).read_text(encoding="utf-8"))]


def numbers_of(name: str) -> list[str]:
    return [rule.number for rule in parsed(name)[0].rules]


def repaired(name: str, kinds: tuple[str, ...]) -> set[str]:
    return {f.number for f in parsed(name)[0].repairs if f.kind in kinds}


def span_numbers(name: str, number: str) -> list[str]:
    doc, nodes = parsed(name)
    index = next(i for i, rule in enumerate(doc.rules) if rule.number == number and rule.heading)
    return [doc.rules[i].number for i in section_span(doc.rules, nodes, index)]


@pytest.mark.parametrize("name", list(FILES))
def test_every_core_rules_file_parses(name):
    doc, nodes = parsed(name)
    assert doc.format == FILES[name]
    assert doc.language == ("fr" if name.startswith("fr/") else "en")
    assert len(nodes) == len(doc.rules) > 1500
    assert all(rule.text or rule.heading for rule in doc.rules), "empty rule text"


def test_versions_found_inside_documents():
    assert parsed(V11)[0].version == "2025-10"
    assert parsed(V12)[0].version == "2025-12-01"
    assert parsed(V13)[0].version == "2026-03-30"
    assert parsed(EN14)[0].version is None  # no date inside the JSON: the filename gives it


def test_v13_keeps_every_source_id():
    ids = html_row_ids(V13)
    assert len(ids) == 2088
    assert len(set(ids)) == 2085
    assert set(ids) <= set(numbers_of(V13))
    splits = repaired(V13, ("split-glued-rule", "split-glued-heading", "split-glued-subrule"))
    assert splits == {"391"}  # "Refl391. Delayed Abilities …" arrives in a number-less row
    assert "391" not in ids
    assert len(numbers_of(V13)) == 2088 + len(splits)


def test_v12_duplicates_are_reported_and_kept():
    ids = html_row_ids(V12)
    repeats = Counter(ids) - Counter(set(ids))
    found = Counter(f.number for f in parsed(V12)[0].anomalies if f.kind == "duplicate-number")
    assert found == repeats and sum(found.values()) == 25
    assert Counter(numbers_of(V12)) == Counter(ids)


def test_a_misprinted_keyword_is_reported_and_kept():
    found = [(f.number, f.detail) for f in parsed(EN14)[0].anomalies if f.kind.startswith("mis")]
    assert found == [("395", "“Deathnkell” may be a misprint of the keyword Deathknell")]
    rule = next(r for r in parsed(EN14)[0].rules if r.number == "395")
    assert "Deathnkell" in rule.text  # as printed: a person decides
    assert not [f for f in parsed(FR14)[0].anomalies if f.kind.startswith("mis")]


def test_v11_markdown_keeps_every_numbered_line():
    text = corpus_path(V11).read_text(encoding="utf-8")
    ids = re.findall(r"(?m)^(?:#+ )?(\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*)\.? ", text)
    assert Counter(numbers_of(V11)) == Counter(ids)
    doc = parsed(V11)[0]
    assert doc.title == "Riftbound Core Rules"
    assert "**" not in " ".join(rule.text for rule in doc.rules)


@pytest.mark.parametrize(
    ("name", "count", "expected"), [(EN14, 2316, SPLIT_EN14), (FR14, 2317, SPLIT_FR14)]
)
def test_v14_source_ids_present_plus_glued_splits(name, count, expected):
    ids = json_ids(name)
    assert len(ids) == len(set(ids)) == count
    numbers = numbers_of(name)
    assert set(ids) <= set(numbers)
    extra = set(numbers) - set(ids)
    assert extra == expected
    assert not extra & set(ids)
    assert len(numbers) == count + len(expected)


def test_347_1_b_is_split_in_english_only():
    assert "347.1.b" not in json_ids(EN14)
    assert "347.1.b" in repaired(EN14, ("split-glued-rule", "split-glued-subrule"))
    assert "347.1.b" in json_ids(FR14)
    fr_splits = {f.number for f in parsed(FR14)[0].repairs if f.kind.startswith("split-")}
    assert "347.1.b" not in fr_splits


def test_v14_split_kinds_and_headings():
    assert repaired(EN14, ("split-glued-heading",)) == SPLIT_HEADINGS_14
    assert repaired(EN14, ("split-glued-subrule",)) == SPLIT_SUBRULES_14
    doc = parsed(EN14)[0]
    by_number = {rule.number: rule for rule in doc.rules}
    assert by_number["197"].heading and by_number["197"].text == "Locations"
    assert not by_number["196"].heading  # text == section only because of the glue
    assert by_number["196"].text == "When a player wins the game, the game ends."
    assert by_number["728"].heading and by_number["728"].text == "XP"
    assert not by_number["727"].heading
    assert by_number["759"].text == "Naming Cards, Types, and Tags"
    levels = Counter(rule.heading_level for rule in doc.rules if rule.heading)
    assert levels[1] == 5  # 000 100 300 700 800
    assert levels[3] == 13  # steps 337-340, 401-406, 464-466


def test_cross_references_stay_whole():
    for name, quote in ((EN14, "See rule 349. Playing Cards"), (FR14, "Voir règle 349.")):
        rule = next(r for r in parsed(name)[0].rules if r.number == "401.1")
        assert quote in rule.text


@pytest.mark.parametrize("name", [EN14, FR14])
def test_section_398_spans_35_rules(name):
    numbers = span_numbers(name, "398")
    assert len(numbers) == 35
    assert (numbers[0], numbers[-1]) == ("399", "406.5")


def test_section_398_matches_the_seed_page():
    seeds = sorted(SEEDS.glob("003_*.txt"))
    if not seeds:
        pytest.skip("../shared/seeds not present")
    quoted = re.findall(r"(?m)^(\d{3}(?:\.[0-9a-z]+)*)\.:", seeds[0].read_text(encoding="utf-8"))
    assert span_numbers(EN14, "398") == quoted


def test_section_398_in_v13():
    # v1.3 predates two rules of the 2026-07-16 text (402.1 "you may", one sub-rule of 402).
    numbers = span_numbers(V13, "398")
    assert (len(numbers), numbers[0], numbers[-1]) == (33, "399", "406.5")


@pytest.mark.parametrize("name", list(FILES))
def test_references_resolve(name):
    doc = parsed(name)[0]
    refs = find_document_references(doc.rules)
    missing = unresolved(refs, doc.rules)
    print(
        f"{name}: {len(refs)} references, unresolved:",
        [(doc.rules[r.source_index].number, r.written) for r in missing],
    )
    assert len(missing) <= 3
    if name in (EN14, FR14, V13):
        index = next(i for i, r in enumerate(doc.rules) if r.number == "401.1")
        assert "349" in {r.target for r in refs if r.source_index == index}
