"""Deferred replies for commands that could take longer than Discord's 3 seconds.

Every command answers synchronously by default (all of them are measured well inside the
limit: see the README). A command named in ``RULEBOOK_DISCORD_DEFERRED`` instead answers at
once with type 5 ("thinking…") and builds its reply in a background thread, which then edits
the original response through Discord's webhook:

    PATCH https://discord.com/api/v10/webhooks/<application_id>/<token>/messages/@original

The interaction token is valid for 15 minutes and needs no bot token. That call needs
Discord's network, so tests check the request it would send, not its delivery.
"""

from __future__ import annotations

import json
import logging
import re
import threading
import urllib.request

from django.db import connections
from django.utils import translation

from rulebook.discord import replies

logger = logging.getLogger(__name__)
API = "https://discord.com/api/v10"
_TOKEN_RE = re.compile(r"^[A-Za-z0-9._-]{1,500}$")
urlopen = urllib.request.urlopen


def start(target, *args) -> None:
    """Run ``target`` after the response, on a thread with its own database connection."""

    def run():
        try:
            target(*args)
        finally:
            connections.close_all()

    threading.Thread(target=run, daemon=True).start()


def defer(ask, handler) -> dict:
    """Type 5 now, the reply later; synchronous when the interaction cannot be followed up."""
    interaction = ask.interaction
    if not (interaction.application_id.isdigit() and _TOKEN_RE.match(interaction.token)):
        with translation.override(ask.language):
            return handler(ask)
    start(complete, ask, handler)
    return replies.deferred()


def complete(ask, handler) -> None:
    try:
        with translation.override(ask.language):
            reply = handler(ask)
        send(ask.interaction.application_id, ask.interaction.token, reply["data"])
    except Exception:  # a thread has no caller to tell: log it
        logger.exception("Discord follow-up failed")


def request_for(application_id: str, token: str, data: dict) -> urllib.request.Request:
    """The edit of the original (deferred) response that carries the finished reply."""
    url = f"{API}/webhooks/{application_id}/{token}/messages/@original"
    body = {key: value for key, value in data.items() if key != "flags"}
    return urllib.request.Request(
        url,
        data=json.dumps(body).encode("utf-8"),
        method="PATCH",
        headers={"Content-Type": "application/json", "User-Agent": "Rulebook (rulebook, 1.0)"},
    )


def send(application_id: str, token: str, data: dict) -> int:
    with urlopen(request_for(application_id, token, data), timeout=10) as response:
        return response.status
