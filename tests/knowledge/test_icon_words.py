"""One renderer for the game's icons: drawn with a text alternative in HTML, read as words in
plain text (issue 32, item 2).

Every token shape of the demo gallery, and of the real gallery when ../shared is present, is
read: no ``:rb_…:`` may survive into a meta tag, a preview or a chat reply.
"""

import json
import re

import pytest

from ingest.knowledge.cards import (
    ICON_RE,
    ability_plain_text,
    icon_tokens_as_words,
    render_ability_html,
)
from ingest.knowledge.icons import icons_in_markup

GALLERY = "cards/card-gallery_2026-03-28.json"
ERRATA = "faq/official-errata.json"
TOKEN_RE = re.compile(r":rb_\w+:")


def gallery_texts(path) -> list[str]:
    cards = json.loads(path.read_text(encoding="utf-8"))["cards"]
    return [card.get("abilityText") or "" for card in cards]


@pytest.mark.parametrize(
    "text, plain",
    [
        ("+2 :rb_might: this turn.", "+2 Might this turn."),
        ("pay :rb_energy_1: to draw", "pay 1 Energy to draw"),
        ("pay :rb_rune_fury: to play me.", "pay 1 Fury Power to play me."),
        ("no more than :rb_rune_rainbow:.", "no more than 1 Power of any domain."),
        (":rb_exhaust:: Draw 1.", "Exhaust: Draw 1."),
        # Two icons, or an icon and a bracket, never glue into one word.
        (":rb_energy_1::rb_rune_calm:, :rb_exhaust:: x", "1 Energy 1 Calm Power, Exhaust: x"),
        ("[Level 6][>] I have +1 :rb_might:.", "[Level 6] then I have +1 Might."),
        # The shorthand of errata and official FAQ answers reads the same way.
        (
            "Hide now for [A] to react with later for [0].",
            "Hide now for 1 Power of any domain to react with later for 0 Energy.",
        ),
        (
            "Play a 2 [S] token. [E]: pay [1][C].",
            "Play a 2 Might token. Exhaust: pay 1 Energy 1 Power of this card's domain.",
        ),
        # 134.2: one letter per domain's Power.
        (
            "[R] [G] [B] [O] [P] [Y]",
            "1 Fury Power 1 Calm Power 1 Mind Power 1 Body Power 1 Chaos Power 1 Order Power",
        ),
        # A token of a shape no gallery used yet still reads as words.
        ("gain :rb_Shiny_Thing: now", "gain shiny thing now"),
        ("[Reaction] [X] [Shield 2]", "[Reaction] [X] [Shield 2]"),  # keywords as written
    ],
)
def test_plain_reading(text, plain):
    assert ability_plain_text(text) == plain


def test_html_draws_labelled_icons_and_escapes_the_rest():
    out = render_ability_html("<i>x</i> pay :rb_rune_order: and [Y]")
    assert out.startswith("&lt;i&gt;x&lt;/i&gt; pay ")
    assert out.count('role="img" aria-label="1 Order Power"') == 2
    assert ":rb_" not in out and "[Y]" not in out


def test_every_token_of_the_demo_gallery_is_read(demo_dir):
    texts = gallery_texts(demo_dir / "lanternfall/cards/card-gallery_2026-05-01.json")
    assert any(ICON_RE.search(text) for text in texts)
    for text in texts:
        assert not TOKEN_RE.search(ability_plain_text(text)), text
        assert not TOKEN_RE.search(render_ability_html(text)), text


@pytest.mark.corpus
def test_every_token_shape_of_the_real_gallery_is_read(corpus_dir):
    texts = gallery_texts(corpus_dir / GALLERY)
    shapes = {token for text in texts for token in TOKEN_RE.findall(text)}
    assert len(shapes) >= 17  # energy 0-7, might, exhaust, six domains and rainbow
    for text in texts:
        assert not TOKEN_RE.search(ability_plain_text(text)), text
        html = render_ability_html(text)
        assert not TOKEN_RE.search(html), text
        assert html.count('role="img"') >= len(ICON_RE.findall(text)), text


@pytest.mark.corpus
def test_the_real_errata_marks_read_as_words(corpus_dir):
    articles = json.loads((corpus_dir / ERRATA).read_text(encoding="utf-8"))
    text = "\n".join(article["content"] for article in articles)
    marks = set(re.findall(r"\[(?:[ACEMS]|\d)\]", text))
    assert {"[A]", "[C]", "[M]", "[0]", "[E]"} <= marks
    plain = ability_plain_text(text)
    assert not re.search(r"\[(?:[ACEMS]|\d)\]", plain)
    assert "Hide now for 1 Power of any domain to react with later for 0 Energy." in plain


def test_markup_gets_icons_in_its_text_only():
    markup = (
        '<p>Hide now for [A] <a href="/x/[A]/" title="[C]">[E]</a> &lt;b&gt; [&gt;]</p>'
        "<pre>[A] stays</pre><code>[M]</code> after [M]"
    )
    out = icons_in_markup(markup)
    assert out.count('aria-label="1 Power of any domain"') == 1
    assert 'href="/x/[A]/" title="[C]">' in out  # attributes untouched
    assert 'aria-label="Exhaust"' in out and 'aria-label="then"' in out
    assert "&lt;b&gt;" in out and "<b>" not in out  # text stays escaped
    assert "<pre>[A] stays</pre><code>[M]</code>" in out
    assert out.endswith(
        'after <span class="icon icon-might" role="img" aria-label="Might">'
        + out.split('aria-label="Might">', 1)[1]
    )


def test_a_quoted_angle_bracket_does_not_end_a_tag():
    markup = "<abbr title=\"a > [A]\" data-x='[E] > 1'>[M]</abbr>"
    out = icons_in_markup(markup)
    assert out.startswith('<abbr title="a > [A]" data-x=\'[E] > 1\'><span class="icon')
    assert out.count('role="img"') == 1


def test_markup_without_icons_is_returned_as_it_was():
    markup = "<p>It&#x27;s [Reaction] &amp; [Shield 2], [X] and [do X].</p>"
    assert icons_in_markup(markup) == markup


def test_rule_texts_keep_their_shorthand_and_lose_their_tokens():
    """135.2.e.3 says "Its shorthand is [M]": a rule's [M] is not an icon to read aloud."""
    assert icon_tokens_as_words("Its shorthand is [M].") == "Its shorthand is [M]."
    assert icon_tokens_as_words("+2 :rb_might: and :rb_energy_1::rb_rune_fury:x") == (
        "+2 Might and 1 Energy 1 Fury Power x"
    )
