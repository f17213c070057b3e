"""A rules file over the rules limit is refused with its exact rule count and the line of the
first rule beyond the limit; nothing is written."""

import io

import pytest
from django.core.management import CommandError, call_command

from tests.load.fingerprint import database_fingerprint

pytestmark = pytest.mark.django_db

RULES = 100_000


def big_rules(path, count: int) -> list[int]:
    """``count`` numbered rules of our own (400 chapters of 250), no headings; returns the line
    of each rule."""
    lines, where = ["# Limit Test Rules", "", "### Last Updated: 2026-02-03", ""], []
    for index in range(count):
        chapter, rule = 100 + index // 250, index % 250 + 1
        where.append(len(lines) + 1)
        lines.append(f"{chapter}.{rule}. Rule {index + 1} of the limit test applies.")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return where


def test_a_100000_rule_file_is_refused_with_its_exact_count(tmp_path, settings):
    path = tmp_path / "limit_2026-02-03.md"
    lines = big_rules(path, RULES)
    before = database_fingerprint()
    with pytest.raises(CommandError) as excinfo:
        call_command("ingest", str(path), "--game", "limitgame", stdout=io.StringIO())
    limit = settings.RULEBOOK_MAX_RULES
    assert str(excinfo.value) == (
        f"{path}:{lines[limit]}: {RULES:,} rules, over the limit of {limit:,} per document"
    )
    assert database_fingerprint() == before
