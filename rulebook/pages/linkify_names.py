"""Names the autolinker recognises: keywords and cards, matched in one pass.

A game has hundreds of card names; a regular expression alternating all of them is slow and
its leftmost-first rule links "Yasuo" inside "Yasuo, Windrider". An Aho-Corasick automaton
finds every candidate in one scan, and the longest candidate wins any overlap.

Matching policy (false positives cost more than misses):

* Keyword names match as written, with their capitals, or in brackets in any case
  (``[swift]``, ``[Ward 2]``).
* Multi-word card names match in any case (``yasuo, windrider``); single-word card names
  (Block, Challenge, Gold, Flash…) only as written, because in lower case they are ordinary
  words.
* A keyword wins over a card of the same name (the providers are asked in order).
* A champion name that several cards share (``Yasuo`` of ``Yasuo, Windrider`` and ``Yasuo,
  Remorseful``) links to the card list filtered by that name; a champion with one card links
  to the card.
* Multi-word headings that contain a name (``Action Phase``) block the name inside them, and a
  single-word name before a game noun (``the Action phase``) is no name either.
"""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from dataclasses import dataclass
from urllib.parse import urlencode

import ahocorasick
from django.urls import reverse
from django.utils import translation

from ingest import languages
from ingest.knowledge.cards import ability_plain_text
from rulebook.models import Card, KnowledgeSource, Rule
from rulebook.pages.preview import opening, rule_title

_QUALIFIER_RE = re.compile(r"\s+(?:phases?|steps?|turns?|rounds?|windows?|zones?|timing)\b")
_BRACKET_TAIL_RE = re.compile(r"(?:\s+\d+)?\]")


MENTIONS_KEYWORDS = languages.mentions_keywords_re()


@dataclass(frozen=True)
class Target:
    """Where a link goes. ``number`` is a normalised rule number (or a card's key)."""

    kind: str  # "rule" | "keyword" | "card"
    number: str
    title: str
    path: str  # site-relative
    preview: str
    # What a pasted text links to: a rule's short link pinned to the version linked against
    # (``/r/2026-05-01/711``); empty for a card, whose ``path`` is used.
    short: str = ""

    @property
    def pasted(self) -> str:
        return self.short or self.path


def rule_target(rule, pinned: bool, kind: str = "rule", title: str | None = None) -> Target:
    path = rule.get_pinned_url() if pinned else rule.get_absolute_url()
    return Target(
        kind,
        rule.number,
        title or rule_title(rule),
        path,
        opening(f"{rule.number} {rule.text}", 240),
    )


def keyword_names(document, pinned: bool = False) -> list[Target]:
    """Keyword headings: headings whose chapter is titled "Keywords" / "Mots-clés"."""
    key = (document.pk, document.content_hash, document.ingested_at)
    return list(_keyword_targets(key, pinned))


# Saves a query over every heading of the document (10 ms) for every text linkified.
@functools.lru_cache(maxsize=16)
def _keyword_targets(document_key, pinned: bool) -> tuple[Target, ...]:
    """Cached per document state: the headings never change without a new ingest. A heading
    that itself names keywords ("Keyword Glossary") is a container, not a keyword."""
    headings = (
        Rule.objects.filter(document_id=document_key[0])
        .headings()
        .filter(section__heading_level=1)
        .select_related("document__game", "section")
        .defer("document__report")
        .in_order()
    )
    return tuple(
        rule_target(r, pinned, "keyword", " ".join(r.text.split()))
        for r in headings
        if MENTIONS_KEYWORDS.search(r.section.text) and not MENTIONS_KEYWORDS.search(r.text)
    )


def card_names(document, pinned: bool = False) -> list[Target]:
    """The game's cards, then its champions' bare names; links follow the page language.

    Cached per state of the card file (its hash and load time), so a message costs one small
    query, not a read of every card.
    """
    state = (
        KnowledgeSource.objects.filter(game_id=document.game_id, kind="cards")
        .values_list("content_hash", "ingested_at")
        .first()
    )
    if state is None:
        return []
    return list(_card_targets(document.game_id, document.language, state))


