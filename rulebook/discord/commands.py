"""The application's commands: their definitions for Discord, and who answers each.

Command and option names are identifiers Discord shows as typed (lower case, no spaces);
they and the descriptions are interface text, translated by each language's catalogue (the
names under the "Discord name" context), so a new language needs no code here.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext, pgettext_lazy

from rulebook import kinds, languages
from rulebook.discord.knowledge import card_reply, keyword_reply
from rulebook.discord.linking import link_rules_reply
from rulebook.discord.rules import rule_reply, search_reply

STRING, SLASH, MESSAGE = 3, 1, 3
LINK_RULES = "Link rules"


def localised_name(name: str) -> str:
    """A command or option name in the active language (marked for translation below)."""
    return pgettext("Discord name", name)


# The names, marked for makemessages (each is translated under the "Discord name" context).
NAMES = [
    pgettext_lazy("Discord name", "rule"),
    pgettext_lazy("Discord name", "search"),
    pgettext_lazy("Discord name", "keyword"),
    pgettext_lazy("Discord name", "card"),
    pgettext_lazy("Discord name", "number"),
    pgettext_lazy("Discord name", "lang"),
    pgettext_lazy("Discord name", "version"),
    pgettext_lazy("Discord name", "query"),
    pgettext_lazy("Discord name", "name"),
    pgettext_lazy("Discord name", "game"),
    pgettext_lazy("Discord name", "document"),
    pgettext_lazy("Discord name", "Link rules"),
]


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
                        {"name": languages.local_name(code), "value": code}
                        for code in languages.codes()
                    ],
                ),
                _option("version", _("A version, e.g. 2025-12-01"), max_length=10),
                game,
                _option(
                    "document",
                    _("Which document (default: the Core Rules)"),
                    choices=[{"name": kind.label, "value": kind.key} for kind in kinds.TABLE],
                ),
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
    """What ``PUT /applications/<id>/commands`` takes, with every other language's names and
    descriptions as Discord localizations."""
    with translation.override(settings.LANGUAGE_CODE):
        base = _evaluate(_commands())
    others = {}
    for code in languages.others(settings.LANGUAGE_CODE):
        with translation.override(code):
            others[code] = (_evaluate(_commands()), _names())
    out = []
    for index, command in enumerate(base):
        translated = {code: (texts[index], names) for code, (texts, names) in others.items()}
        out.append({**_localised(command, translated), "type": SLASH})
    link_rules = {"type": MESSAGE, "name": LINK_RULES}
    names = {code: found[1][LINK_RULES] for code, found in others.items()}
    link_rules["name_localizations"] = {c: n for c, n in names.items() if n != LINK_RULES}
    return [*out, link_rules]


def _evaluate(value):
    if isinstance(value, dict):
        return {k: _evaluate(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_evaluate(v) for v in value]
    return str(value) if isinstance(value, Promise) else value


def _names() -> dict[str, str]:
    """Every command and option name in the active language."""
    raw = [LINK_RULES, *(c["name"] for c in _commands())]
    raw += [o["name"] for c in _commands() for o in c.get("options", [])]
    return {name: localised_name(name) for name in raw}


def _localised(base: dict, translated: dict) -> dict:
    """``base`` with ``name_localizations`` and ``description_localizations`` from
    ``translated`` ({code: (the same definition in that language, its names)})."""
    out = dict(base)
    names = {code: found[1][base["name"]] for code, found in translated.items()}
    names = {code: name for code, name in names.items() if name != base["name"]}
    if names:
        out["name_localizations"] = names
    if "description" in base:
        out["description_localizations"] = {
            code: found[0]["description"] for code, found in translated.items()
        }
    if "options" in base:
        out["options"] = [
            _localised(option, {c: (f[0]["options"][i], f[1]) for c, f in translated.items()})
            for i, option in enumerate(base["options"])
        ]
    return out


HANDLERS = {
    "rule": lambda ask: rule_reply(
        ask, ask.option("number"), ask.option("version"), kind=ask.option("document")
    ),
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
