"""Unit tests: tag rendering, HTML safety, anchors, keyword traps, detection, front matter."""

from __future__ import annotations

import json

import pytest

from ingest.knowledge import mdx
from ingest.knowledge.cards import keyword_uses, render_ability_html, tokenize
from ingest.knowledge.detect import detect_kind
from ingest.knowledge.frontmatter import parse_front_matter
from ingest.knowledge.markdown import render_markdown, safe_href
from ingest.knowledge.mentions import keyword_mentions
from ingest.knowledge.official import split_entries
from ingest.knowledge.render import answer_to_text, render_answer_html
from ingest.knowledge.text import dedupe, rule_mentions, slugify

ALLOWED_TAGS = {"p", "a", "strong", "em", "ul", "ol", "li", "aside", "span", "br"}
# Symbols are drawn as small inline SVG (issue 16): their shapes and the glyph on them.
ALLOWED_TAGS |= {"svg", "path", "circle", "rect", "text"}


def _tags(html_text: str) -> set[str]:
    import re

    return {m.lower() for m in re.findall(r"</?([A-Za-z]+)", html_text)}


@pytest.mark.parametrize("name", sorted(mdx.TAGS))
def test_every_known_tag_renders_a_word_or_icon(name):
    attrs = {"number": "612.3", "name": "Ember Warden", "value": "2", "type": "info"}
    raw = " ".join(f'{key}="{value}"' for key, value in attrs.items())
    if name == "Callout":
        markdown = '<Callout type="info" title="Heads up">\nBody\n</Callout>'
    else:
        markdown = f"Before <{name} {raw} /> after."
    text = answer_to_text(markdown)
    html_out = render_answer_html(markdown)
    assert text.strip() and "<" not in text
    assert _tags(html_out) <= ALLOWED_TAGS
    if mdx.TAGS[name].kind == "icon":
        assert 'role="img"' in html_out and "aria-label=" in html_out
    elif name != "Callout":
        assert len(text.split()) >= 3  # "Before <word> after." keeps a word in the middle


def test_icon_labels_and_values():
    assert answer_to_text("Pay <Energy value={1} /><Universal />.") == (
        "Pay 1 Energy 1 Power of any domain."
    )
    assert answer_to_text("<Assault value={2} /> and <QuickDraw />") == "Assault 2 and Quick-Draw"
    html_out = render_answer_html("Pay <Energy value={3} />.")
    assert '<span class="icon icon-energy" role="img" aria-label="3 Energy"><svg' in html_out
    assert '<text x="10" y="14" text-anchor="middle">3</text></svg></span>' in html_out


def test_unknown_tag_keeps_its_name_and_is_reported():
    assert answer_to_text("Use <GlimmerBolt /> now.") == "Use Glimmer Bolt now."
    assert mdx.unknown_tags("<GlimmerBolt /> <Reaction />") == ["GlimmerBolt"]


def test_callout_block_and_resolvers():
    markdown = (
        'Cite<Rule number="612.3" /> and <Card name="Ember Warden" /> with <Reaction />.'
        '\n\n<Callout type="warn" title="Careful">\n- item <Deathknell />\n</Callout>'
    )
    out = render_answer_html(
        markdown, lambda n: f"/rules/{n}", lambda c: "/cards/ember", lambda k: f"/kw/{k.lower()}"
    )
    assert '(<a class="rule-ref" href="/rules/612.3">rule 612.3</a>)' in out
    assert '<a class="card-ref" href="/cards/ember">Ember Warden</a>' in out
    assert '<a class="keyword" href="/kw/reaction">Reaction</a>' in out
    assert '<aside class="callout callout-warn"><p><strong>Careful</strong></p>' in out
    assert "<li>item" in out


def test_script_is_escaped_and_javascript_links_dropped():
    markdown = (
        "<script>alert(1)</script> [x](javascript:alert) [y](https://ok.example/a)"
        ' [z](/cards/a#b) [w](data:text/html,hi) <Card name="<img src=x>" />'
    )
    out = render_answer_html(markdown, resolve_card_url=lambda c: "javascript:evil")
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "javascript:" not in out and "data:" not in out.replace("data:text", "")
    assert 'href="https://ok.example/a"' in out and 'href="/cards/a#b"' in out
    assert "&lt;img src=x&gt;" in out
    assert _tags(out) <= ALLOWED_TAGS


def test_safe_href():
    assert safe_href("JavaScript:alert(1)") is None
    assert safe_href("//evil.example") is None
    assert safe_href("mailto:a@b") is None
    assert safe_href("http://a.example") == "http://a.example"
    assert safe_href("#anchor") == "#anchor"


