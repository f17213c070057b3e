"""The search box's behaviour on top of whichever backend is configured.

Order of business: clean the input; a rule number in any loose form is a jump, not a search;
otherwise ask the backend, and when the index is missing or corrupt answer from the database,
flagged ``degraded`` so the page can say so.
"""

from __future__ import annotations

import dataclasses
import logging

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from ingest import numbers

from .base import SearchQuery, SearchResults, SearchUnavailable
from .text import clean, parse

logger = logging.getLogger(__name__)


def run_search(sq: SearchQuery) -> SearchResults:
    from . import get_backend

    sq = dataclasses.replace(sq, text=clean(sq.text))
    if parse(sq.text).empty:
        return SearchResults(query=sq, page=sq.page,
                             message=_("Type a word, a phrase or a rule number."))
    number = numbers.normalise(sq.text)
    message = ""
    if number:
        url = jump_url(number, sq)
        if url:
            return SearchResults(query=sq, page=sq.page, redirect=url)
        message = _("There is no rule %(number)s; showing text matches instead.") % {
            "number": number}
    backend = get_backend()
    try:
        results = backend.search(sq)
        results.suggestion = backend.correct(sq.text, language=sq.language)
    except SearchUnavailable as exc:
        logger.warning("search degraded to the database: %s", exc)
        from .fallback import database_search

        results = database_search(sq)
    if message:
        results.message = f"{message} {results.message}".strip()
    return results


def jump_url(number: str, sq: SearchQuery) -> str | None:
    """The page of rule ``number`` in the most fitting rules document, or None."""
    from rulebook.models import Document

    from .entries import rule_url

    language = sq.language or (translation.get_language() or settings.LANGUAGE_CODE)[:2]
    docs = Document.objects.filter(language=language, kind__in=["core-rules", "tournament-rules"])
    if sq.game:
        docs = docs.filter(game__slug=sq.game)
    newest = {}
    for doc in docs.select_related("game").order_by("-version"):
        newest.setdefault((doc.game_id, doc.kind), doc)
    if sq.version:
        docs = docs.filter(version=sq.version)
    default_game = getattr(settings, "RULEBOOK_DEFAULT_GAME", "")
    candidates = sorted(
        docs.select_related("game"),
        key=lambda d: (d.game.slug != default_game, d.kind != "core-rules"),
    )
    for doc in candidates:
        is_default = newest.get((doc.game_id, doc.kind)) == doc
        if sq.version is None and not is_default:
            continue
        rule = doc.rules.filter(number=number).order_by("position").first()
        if rule is not None:
            rule.document = doc
            return rule_url(rule, pinned=not is_default)
    return None