# Saves reading every card and reversing its URL for every text linkified.
@functools.lru_cache(maxsize=8)
def _card_targets(game_id: int, language: str, state) -> tuple[Target, ...]:
    cards = list(Card.objects.filter(game_id=game_id).select_related("game").order_by("name"))
    if not cards:
        return ()
    with translation.override(language):
        index = reverse("cards", kwargs={"game": cards[0].game.slug})
    targets = [Target("card", c.slug, c.name, c.url(language), _preview(c)) for c in cards]
    champions = defaultdict(list)
    for card in cards:
        if "," in card.name:
            champions[card.name.split(",")[0].strip()].append(card)
    for name, group in champions.items():
        if len(group) == 1:
            only = group[0]
            targets.append(Target("card", only.slug, name, only.url(language), _preview(only)))
        else:
            path = f"{index}?{urlencode({'name': name})}"
            listed = "; ".join(c.name for c in group)
            targets.append(Target("card", name, name, path, opening(listed, 240)))
    return tuple(targets)


def _preview(card) -> str:
    return opening(f"{card.name}: {ability_plain_text(card.ability_text)}", 240)


@dataclass(frozen=True)
class _Entry:
    target: Target | None  # None: a heading that blocks the names inside it
    exact: bool  # must be written with its capitals (unless in brackets)
    qualifiable: bool  # a single word, which a following game noun turns into prose


def _is_word(char: str) -> bool:
    return char.isalnum() or char == "_"


def fold(text: str) -> str:
    """Lower case with every character kept in place, so offsets stay those of ``text``."""
    lowered = text.lower()
    if len(lowered) == len(text):
        return lowered
    return "".join(c.lower() if len(c.lower()) == 1 else c for c in text)


class NameMatcher:
    """Every target name and blocking heading in one automaton, built once per state."""

    def __init__(self, targets, headings):
        entries: dict[str, _Entry] = {}
        for target in targets:  # the first provider wins: keywords before cards
            name = target.title
            if not name.strip():
                continue
            single = " " not in name.strip()
            exact = target.kind != "card" or single
            entries.setdefault(fold(name), _Entry(target, exact, single or target.kind != "card"))
        for term in self._blocking(headings, entries):
            entries.setdefault(fold(term), _Entry(None, False, False))
        self.automaton = ahocorasick.Automaton() if entries else None
        for key, entry in entries.items():
            self.automaton.add_word(key, (len(key), entry))
        if self.automaton is not None:
            self.automaton.make_automaton()

    def _blocking(self, headings, entries) -> list[str]:
        """Multi-word headings that are not names but contain one ("Action Phase")."""
        if not entries:
            return []
        probe = ahocorasick.Automaton()
        for key, entry in entries.items():
            probe.add_word(key, (len(key), entry))
        probe.make_automaton()
        terms = {" ".join(h.split()) for h in headings}
        return [
            term
            for term in terms
            if " " in term and fold(term) not in entries and self._candidates(term, probe)
        ]

    @staticmethod
    def _candidates(text: str, automaton):
        """(start, end, entry, bracketed) of each acceptable occurrence, in text order."""
        out = []
        for last, (length, entry) in automaton.iter(fold(text)):
            start, end = last - length + 1, last + 1
            if (_is_word(text[start]) and start > 0 and _is_word(text[start - 1])) or (
                _is_word(text[last]) and end < len(text) and _is_word(text[end])
            ):
                continue
            bracketed = start > 0 and text[start - 1] == "[" and _BRACKET_TAIL_RE.match(text, end)
            if entry.target is not None and not bracketed:
                if entry.exact and text[start:end] != entry.target.title:
                    continue
                if entry.qualifiable and _QUALIFIER_RE.match(text, end):
                    continue
            out.append((start, end, entry, bool(bracketed)))
        return out

    def spans(self, text: str) -> list[tuple[int, int, Target]]:
        """Non-overlapping (start, end, target), the longest candidate first, in text order."""
        if self.automaton is None:
            return []
        found = self._candidates(text, self.automaton)
        found.sort(key=lambda c: (-(c[1] - c[0]), c[0]))
        taken: list[tuple[int, int]] = []
        out = []
        for start, end, entry, _bracketed in found:
            if any(start < b and end > a for a, b in taken):
                continue
            taken.append((start, end))
            if entry.target is not None:
                out.append((start, end, entry.target))
        return sorted(out, key=lambda span: span[0])


# Saves building the name matcher (every name, every heading) for every text linkified.
@functools.lru_cache(maxsize=16)
def matcher(targets: tuple[Target, ...], document_key) -> NameMatcher:
    """One matcher per set of names and document (its headings block names inside them)."""
    document_pk = document_key[0]
    headings = Rule.objects.filter(document_id=document_pk, is_heading=True)
    return NameMatcher(targets, headings.values_list("text", flat=True))