def test_markdown_subset():
    out = render_markdown("**bold** and *it* and _em_\n\n- a\n- b\n\n1. one\n2. two")
    assert out == (
        "<p><strong>bold</strong> and <em>it</em> and <em>em</em></p>\n"
        "<ul><li>a</li><li>b</li></ul>\n<ol><li>one</li><li>two</li></ol>"
    )


def test_anchor_dedupe_and_slugs():
    assert dedupe(["a", "a", "a-2", "a"]) == ["a", "a-2", "a-2-2", "a-3"]
    assert slugify("Q: What's Réaction?") == "q-whats-reaction"
    _, entries = split_entries("## S\n\n### Q: Same?\n\nA.\n\n### Q: Same?\n\nB.")
    assert [e.question for e in entries] == ["Same?", "Same?"]


def test_rule_mentions():
    text = (
        "See rule 612.3, rules 718.2. and 135.4., CR 405.1, per 438.1. and 813.1.c; "
        "8 points, 2031-03-01, 1.5, 467 alone"
    )
    assert rule_mentions(text) == ["612.3", "718.2", "135.4", "405.1", "438.1", "813.1.c"]


KEYWORDS = ["Reaction", "Action", "Hidden", "Shield", "Deathknell", "Quick-Draw"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Play it as a Reaction.", ["Reaction"]),
        ("Actions and Reactions happen.", ["Action", "Reaction"]),
        ("It has [Reaction][>] and [Shield 2].", ["Reaction", "Shield"]),
        ("Play Flash in reaction to it.", []),  # lower-case prose
        ("Take the Hide Discretionary Action now.", []),  # another capitalised term
        ("Hidden Blade kills a unit.", []),  # card name starting with a keyword
        ("A hidden card gains Action timing.", ["Action"]),
        ("Hidden is a keyword.", ["Hidden"]),
        ("The Reactionary Guard and Overreaction.", []),  # inside longer words
        ("Quick-Draw equips.", ["Quick-Draw"]),
        ("Deathknell triggers.", ["Deathknell"]),
    ],
)
def test_keyword_mention_traps(text, expected):
    assert keyword_mentions(text, KEYWORDS) == expected


def test_keyword_mentions_exclude_card_names():
    text = "Thrill of the Shield wins."
    assert keyword_mentions(text, ["Shield"], exclude=["Thrill of the Shield"]) == []


def test_card_tokens_distinguish_symbols_from_keywords():
    text = "[Reaction][>] :rb_exhaust:: [Add] [A][C] [2] [Shield 3] [Level 6] [Stun] it."
    kinds = [(t.kind, t.label) for t in tokenize(text) if t.kind != "text"]
    assert kinds == [
        ("keyword", "Reaction"),
        ("icon", "then"),
        ("icon", "Exhaust"),
        ("term", "Add"),
        ("icon", "1 Power of any domain"),
        ("icon", "1 Power of this card's domain"),
        ("icon", "2 Energy"),
        ("keyword", "Shield"),
        ("keyword", "Level"),
        ("term", "Stun"),
    ]
    uses = keyword_uses(text)
    assert [(u.name, u.value) for u in uses] == [
        ("Reaction", None),
        ("Shield", "3"),
        ("Level", "6"),
    ]


def test_render_ability_html_escapes():
    out = render_ability_html("<b>x</b> :rb_energy_1: [Reaction]")
    assert out.startswith(
        '&lt;b&gt;x&lt;/b&gt; <span class="icon icon-energy" role="img" aria-label="1 Energy">'
    )
    assert out.endswith('>1</text></svg></span> <strong class="keyword">[Reaction]</strong>')


def test_front_matter_subset():
    meta = parse_front_matter(
        [
            'title: "A \\"quoted\\" title"',
            "authors:",
            '- "X"',
            "- Y",
            "rulingRelations:",
            "  anchor-a:",
            '  - "/cards/b"',
        ]
    )
    assert meta == {
        "title": 'A "quoted" title',
        "authors": ["X", "Y"],
        "rulingRelations": {"anchor-a": ["/cards/b"]},
    }
    with pytest.raises(ValueError):
        parse_front_matter(["!!python/object: x"])


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ('<!-- FILE: content/a.mdx -->\n---\ntitle: "A"\n---\n\n## Q? [#q]\n\nA.', "faq-community"),
        (json.dumps([{"kind": "faq", "content": "### Q: x?"}]), "faq-official"),
        (json.dumps([{"kind": "errata", "content": "#### [NEW TEXT]"}]), "errata"),
        (json.dumps({"cards": [{"name": "Ember Warden"}]}), "cards"),
        (json.dumps({"names": ["Ember Warden"]}), "banned"),
        (json.dumps([{"id": "101", "text": "Rules"}]), None),
        ("101. A rule.", None),
    ],
)
def test_detect_kind(text, kind):
    assert detect_kind(text) == kind
