"""Choices while typing (type 4 → type 8): rule numbers by prefix, keyword, card and game
names by prefix and typo, in the reader's language. At most 25, each name and value at most
100 characters (Discord drops the whole list otherwise)."""

from __future__ import annotations

from ingest import numbers
from rulebook.discord import fuzzy, limits
from rulebook.discord import replies as r
from rulebook.discord.context import Ask, rules_document
from rulebook.discord.knowledge import keyword_names
from rulebook.discord.rules import asked_document, numbered_in
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Card, Game, Rule
from rulebook.pages.preview import rule_title


def rule_choices(ask: Ask, typed: str) -> list[dict]:
    """``81`` lists 810, 811, … before their sub-rules: shallow numbers first, in order; in
    the document the ``document`` option or the typed "TR 70" names."""
    kind, typed = asked_document(typed, ask.option("document"))
    document = rules_document(ask.game, ask.language, kind=kind) or rules_document(
        ask.game, KNOWLEDGE_LANGUAGE, kind=kind
    )
    if document is None:
        return []
    typed = typed.strip()
    prefix = numbers.normalise(typed) or typed.rstrip(".").lower()
    rows = Rule.objects.filter(document=document, occurrence=1)
    if prefix:
        rows = rows.filter(number__startswith=prefix)
    else:
        rows = rows.filter(is_heading=True, heading_level__lte=2)
    rows = rows.order_by("depth", "sort_key")
    shown = [(numbered_in(document, rule.number), rule) for rule in rows[: limits.CHOICES]]
    return [limits.choice(f"{label} {rule_title(rule)}", label) for label, rule in shown]


def keyword_choices(ask: Ask, typed: str) -> list[dict]:
    document = rules_document(ask.game, ask.language)
    english = rules_document(ask.game, KNOWLEDGE_LANGUAGE)
    names = keyword_names(document, english) if document else {}
    if not names and english is not None:
        names = keyword_names(english, english)
    own = [k.name for k in dict.fromkeys(names.values())]
    ranked = fuzzy.rank(typed, own) if typed else own
    if typed and len(ranked) < limits.CHOICES:  # an English name typed on a French locale
        ranked += [names[n].name for n in fuzzy.rank(typed, list(names))]
    return [limits.choice(name, name) for name in list(dict.fromkeys(ranked))[: limits.CHOICES]]


def card_choices(ask: Ask, typed: str) -> list[dict]:
    cards = list(Card.objects.of_game(ask.game).order_by("name").values_list("name", flat=True))
    return [limits.choice(name, name) for name in fuzzy.rank(typed, cards)]


def game_choices(ask: Ask, typed: str) -> list[dict]:
    games = {g.name: g.slug for g in Game.objects.with_rules().order_by("name")}
    return [limits.choice(name, games[name]) for name in fuzzy.rank(typed, list(games))]


CHOICES = {
    ("rule", "number"): rule_choices,
    ("keyword", "name"): keyword_choices,
    ("card", "name"): card_choices,
}


def answer(ask: Ask) -> dict:
    focused = ask.interaction.focused or ""
    typed = ask.interaction.options.get(focused, "")[:100]
    if focused == "game":
        return r.autocomplete(game_choices(ask, typed))
    choices = CHOICES.get((ask.interaction.command, focused))
    return r.autocomplete(choices(ask, typed) if choices else [])
