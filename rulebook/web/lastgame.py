"""The game a reader last browsed, kept in a cookie for the search that names no game.

The home page's search box searches every game. A Riftbound player who types "reaction"
there wants Riftbound's Reaction first, not another game's "Reactions" between its results:
the search page groups its results by game and puts the game the reader was reading first.
Pages are the same for every reader (``rulebook.web.caching``); only this cookie, set on the
way out, differs, and only the search page reads it.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.urls import Resolver404, resolve

COOKIE = "rulebook_game"
MAX_AGE = 365 * 24 * 3600
SLUG_RE = re.compile(r"[-a-z0-9_]{1,50}")


def _game_of(match) -> str | None:
    game = match.kwargs.get("game") if match else None
    return game if isinstance(game, str) and SLUG_RE.fullmatch(game) else None


class LastGameMiddleware:
    """Sets the cookie when an HTML page of a game is read, stored pages included."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        game = _game_of(getattr(request, "resolver_match", None))
        if (
            game
            and request.method == "GET"
            and response.status_code == 200
            and response.get("Content-Type", "").startswith("text/html")
            and request.COOKIES.get(COOKIE) != game
        ):
            response.set_cookie(
                COOKIE,
                game,
                max_age=MAX_AGE,
                samesite="Lax",
                httponly=True,
                secure=request.is_secure(),
            )
        return response


def last_game(request) -> str | None:
    """The game of the cookie, else of the page the search was sent from (its Referer)."""
    game = request.COOKIES.get(COOKIE)
    if isinstance(game, str) and SLUG_RE.fullmatch(game):
        return game
    referer = urlsplit(request.META.get("HTTP_REFERER", ""))
    if referer.netloc and referer.netloc != request.get_host():
        return None
    try:
        return _game_of(resolve(referer.path or "/"))
    except Resolver404:
        return None
