"""The Riftbound question bank on the real rules: every question names a rule of the version it
is written against, it follows its rule into every version, and rule pages show it."""

import pytest

from ingest.questions import bank_files, parse_bank
from rulebook.models import AskedQuestion, Rule
from tests.dbdata import ROOT

pytestmark = [pytest.mark.django_db, pytest.mark.corpus]
BANK = ROOT / "data" / "riftbound" / "questions"


def test_the_bank_is_the_size_the_search_needs():
    banks = [parse_bank(p) for p in bank_files([BANK])]
    questions = [(b.language, q) for b in banks for q in b.questions]
    french = sum(1 for language, _ in questions if language == "fr")
    rules = {(b.language, q.number) for b in banks for q in b.questions}
    assert len(questions) >= 2000 and french * 3 >= len(questions)
    assert len({n for lang, n in rules if lang == "en"}) >= 600


def test_every_question_is_placed_on_its_rule(corpus_data):
    assert not list(AskedQuestion.objects.filter(game__slug="riftbound").unplaced()[:5])


def test_a_question_follows_its_rule_across_renumbering(corpus_data):
    """Written against v1.4's numbers; v1.3 and older number many rules otherwise."""
    moved = 0
    for question in AskedQuestion.objects.filter(language="en")[:400]:
        numbers = set(question.rules.values_list("number", flat=True))
        moved += any(n != question.number for n in numbers)
        assert question.number in numbers
    assert moved > 0


def test_rule_116_shows_its_questions(corpus_data, client):
    page = client.get("/en/riftbound/rules/116/").content.decode()
    assert 'id="questions"' in page
    rule = Rule.objects.get(document__language="en", document__version="2026-07-16", number="116")
    asked = AskedQuestion.objects.for_rule(rule).first()
    assert asked is not None and asked.text.replace("'", "&#x27;") in page
