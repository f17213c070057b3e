"""Word diffs, their HTML rendering, and meaning-flip detection (pure strings)."""

import pytest

from rulebook.history.diff import changed_text, meaning_flips, render_html, word_diff
from rulebook.history.text import canonical, mask_refs, refs, split_example


def test_word_diff_marks_replaced_words():
    ops = word_diff("A unit may move twice.", "A unit must move twice.")
    assert [op.op for op in ops] == ["equal", "delete", "insert", "equal"]
    assert changed_text(ops) == (" may", " must")
    assert "".join(op.text for op in ops if op.op != "delete") == "A unit must move twice."


def test_word_diff_ignores_quote_style_and_spacing():
    ops = word_diff('It reads "Go" , then stops.', "It reads “Go”, then stops.")
    assert [op.op for op in ops] == ["equal"]


def test_identical_texts_give_one_equal_op():
    assert [op.op for op in word_diff("Same text.", "Same text.")] == ["equal"]


def test_render_html_escapes_and_only_uses_ins_del():
    html = render_html(word_diff("Deal <2> damage & draw.", "Deal <3> damage & draw."))
    assert html == "Deal &lt;<del>2</del><ins>3</ins>&gt; damage &amp; draw."
    html = render_html(word_diff("Draw a card.", "Draw a <script> card."))
    assert "<script>" not in html and "<ins>&lt;script&gt;</ins>" in html


def test_render_keeps_leading_space_outside_tags():
    html = render_html(word_diff("Draw one card.", "Draw two cards."))
    assert html == "Draw <del>one card</del> <ins>two cards</ins>."


@pytest.mark.parametrize(
    "old, new, flips",
    [
        ("A player may draw.", "A player must draw.", ["may→must"]),
        ("A player must draw.", "A player may draw.", ["must→may"]),
        ("A unit can block.", "A unit can't block.", ["can→can't"]),
        ("A unit cannot block.", "A unit can block.", ["can't→can"]),
        ("A unit can’t block.", "A unit cannot block.", []),
        ("Hidden cards are revealed.", "Hidden cards are not revealed.", ["not added"]),
        ("It is never shuffled.", "It is shuffled.", ["not removed"]),
        ("It does not stack.", "It doesn't stack.", []),
        ("Un joueur peut piocher.", "Un joueur doit piocher.", ["peut→doit"]),
        ("Les joueurs doivent piocher.", "Les joueurs peuvent piocher.", ["doit→peut"]),
        ("Elle est révélée.", "Elle n'est pas révélée.", ["ne…pas added"]),
        ("Draw two cards.", "Draw three cards, then discard one.", []),
    ],
)
def test_meaning_flips(old, new, flips):
    assert meaning_flips(old, new) == flips


def test_text_helpers():
    assert canonical("  It is  “Hidden” ,then ( done ) ") == 'It is "Hidden",then (done)'
    assert mask_refs("See rule 739.1.c. Combat, and 437.") == "See rule #. Combat, and #."
    assert refs("See rules 739.1.c and 813, not 2025 or 12.") == ["739.1.c", "813"]
    assert split_example("Body text. Example: a case.") == ("Body text. ", "Example: a case.")
    assert split_example("No example here.") == ("No example here.", "")
