"""The inline MDX tags of the community FAQ, and what each one stands for.

The FAQ site renders ``<Deathknell />`` as a keyword chip and ``<Energy value={1} />`` as an
icon; the source text has no word there at all. If we dropped the tags the sentence "pay
<Energy value={1} /><Universal /> to ready it" would read "pay  to ready it", so every tag is
mapped to the word or icon label it shows, in HTML and in plain text alike. A tag that is not
in the table is still rendered (its name split into words) and reported by :func:`inventory`.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from dataclasses import dataclass

from ingest import vocabulary
from ingest.numbers import normalise

_ATTR = r"\s+[A-Za-z]+=(?:\"[^\"]*\"|\{[^}]*\})"
TAG_RE = re.compile(rf"<(?P<name>[A-Z][A-Za-z]*)(?P<attrs>(?:{_ATTR})*)\s*/>")
ATTR_RE = re.compile(r"([A-Za-z]+)=(?:\"([^\"]*)\"|\{([^}]*)\})")
CONTAINER_RE = re.compile(r"<(?P<name>[A-Z][A-Za-z]*)(?P<attrs>\s[^>]*)?>")


@dataclass(frozen=True)
class TagMeaning:
    """What a tag shows: a keyword, a game term in brackets, or an icon with a spoken label."""

    kind: str  # "keyword", "term", "icon", "rule", "card", "callout"
    word: str  # the keyword or term name; for icons, the visible symbol
    label: str = ""  # icons: the accessible name ("1 Energy"); {value} is filled in


# The community FAQ is Riftbound's: its tags name Riftbound's keywords, terms, icons and
# domains, read from the game's data (``data/riftbound/vocabulary.toml``).
FAQ_GAME = "riftbound"


def tag_table(words: vocabulary.Vocabulary) -> dict[str, TagMeaning]:
    """Every tag a game's vocabulary describes, and the structural tags every FAQ uses."""
    tags = {name: TagMeaning("keyword", name) for name in words.keywords}
    tags.update({tag: TagMeaning("keyword", word) for tag, word in words.keyword_spellings.items()})
    tags.update({name: TagMeaning("term", name) for name in words.terms})
    tags.update({name: TagMeaning("icon", i.symbol, i.label) for name, i in words.icons.items()})
    tags.update(
        {
            "Rule": TagMeaning("rule", "rule"),
            "Card": TagMeaning("card", "card"),
            "Callout": TagMeaning("callout", "callout"),
        }
    )
    tags.update({name: TagMeaning("icon", name, f"1 {name} Power") for name in words.powers})
    return tags


TAGS: dict[str, TagMeaning] = tag_table(vocabulary.of_game(FAQ_GAME))


def attributes(raw: str) -> dict[str, str]:
    """``number="813.1" value={2}`` -> {"number": "813.1", "value": "2"}."""
    return {
        m.group(1): (m.group(2) if m.group(2) is not None else m.group(3).strip())
        for m in ATTR_RE.finditer(raw or "")
    }


def meaning(name: str) -> TagMeaning:
    """The table entry, or a "term" spelled from the tag name for a tag we have not seen."""
    if name in TAGS:
        return TAGS[name]
    return TagMeaning("term", re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name))


def keyword_word(name: str, attrs: dict[str, str]) -> str:
    """The keyword as a player reads it: ``<Assault value={2} />`` -> "Assault 2"."""
    word = meaning(name).word
    value = attrs.get("value")
    return f"{word} {value}" if value else word


def icon_parts(name: str, attrs: dict[str, str]) -> tuple[str, str]:
    """(visible symbol, accessible label) for an icon tag."""
    info = meaning(name)
    value = attrs.get("value", "1")
    return info.word.replace("{value}", value), info.label.replace("{value}", value)


def tag_text(name: str, attrs: dict[str, str]) -> str:
    """The plain-text form of a self-closing tag, used for answer_text and search."""
    info = meaning(name)
    if info.kind == "rule":
        number = normalise(attrs.get("number", "")) or attrs.get("number", "")
        return f"(rule {number})"
    if info.kind == "card":
        return attrs.get("name", "")
    if info.kind == "icon":
        return icon_parts(name, attrs)[1]
    return keyword_word(name, attrs)


# Small inline SVG shapes per kind of symbol; colours come from CSS classes (the CSP allows
# no inline styles). The symbol's own character (amount, domain initial) is drawn inside.
_ICON_SHAPES = {
    "energy": '<circle cx="10" cy="10" r="9"/>',
    "power": '<path d="M10 1 18 10 10 19 2 10Z"/>',
    "might": '<path d="M10 1 17 4v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V4Z"/>',
    "exhaust": '<path d="M10 2a8 8 0 1 1-8 8h3a5 5 0 1 0 5-5v3L5 4l5-4Z"/>',
    "other": '<rect x="1.5" y="1.5" width="17" height="17" rx="4"/>',
}


def icon_kind(label: str) -> str:
    """Which shape a symbol takes, from its accessible label ("3 Energy", "1 Fury Power")."""
    lowered = label.lower()
    for kind in ("energy", "power", "might", "exhaust"):
        if kind in lowered:
            return kind
    return "other"


def icon_html(symbol: str, label: str) -> str:
    """The one icon markup used everywhere (FAQ answers, card text, errata): an inline SVG
    labelled for screen readers, the symbol's character drawn on its shape."""
    kind = icon_kind(label)
    glyph = "" if kind in ("might", "exhaust") else symbol
    return (
        f'<span class="icon icon-{kind}" role="img" aria-label="{html.escape(label, quote=True)}">'
        f'<svg class="icon-svg" viewBox="0 0 20 20" aria-hidden="true" focusable="false">'
        f"{_ICON_SHAPES[kind]}"
        f'<text x="10" y="14" text-anchor="middle">{html.escape(glyph[:3])}</text></svg></span>'
    )


def inventory(text: str) -> Counter:
    """Every tag name in ``text`` with its count, self-closing and container tags alike."""
    names = Counter(m.group("name") for m in TAG_RE.finditer(text))
    names.update(
        m.group("name") for m in CONTAINER_RE.finditer(text) if not m.group(0).endswith("/>")
    )
    return names


def unknown_tags(text: str) -> list[str]:
    """Tags in ``text`` that the table does not describe (rendered from their names)."""
    return sorted(name for name in inventory(text) if name not in TAGS)
