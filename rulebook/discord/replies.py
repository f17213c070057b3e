"""Interaction responses, buttons and the state a button carries in its ``custom_id``.

Discord keeps no state for us between a reply and a click, so a button names everything the
click needs: ``rule|fr|riftbound|813.1.c.2|2026-03-30|2`` is "rule 813.1.c.2 of version
2026-03-30, page 2, in French". Free text (a search query) always comes last, so it may
contain the separator.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rulebook import languages
from rulebook.discord import limits
from rulebook.pages.linkify import markdown_escape

PONG, MESSAGE, DEFERRED, AUTOCOMPLETE_RESULT = 1, 4, 5, 8
EPHEMERAL = 64
SEPARATOR = "|"
COLOUR = 0x2B6CB0


def message(embed: dict | None = None, *, buttons=(), ephemeral=False, content="") -> dict:
    """A type 4 reply; mentions in our text never ping anyone."""
    data: dict = {"allowed_mentions": {"parse": []}}
    if content:
        data["content"] = limits.truncate(content, limits.CONTENT)
    if embed is not None:
        data["embeds"] = [limits.fit({"color": COLOUR, **embed})]
    row = [b for b in buttons if b is not None][:5]
    if row:
        data["components"] = [{"type": 1, "components": row}]
    if ephemeral:
        data["flags"] = EPHEMERAL
    return {"type": MESSAGE, "data": data}


def notice(title: str, text: str = "") -> dict:
    """An ephemeral answer for the asker only: not found, not understood."""
    embed = {"title": title}
    if text:
        embed["description"] = text
    return message(embed, ephemeral=True)


def autocomplete(choices: list[dict]) -> dict:
    return {"type": AUTOCOMPLETE_RESULT, "data": {"choices": choices[: limits.CHOICES]}}


def deferred(ephemeral: bool = False) -> dict:
    return {"type": DEFERRED, "data": {"flags": EPHEMERAL} if ephemeral else {}}


@dataclass
class Action:
    """What a button asks for: an action, a language, a game and the action's arguments."""

    name: str
    language: str
    game: str
    args: list[str] = field(default_factory=list)

    def custom_id(self) -> str:
        return SEPARATOR.join([self.name, self.language, self.game, *self.args])


def decode(custom_id: str, arity: dict[str, int]) -> Action | None:
    """The action a ``custom_id`` names, or None when it is not one of ours."""
    head = custom_id.split(SEPARATOR, 3)
    if len(head) < 3 or head[0] not in arity or head[1] not in languages.codes():
        return None
    rest = head[3] if len(head) == 4 else ""
    count = arity[head[0]]
    args = rest.split(SEPARATOR, count - 1) if count > 1 else [rest]
    if len(args) != count:
        return None
    return Action(head[0], head[1], head[2], args)


def button(label: str, action: Action) -> dict | None:
    """A grey button; None when its state would not fit in a ``custom_id``."""
    custom_id = action.custom_id()
    if len(custom_id) > limits.CUSTOM_ID:
        return None
    return {
        "type": 2,
        "style": 2,
        "label": limits.truncate(label, limits.BUTTON_LABEL),
        "custom_id": custom_id,
    }


def language_button(action: Action) -> dict | None:
    """ "Français" on an English answer, "English" on a French one."""
    return button(languages.local_name(action.language), action)


def more_button(action: Action) -> dict | None:
    return button(_("Show more"), action)


def link(text: str, url: str) -> str:
    """A Markdown link whose text cannot break out of its brackets."""
    safe = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
    return f"[{markdown_escape(text)}]({safe})"
