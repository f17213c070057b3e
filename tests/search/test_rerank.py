"""The shared question rerank: its features, its order, and its weights file."""

import json

import pytest

from rulebook.search import rerank
from rulebook.search.query import parse
from rulebook.search.rerank import FEATURES, Candidate, features
from rulebook.search.understand import Plan
from rulebook.search.weights import CARD_WORD_WEIGHT, SYNONYM_WEIGHT

# The row scores count word rarity in the database (``word_counts``).
pytestmark = pytest.mark.django_db


def plan_of(words, extra=()):
    plan = Plan(parse(" ".join(words)), mode="question", words=list(words))
    plan.extra = list(extra)
    return plan


def row(score, number, path="", text="", key=None):
    return Candidate(score, key or f"rule:g:core-rules:en:1:{number}", number, path, text)


def named(values):
    return dict(zip(FEATURES, values, strict=True))


def weights_of(**given):
    return tuple(given.get(name, 0.0) for name in FEATURES)


def test_path_and_text_cover_are_shares_of_the_question_words():
    plan = plan_of(["overflow", "damage", "base"])
    got = named(
        features(plan, [row(2.0, "160.1", "Concepts › Overflow Damage", "To the base.")])[0]
    )
    assert got["score"] == 1.0
    assert got["cover"] == pytest.approx(1 / 3)  # "base"
    assert got["path_cover"] == pytest.approx(2 / 3)  # "overflow", "damage"
    assert got["all_words"] == 1.0  # every word is in the text or the path


def test_all_words_needs_the_path_to_hold_one():
    plan = plan_of(["overflow", "damage"])
    text_only = row(1.0, "160.1", "Concepts › Combat", "Overflow damage goes on.")
    assert named(features(plan, [text_only])[0])["all_words"] == 0.0


def test_words_compare_on_their_first_letters():
    plan = plan_of(["damaged"])
    got = named(features(plan, [row(1.0, "150.1", "", "Damage is dealt.")])[0])
    assert got["cover"] == 1.0


def test_words_compare_on_their_stems_in_the_question_language():
    """Five letters alone keep "cards" from "card" and « cartes » from « carte »."""
    plan = plan_of(["draw", "cards"])
    plan.language = "en"
    got = named(features(plan, [row(1.0, "413.2", "Playing › Draw", "A player draws a card.")])[0])
    assert got["cover"] == 1.0 and got["all_words"] == 1.0
    plan = plan_of(["cartes", "pioche"])
    plan.language = "fr"
    got = named(features(plan, [row(1.0, "413.2", "Jouer › Pioche", "Piochez une carte.")])[0])
    assert got["cover"] == 1.0 and got["all_words"] == 1.0


def test_card_words_are_counted_apart_from_the_question_words():
    plan = plan_of(["stun"], extra=[("exhaust", CARD_WORD_WEIGHT), ("stun", CARD_WORD_WEIGHT)])
    got = named(features(plan, [row(1.0, "401.1", "Status › Exhaust", "Exhaust a unit.")])[0])
    assert got["card_cover"] == 1.0 and got["card_path"] == 1.0  # "stun" is a question word
    synonym = plan_of(["stun"], extra=[("exhaust", SYNONYM_WEIGHT)])
    assert named(features(synonym, [row(1.0, "401.1", "", "Exhaust.")])[0])["card_cover"] == 0.0


def test_window_features_see_descendants_and_siblings():
    rows = [
        row(4.0, "355"),
        row(4.0, "355.14.a"),
        row(2.0, "355.14.b"),
        row(2.0, "355.14.c"),
        row(1.0, "700.1"),
        Candidate(3.0, "faq:x", "", "A page", "An answer."),
    ]
    got = [named(f) for f in features(plan_of(["damage"]), rows)]
    # 355 holds three rows below it: (4 + 2 + 2) / 4 = 2 of the best score, capped at 3.
    assert got[0]["subtree"] == pytest.approx(2 / 3) and got[0]["chapter"] == 1.0
    assert got[1]["siblings"] == pytest.approx(0.3) and got[1]["subtree"] == 0.0
    assert got[4]["siblings"] == pytest.approx(0.1) and got[4]["chapter"] == 0.0
    assert got[5]["subtree"] == got[5]["siblings"] == got[5]["chapter"] == 0.0


def test_rerank_lifts_the_row_under_the_named_section(monkeypatch):
    monkeypatch.setattr(rerank, "weights", lambda: weights_of(score=1.0, all_words=0.5))
    plan = plan_of(["overflow", "damage"])
    rows = [
        row(1.0, "150.1", "Concepts › Damage", "Damage is dealt to units."),
        row(0.8, "160.1", "Concepts › Overflow Damage", "Excess damage goes to the base."),
    ]
    got = rerank.rerank(plan, rows)
    assert [key.rsplit(":", 1)[1] for _, key in got] == ["160.1", "150.1"]
    assert got[0][0] == pytest.approx(1.0 * (0.8 + 0.5))  # on the engine's scale


def test_rows_below_the_window_keep_their_scores(monkeypatch):
    monkeypatch.setattr(rerank, "RERANK_TOP", 2)
    monkeypatch.setattr(rerank, "weights", lambda: weights_of(score=0.5))
    rows = [row(float(10 - i), f"1.{i}") for i in range(4)]
    got = rerank.rerank(plan_of(["x"]), rows)
    assert got == [(8.0, rows[2].key), (7.0, rows[3].key), (5.0, rows[0].key), (4.5, rows[1].key)]
    assert rerank.rerank(plan_of(["x"]), []) == []


def test_the_weights_file_names_every_feature_and_nothing_else():
    table = json.loads(rerank.WEIGHTS_FILE.read_text(encoding="utf-8"))["weights"]
    assert set(table) == set(FEATURES)
    assert table["score"] == 1.0  # the engine's order is what the rest adjusts
    assert len(rerank.weights()) == len(FEATURES)
