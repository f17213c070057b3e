"""The one reading of search parameters, shared by the HTML page and the JSON API.

Both faces accept exactly the same parameters with the same meaning: the API answers a bad one
with 400 and ``{"error"}``, the HTML page shows the same message above an empty result list.
The rules are those of the published OpenAPI document (whole numbers only, so ``page=+1`` is
refused; a version that is a date and nothing after it), so neither face can drift from it.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from ingest.metadata import VERSION_PATTERN
from rulebook import kinds, languages
from rulebook.search.base import KINDS, SearchQuery
from rulebook.search.query import clean

MAX_PAGE = 500
MAX_PER_PAGE = 50
DEFAULT_PER_PAGE = 20
_VERSION_RE = re.compile(VERSION_PATTERN, re.ASCII)
_SLUG_RE = re.compile(r"[-a-z0-9_]{1,50}")
_INT_RE = re.compile(r"[0-9]{1,6}")


class ParamError(ValueError):
    """A query parameter that cannot be honoured; its message is shown to the user."""


def parse_params(params, *, language: str | None = None, api: bool = False) -> SearchQuery:
    """A validated SearchQuery from request parameters; raises ParamError.

    ``language`` is the page's language (the HTML page searches it unless ``lang`` says
    otherwise); ``api`` allows ``per_page``, which the HTML page fixes.
    """
    for name in ("kind", "lang", "game", "version", "spell", "document"):
        # A NUL in ``q`` is hostile input that cleaning strips; in a filter it is invalid.
        if "\x00" in params.get(name, ""):
            raise ParamError(_("%(name)s contains a NUL character.") % {"name": name})
    kind = params.get("kind") or None
    if kind is not None and kind not in KINDS:
        raise ParamError(_("Unknown kind “%(kind)s”.") % {"kind": kind[:20]})
    lang = params.get("lang") or language
    if lang is not None and lang not in languages.codes():
        raise ParamError(_("Unknown language “%(lang)s”.") % {"lang": lang[:10]})
    game = params.get("game") or None
    if game is not None and not _game_exists(game):
        raise ParamError(_("Unknown game “%(game)s”.") % {"game": game[:50]})
    version = params.get("version") or None
    if version is not None and not _VERSION_RE.fullmatch(version):
        raise ParamError(_("A version looks like 2026-03-30."))
    document = params.get("document") or None
    if document is not None and document not in kinds.keys():
        raise ParamError(_("Unknown document “%(document)s”.") % {"document": document[:30]})
    # The API's published schema says integer, so there a blank value is an error; a form
    # submitting an empty field is forgiven on the HTML page.
    page = _int(params.get("page"), 1, MAX_PAGE, _("The page must be a number from 1."), not api)
    per_page = DEFAULT_PER_PAGE
    if api:
        message = _("per_page must be a number from 1 to 50.")
        per_page = _int(params.get("per_page"), DEFAULT_PER_PAGE, MAX_PER_PAGE, message, False)
    spell = params.get("spell") or "1"
    if spell not in ("0", "1"):
        raise ParamError(_("spell must be 0 or 1."))
    return SearchQuery(
        spell=spell == "1",
        text=clean(params.get("q", "")),
        kind=kind,
        language=lang,
        game=game,
        version=version,
        page=page,
        per_page=per_page,
        document=document,
    )


def _int(raw, default: int, maximum: int, message: str, blank_ok: bool) -> int:
    if raw is None or (raw == "" and blank_ok):
        return default
    if not _INT_RE.fullmatch(raw):
        raise ParamError(message)
    value = int(raw)
    if not 1 <= value <= maximum:
        raise ParamError(message)
    return value


def _game_exists(slug: str) -> bool:
    from rulebook.models import Game

    return bool(_SLUG_RE.fullmatch(slug)) and Game.objects.known(slug)
