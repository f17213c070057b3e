"""The question bank: read with file:line errors, loaded by natural key, placed on its rule in
every version through the history, and reported when its rule is in none."""

from __future__ import annotations

from pathlib import Path

import pytest

from ingest.model import IngestError
from ingest.questions import (
    TRAINING_FOLDS,
    bank_files,
    game_of,
    held_out,
    parse_bank,
    training_fold,
)
from rulebook.loading.questions import load_banks
from rulebook.models import AskedQuestion, Document, Game, Rule

ROOT = Path(__file__).resolve().parents[2]
BANK = """# our own test bank
version = "2026-05-01"
language = "en"

[rules]
"105.5" = [
  "size of the first hand I draw",
  "cards in hand when the game begins",
]
"153" = ["what if my deck runs out"]
"""


def with_questions_on_153(questions: list[str]) -> str:
    """The test bank with ``questions`` filed under 153 instead of its one."""
    listed = ", ".join(f'"{q}"' for q in questions)
    return BANK.replace('"153" = ["what if my deck runs out"]', f'"153" = [{listed}]')


def write(tmp_path: Path, text: str, game: str = "lanternfall", name: str = "100.toml") -> Path:
    path = tmp_path / game / "questions" / "en" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bank_file_reads_with_its_lines(tmp_path):
    bank = parse_bank(write(tmp_path, BANK))
    assert (bank.game, bank.language, bank.version) == ("lanternfall", "en", "2026-05-01")
    assert [(q.number, q.line) for q in bank.questions] == [("105.5", 7), ("105.5", 8), ("153", 10)]
    assert game_of(bank.path) == "lanternfall"


@pytest.mark.parametrize(
    "broken, line, message",
    [
        (BANK.replace('"153" = [', '"153" = ['.replace("[", "[,")), 10, ""),
        (BANK.replace('"153"', '"abc"'), 10, "is not a rule number"),
        (BANK.replace("what if my deck runs out", "SIZE of the first hand  I draw"), 10, "twice"),
        (BANK.replace('version = "2026-05-01"', 'version = "May"'), 2, "version"),
        (BANK.replace('"153" = ["what if my deck runs out"]', '"153" = "one string"'), 10, "list"),
    ],
)
def test_a_broken_bank_says_file_and_line(tmp_path, broken, line, message):
    path = write(tmp_path, broken)
    with pytest.raises(IngestError) as caught:
        parse_bank(path)
    assert f"{path}:{line}:" in str(caught.value)
    assert message in str(caught.value)


def test_a_fifth_of_the_questions_is_held_out_whatever_their_order():
    texts = [f"question number {i}" for i in range(2000)]
    held = [t for t in texts if held_out(t)]
    assert 0.17 < len(held) / len(texts) < 0.23
    assert held == [t for t in reversed(texts) if held_out(t)][::-1]
    assert held_out("Question  NUMBER 7") == held_out("question number 7")


def test_the_other_four_fifths_split_into_training_folds_apart_from_the_held_back_fifth():
    texts = [f"question number {i}" for i in range(4000)]
    folds = [training_fold(t) for t in texts]
    assert all((f is None) == held_out(t) for f, t in zip(folds, texts, strict=True))
    sizes = [folds.count(k) for k in range(TRAINING_FOLDS)]
    assert all(0.17 < size / len(texts) < 0.23 for size in sizes), sizes
    assert training_fold("Question  NUMBER 8") == training_fold("question number 8")


def test_the_bundled_banks_read_cleanly():
    files = bank_files(sorted((ROOT / "demo").glob("*/questions")))
    assert files, "the demo game ships a question bank"
    for path in files:
        assert parse_bank(path).questions


@pytest.mark.django_db
def test_the_demo_bank_is_placed_on_its_rule_in_every_version(demo_data):
    lanternfall = AskedQuestion.objects.filter(game__slug="lanternfall")
    question = lanternfall.get(language="en", text="how many cards are in my first hand")
    placed = {(r.document.version, r.number) for r in question.rules.select_related("document")}
    assert placed == {("2026-01", "105.5"), ("2026-05-01", "105.5")}
    french = lanternfall.get(language="fr", number="152")
    assert {r.document.language for r in french.rules.select_related("document")} == {"fr"}
    rule = Rule.objects.get(
        document__game__slug="lanternfall",
        document__language="en",
        document__version="2026-05-01",
        number="152",
    )
    assert "how do you win" in [q.text for q in AskedQuestion.objects.for_rule(rule)]


