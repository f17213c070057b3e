"""The application's commands: their definitions for Discord, and who answers each.

Command and option names are identifiers Discord shows as typed (lower case, no spaces), so
their French forms are listed here; descriptions are interface text and come from the French
catalogue like every other string.
"""

from __future__ import annotations

from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rulebook.discord.knowledge import card_reply, keyword_reply
from rulebook.discord.linking import link_rules_reply
from rulebook.discord.rules import rule_reply, search_reply

STRING, SLASH, MESSAGE = 3, 1, 3
LINK_RULES = "Link rules"
FRENCH_NAMES = {
    "rule": "règle",
    "search": "recherche",
    "keyword": "mot-clé",
    "card": "carte",
    "number": "numéro",
    "lang": "langue",
    "version": "version",
    "query": "requête",
    "name": "nom",
    "game": "jeu",
    LINK_RULES: "Lier les règles",
}


def _option(name, description, required=False, autocomplete=False, **extra) -> dict:
    option = {"type": STRING, "name": name, "description": description, "required": required}
    if autocomplete:
        option["autocomplete"] = True
    return {**option, **extra}


def _commands() -> list[dict]:
    game = _option("game", _("Game (default: the main game)"), autocomplete=True)
    return [
        {
            "name": "rule",
            "description": _("Show a rule with its sub-rules"),
            "options": [
                _option("number", _("Rule number, e.g. 813.1.c.2"), True, True, max_length=40),
                _option(
                    "lang",
                    _("Language of the text"),
                    choices=[
                        {"name": "English", "value": "en"},
                        {"name": "Français", "value": "fr"},
                    ],
                ),
                _option("version", _("A version, e.g. 2025-12-01"), max_length=10),
                game,
            ],
        },
        {
            "name": "search",
            "description": _("Search the rules, keywords, FAQ and cards"),
            "options": [
                _option("query", _("Words, a phrase or a rule number"), True, max_length=200),
                game,
            ],
        },
        {
            "name": "keyword",
            "description": _("What a keyword does, with its rules, cards and FAQ"),
            "options": [_option("name", _("Keyword name"), True, True, max_length=80), game],
        },
        {
            "name": "card",
            "description": _("A card's text, cost, keywords, errata and FAQ"),
            "options": [_option("name", _("Card name"), True, True, max_length=100), game],
        },
    ]


def definitions() -> list[dict]:
    """What ``PUT /applications/<id>/commands`` takes, with French names and descriptions."""
    with translation.override("en"):
        english = _evaluate(_commands())
    with translation.override("fr"):
        french = _evaluate(_commands())
    out = [_localised(en, fr) for en, fr in zip(english, french, strict=True)]
    for command in out:
        command["type"] = SLASH
    out.append(
        {
            "type": MESSAGE,
            "name": LINK_RULES,
            "name_localizations": {"fr": FRENCH_NAMES[LINK_RULES]},
        }
    )
    return out


def _evaluate(value):
    if isinstance(value, dict):
        return {k: _evaluate(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_evaluate(v) for v in value]
    return str(value) if isinstance(value, Promise) else value


def _localised(english: dict, french: dict) -> dict:
    out = dict(english)
    if english["name"] in FRENCH_NAMES:
        out["name_localizations"] = {"fr": FRENCH_NAMES[english["name"]]}
    if "description" in english:
        out["description_localizations"] = {"fr": french["description"]}
    if "options" in english:
        out["options"] = [
            _localised(e, f) for e, f in zip(english["options"], french["options"], strict=True)
        ]
    return out


HANDLERS = {
    "rule": lambda ask: rule_reply(ask, ask.option("number"), ask.option("version")),
    "search": lambda ask: search_reply(ask, ask.option("query")),
    "keyword": lambda ask: keyword_reply(ask, ask.option("name")),
    "card": lambda ask: card_reply(ask, ask.option("name")),
    LINK_RULES: lambda ask: link_rules_reply(ask, ask.interaction.message),
}

# What each button action needs from its custom_id (see ``replies.Action``).
ACTIONS = {
    "rule": (3, lambda ask, args: rule_reply(ask, args[0], args[1], _page(args[2]))),
    "keyword": (1, lambda ask, args: keyword_reply(ask, args[0])),
    "card": (1, lambda ask, args: card_reply(ask, args[0])),
    "search": (1, lambda ask, args: search_reply(ask, args[0])),
}


def _page(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 4 else 1
