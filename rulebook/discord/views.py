"""``POST /discord/interactions``: Discord's HTTP interactions, answered in-process.

Checks run cheapest first and before anything reads the payload: the size (413), whether the
app is configured at all (404), the method (405), then the Ed25519 signature and its freshness
(401). Only a signed body is parsed. A signed body that is not an interaction we can read is a
400; nothing a caller sends should reach a 500, and the last guard below turns an unexpected
error into an apology to the asker rather than Discord's "application did not respond".
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from rulebook import jsonbody, languages
from rulebook.discord import autocomplete, commands, followup, signature
from rulebook.discord import interaction as i
from rulebook.discord import replies as r
from rulebook.discord.context import Ask, Refusal, find_game
from rulebook.models import Game

logger = logging.getLogger(__name__)
MAX_BODY = 64 * 1024


def _error(status: int, message: str) -> JsonResponse:
    return JsonResponse({"error": message, "status": status}, status=status)


def _too_big(request) -> bool:
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    return declared > MAX_BODY


@csrf_exempt
def interactions(request):
    if _too_big(request):
        return _error(413, "The body is over 64 KB.")
    key = settings.RULEBOOK_DISCORD_PUBLIC_KEY
    if not key:
        return _error(404, "The Discord app is not configured.")
    if request.method != "POST":
        response = _error(405, "POST only.")
        response["Allow"] = "POST"
        return response
    body = request.body
    if len(body) > MAX_BODY:
        return _error(413, "The body is over 64 KB.")
    headers = request.headers
    if not signature.verify(
        key, headers.get("X-Signature-Ed25519", ""), headers.get("X-Signature-Timestamp", ""), body
    ):
        return _error(401, "Invalid request signature.")
    try:
        interaction = i.parse(jsonbody.loads(body))
    except (jsonbody.BadJson, i.Malformed) as exc:
        return _error(400, f"Not an interaction: {str(exc)[:100]}")
    try:
        reply = answer(request, interaction)
    except Exception:  # the last guard: the asker gets an apology, the log gets the trace
        logger.exception("Discord interaction failed: %s", interaction.command or interaction.type)
        reply = r.notice(_("Something went wrong; please try again later."))
    return HttpResponse(json.dumps(reply), content_type="application/json")


def answer(request, interaction: i.Interaction) -> dict:
    if interaction.type == i.PING:
        return {"type": r.PONG}
    with translation.override(interaction.language):
        try:
            return _dispatch(request, interaction)
        except Refusal as refusal:
            return refusal.reply


def _dispatch(request, interaction: i.Interaction) -> dict:
    if interaction.type == i.COMPONENT:
        return _component(request, interaction)
    typing_game = interaction.type == i.AUTOCOMPLETE and interaction.focused == "game"
    game = find_game("" if typing_game else interaction.options.get("game", ""))
    if game is None:
        return _unknown_game(interaction)
    ask = Ask(request, interaction, interaction.language, game)
    if interaction.type == i.AUTOCOMPLETE:
        return autocomplete.answer(ask)
    if interaction.type != i.COMMAND or interaction.command not in commands.HANDLERS:
        return r.notice(_("This command is not known here."))
    chosen = interaction.options.get("lang", "")
    if interaction.command == "rule" and chosen in languages.codes():
        ask.language = chosen
    handler = commands.HANDLERS[interaction.command]
    if interaction.command in settings.RULEBOOK_DISCORD_DEFERRED:
        return followup.defer(ask, handler)
    with translation.override(ask.language):
        return handler(ask)


def _component(request, interaction: i.Interaction) -> dict:
    """A button: the same answer in another language or its next page, for the clicker only."""
    arity = {name: count for name, (count, _handler) in commands.ACTIONS.items()}
    action = r.decode(interaction.custom_id, arity)
    game = find_game(action.game) if action and action.game else None
    if action is None or game is None:
        return r.notice(_("This button no longer works."))
    ask = Ask(request, interaction, action.language, game)
    with translation.override(action.language):
        reply = commands.ACTIONS[action.name][1](ask, action.args)
    if reply.get("type") == r.MESSAGE:
        reply["data"]["flags"] = r.EPHEMERAL
    return reply


def _unknown_game(interaction: i.Interaction) -> dict:
    if interaction.type == i.AUTOCOMPLETE:
        return r.autocomplete([])
    names = ", ".join(g.slug for g in Game.objects.with_rules().order_by("slug"))
    return r.notice(_("Unknown game. Games: %(games)s") % {"games": names or "—"})
