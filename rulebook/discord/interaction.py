"""Reading an interaction payload defensively: only the parts we use, each checked for type.

A signed body is still untrusted input (a bug or a compromised token could send anything), so
nothing below indexes into the payload without checking, and what comes out is a small typed
object the handlers can rely on. Anything malformed raises :class:`Malformed` (a 400).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.conf import settings

from rulebook import languages

PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
SLASH, USER_COMMAND, MESSAGE_COMMAND = 1, 2, 3
MAX_TEXT = 4000  # an option or message text we read; Discord's own maxima are below 6,000


class Malformed(ValueError):
    """The body is JSON but not an interaction we can read."""


@dataclass
class Interaction:
    type: int
    command: str = ""
    command_type: int = SLASH
    options: dict[str, str] = field(default_factory=dict)
    focused: str | None = None
    custom_id: str = ""
    locale: str = ""
    message: str = ""  # a message command's target message
    application_id: str = ""
    token: str = ""

    @property
    def language(self) -> str:
        """The site language of the Discord locale ("fr" for any French one, "en-GB" ->
        "en"), else the site's default."""
        wanted = self.locale.lower().split("-")[0]
        return wanted if wanted in languages.codes() else settings.LANGUAGE_CODE


def _string(value, name: str, limit: int = MAX_TEXT, required: bool = False) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str):
        raise Malformed(f"{name} must be a string")
    return _clean(value[:limit])


def _clean(text: str) -> str:
    """JSON can carry lone surrogates ("\\ud800") and NULs that no encoder downstream takes."""
    return text.encode("utf-8", "replace").decode("utf-8").replace("\x00", "")


def _int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{name} must be an integer")
    return value


def _dict(value, name: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise Malformed(f"{name} must be an object")
    return value


def _options(raw) -> tuple[dict[str, str], str | None]:
    """Option values as text, and the name of the focused one (autocomplete)."""
    if raw is None:
        return {}, None
    if not isinstance(raw, list):
        raise Malformed("options must be a list")
    values, focused = {}, None
    for option in raw[:25]:
        option = _dict(option, "option")
        name = _string(option.get("name"), "option name", 32, required=True)
        value = option.get("value")
        if isinstance(value, bool) or not isinstance(value, str | int | float | type(None)):
            raise Malformed("option values must be scalars")
        values[name] = "" if value is None else _clean(str(value)[:MAX_TEXT])
        if option.get("focused") is True:
            focused = name
    return values, focused


def _target_message(data: dict) -> str:
    target = _string(data.get("target_id"), "target_id", 32)
    messages = _dict(_dict(data.get("resolved"), "resolved").get("messages"), "messages")
    message = _dict(messages.get(target), "message")
    return _string(message.get("content"), "message content")


def parse(payload) -> Interaction:
    if not isinstance(payload, dict):
        raise Malformed("an interaction is an object")
    kind = _int(payload.get("type"), "type")
    if kind not in (PING, COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT):
        raise Malformed("unknown interaction type")
    interaction = Interaction(
        type=kind,
        locale=_string(payload.get("locale"), "locale", 16),
        application_id=_string(payload.get("application_id"), "application_id", 32),
        token=_string(payload.get("token"), "token", 500),
    )
    data = _dict(payload.get("data"), "data")
    if kind in (COMMAND, AUTOCOMPLETE):
        interaction.command = _string(data.get("name"), "command name", 32, required=True)
        interaction.command_type = _int(data.get("type", SLASH), "command type")
        interaction.options, interaction.focused = _options(data.get("options"))
        if interaction.command_type == MESSAGE_COMMAND:
            interaction.message = _target_message(data)
    elif kind == COMPONENT:
        interaction.custom_id = _string(data.get("custom_id"), "custom_id", 100, required=True)
    return interaction