@pytest.mark.django_db
def test_a_reload_counts_by_natural_key_and_reports_a_lost_rule(demo_data, tmp_path):
    game = Game.objects.get(slug="lanternfall")
    first = load_banks([parse_bank(write(tmp_path, BANK, name="900.toml"))])
    assert first.counts["created"] == 3 and not first.unplaced
    again = load_banks([parse_bank(write(tmp_path, BANK, name="900.toml"))])
    assert again.counts == {"created": 0, "updated": 0, "unchanged": 3, "removed": 0}
    shrunk = BANK.replace('"153" = ["what if my deck runs out"]', '"999.9" = ["lost rule?"]')
    last = load_banks([parse_bank(write(tmp_path, shrunk, name="900.toml"))])
    assert last.counts["removed"] == 1 and last.counts["created"] == 1
    assert last.unplaced == ["en/900.toml: 999.9 (2026-05-01) 'lost rule?'"]
    assert AskedQuestion.objects.of_game(game).filter(source="en/900.toml").count() == 3


@pytest.mark.django_db
def test_the_evaluation_load_leaves_the_held_back_fifth_out(demo_data, tmp_path):
    extra = [f"deck empty, case {i}" for i in range(12)]
    text = with_questions_on_153(extra)
    result = load_banks([parse_bank(write(tmp_path, text, name="901.toml"))], holdout=True)
    held = [q for q in extra if held_out(q)]
    assert held and result.held_out == len(held)
    kept = set(AskedQuestion.objects.filter(source="en/901.toml").values_list("text", flat=True))
    assert not kept & set(held) and len(kept) == 2 + len(extra) - len(held)


@pytest.mark.django_db
def test_a_training_load_leaves_one_fold_out_too(demo_data, tmp_path):
    text = with_questions_on_153([f"deck empty, case {i}" for i in range(24)])
    result = load_banks([parse_bank(write(tmp_path, text, name="902.toml"))], holdout=True, fold=1)
    asked = [q.text for q in parse_bank(write(tmp_path, text, name="902.toml")).questions]
    out = [q for q in asked if held_out(q) or training_fold(q) == 1]
    assert any(training_fold(q) == 1 for q in out) and result.held_out == len(out)
    kept = set(AskedQuestion.objects.filter(source="en/902.toml").values_list("text", flat=True))
    assert kept == set(asked) - set(out)


@pytest.mark.django_db
def test_a_new_version_brings_the_questions_along(demo_data):
    """Placement is the rules ingest's second pass too: every version has its questions."""
    documents = Document.objects.filter(game__slug="lanternfall", kind="core-rules", language="en")
    for document in documents:
        assert Rule.objects.filter(document=document, asked_questions__isnull=False).exists()


@pytest.mark.django_db
def test_a_rule_page_shows_its_questions_as_unofficial(demo_data, client):
    page = client.get("/en/lanternfall/rules/105.5/").content.decode()
    assert 'id="questions"' in page
    section = page.split('id="questions"', 1)[1].split("</section>", 1)[0]
    assert "how many cards are in my first hand" in section and "unofficial" in section
    assert 'id="questions"' not in client.get("/en/lanternfall/rules/102/").content.decode()


@pytest.mark.django_db
def test_a_section_page_names_the_rule_each_question_answers(demo_data, client):
    page = client.get("/en/lanternfall/rules/105/").content.decode()
    section = page.split('id="questions"', 1)[1].split("</section>", 1)[0]
    assert 'href="#' in section and "can I redraw a bad starting hand" in section


@pytest.mark.django_db
def test_french_pages_show_french_questions(demo_data, client):
    page = client.get("/fr/lanternfall/rules/105.6/").content.decode()
    section = page.split('id="questions"', 1)[1].split("</section>", 1)[0]
    assert "refaire ma main" in section and "non officielles" in section
    assert "redraw" not in section
