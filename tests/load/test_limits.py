"""Input limits: each has a file that crosses it and a clear ``file:line`` error, and the
database is left as it was. The limits are lowered through the settings so the files stay small;
one test checks the defaults themselves."""

import io

import pytest
from django.core.management import CommandError, call_command

from ingest.limits import Limits
from rulebook.models import Document

pytestmark = pytest.mark.django_db

HEAD = "# Test Game Rules\n\n### Last Updated: 2026-02-03\n\n## 100. Basics\n\n"


def ingest(path):
    call_command("ingest", str(path), "--game", "limitgame", stdout=io.StringIO())


def _refused(path, *fragments):
    with pytest.raises(CommandError) as excinfo:
        ingest(path)
    message = str(excinfo.value)
    for fragment in fragments:
        assert fragment in message, message
    assert not Document.objects.filter(game__slug="limitgame").exists()


def test_defaults_are_the_documented_ones(settings):
    assert Limits() == Limits(20 * 1024 * 1024, 20_000, 8, 20_000)
    assert settings.RULEBOOK_MAX_FILE_BYTES == 20 * 1024 * 1024
    assert settings.RULEBOOK_MAX_RULE_CHARS == 20_000
    assert settings.RULEBOOK_MAX_RULE_DEPTH == 8
    assert settings.RULEBOOK_MAX_RULES == 20_000


def test_file_size(settings, tmp_path):
    settings.RULEBOOK_MAX_FILE_BYTES = 1000
    path = tmp_path / "big_2026-02-03.md"
    path.write_text(HEAD + "".join(f"{101 + i}. Rule number {i}.\n" for i in range(80)))
    _refused(path, f"{path}:1:", "over the limit of 1,000")


def test_rule_text_length(settings, tmp_path):
    settings.RULEBOOK_MAX_RULE_CHARS = 200
    path = tmp_path / "long_2026-02-03.md"
    path.write_text(HEAD + "101. Short.\n102. " + "word " * 100 + "\n103. Short.\n")
    _refused(path, f"{path}:8:", "rule 102 has 499 characters, over the limit of 200")


def test_nesting_depth(settings, tmp_path):
    settings.RULEBOOK_MAX_RULE_DEPTH = 3
    path = tmp_path / "deep_2026-02-03.md"
    path.write_text(
        HEAD + "101. One.\n101.1. Two.\n101.1.a. Three.\n101.1.a.1. Four.\n101.1.a.1.b. Five.\n"
    )
    _refused(path, f"{path}:11:", "rule 101.1.a.1.b is nested 4 levels deep, over the limit of 3")


def test_rules_per_document(settings, tmp_path):
    settings.RULEBOOK_MAX_RULES = 50
    path = tmp_path / "many_2026-02-03.md"
    path.write_text(HEAD + "".join(f"{101 + i}. Rule {i}.\n" for i in range(60)))
    _refused(path, f"{path}:56:", "61 rules, over the limit of 50 per document")


def test_within_the_limits_loads(settings, tmp_path):
    settings.RULEBOOK_MAX_RULES = 50
    path = tmp_path / "fine_2026-02-03.md"
    path.write_text(HEAD + "".join(f"{101 + i}. Rule {i}.\n" for i in range(40)))
    ingest(path)
    assert Document.objects.get(game__slug="limitgame").rules.count() == 41
