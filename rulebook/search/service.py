"""The search box's behaviour on top of whichever backend is configured.

Order of business: clean the input; a rule number in any loose form is a jump, not a search;
otherwise ask the backend, and when the index is missing or corrupt answer from the database,
flagged ``degraded`` so the page can say so. An answer from an index that reflects older data
than the database holds (``freshness``) is flagged ``index_stale``, for the same reason.
"""

from __future__ import annotations

import dataclasses
import logging

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _

from ingest import numbers
from ingest.languages import fold
from rulebook import kinds, languages
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.search import freshness, results_cache, spelling, steps, trace, weights
from rulebook.search.base import (
    SearchQuery,
    SearchResults,
    SearchUnavailable,
    single_language_kinds,
)
from rulebook.search.glossary import expansion_terms
from rulebook.search.query import clean, parse, surface_words

logger = logging.getLogger(__name__)

_PHRASE = '"{}"'  # the box's syntax: a glossary name is looked up as the phrase it is


def run_search(sq: SearchQuery, also: bool = True, debug: bool = False) -> SearchResults:
    """The answer to ``sq``; ``debug``: answered afresh (never from the cache), with what
    each engine call did in ``results.debug``."""
    from rulebook.search import get_backend

    sq = dataclasses.replace(sq, text=clean(sq.text))
    backend = get_backend()
    if debug:
        with trace.tracing() as record:
            results = _answer(backend, sq, also)
        results.debug = record.as_dict()
    else:
        results = results_cache.cached(sq, also, backend, lambda: _answer(backend, sq, also))
    if not (results.degraded or results.redirect):  # after the cache: a stamp may land alone
        results.index_stale = freshness.is_stale(backend)
    return results


def _answer(backend, sq: SearchQuery, also: bool) -> SearchResults:
    if not sq.language:
        sq = dataclasses.replace(sq, prefer=written_in(backend, sq.text))
    if parse(sq.text).empty:
        return SearchResults(
            query=sq, page=sq.page, message=_("Type a word, a phrase or a rule number.")
        )
    number = numbers.typed(sq.text)  # "402-1" too
    message, nearest = "", None
    if number:
        url = jump_url(number, sq)
        if url:
            return SearchResults(query=sq, page=sq.page, redirect=url)
        message = _("There is no rule %(number)s; showing text matches instead.") % {
            "number": number
        }
        nearest = nearest_rule(number, sq)
    terms = also_terms(backend, sq) if also else []
    calls = steps.Calls(backend, steps.MAX_ENGINE_CALLS - bool(terms))
    try:
        results = steps.answer(calls, sq)
    except SearchUnavailable as exc:
        logger.warning("search degraded to the database: %s", exc)
        from rulebook.search.fallback import database_search

        results = database_search(sq)
    if message:
        results.message = f"{message} {results.message}".strip()
        results.suggestion = results.suggestion or nearest
    if also and not results.degraded:
        calls.limit = steps.MAX_ENGINE_CALLS  # the call kept for the panel, if one was
        if not terms and results.corrected:  # "celerite" read as « Célérité »
            terms = also_terms(backend, dataclasses.replace(sq, text=results.corrected))
        if terms and calls.left:
            results.also = other_language_hits(calls, sq, terms)
    return results


def written_in(backend, text: str) -> str | None:
    """The language a query is evidently written in, for a search of every language: the
    one whose index knows most of its words, a word counting twice where it is written
    exactly so (« réaction » is French and "reaction" English, though both fold alike);
    None on a tie ("combat" is both)."""
    words = surface_words(text)
    counts = {}
    for code in languages.codes():
        try:
            vocabulary = backend.vocabulary(code)
        except SearchUnavailable:  # the database answers instead, in no particular order
            return None
        held = [vocabulary.get(fold(w)) for w in words]
        counts[code] = sum(1 + (h[0].lower() == w) for h, w in zip(held, words, strict=True) if h)
    best = max(counts.values(), default=0)
    leaders = [code for code, n in counts.items() if n == best]
    return leaders[0] if best and len(leaders) == 1 else None


def also_terms(backend, sq: SearchQuery) -> list[str]:
    """The glossary names the other-language panel searches; [] when the page needs none:
    a search of every language, a later page, a page in the language the FAQ and cards are
    published in (nothing exists only in French), or kinds published in every language."""
    if not sq.language or sq.page != 1 or sq.language == KNOWLEDGE_LANGUAGE:
        return []
    if not single_language_kinds(sq.kind):
        return []
    try:
        names = expansion_terms(sq.game, sq.text, backend.lexicon().glossary)
        known = backend.vocabulary(KNOWLEDGE_LANGUAGE)
    except SearchUnavailable:  # the search answers from the database, and says so
        return []
    except Exception:  # the glossary is an extra; never let it break the search itself
        logger.exception("glossary expansion failed")
        return []
    # Only the names content in that language can hold: the reader's own, searched in
    # English text ("Swift Célérité"), found rows by chance (a card "Back Alley Bar" for
    # « Dos ») and made a name a question, read by the encoder and the rerank.
    return [name for name in names if not spelling.unknown_words(name, known, shortest=1)]


def other_language_hits(backend, sq: SearchQuery, terms: list[str] | None = None) -> list:
    """Content published only in another language, found by the glossary names of the query.

    A French reader asking about « réaction » also gets the English-only FAQ rulings about
    Reaction, marked as English. Only the glossary terms cross over: the other words of the
    query are in the reader's language and would match nothing.
    """
    terms = also_terms(backend, sq) if terms is None else terms
    if not terms:
        return []
    other = dataclasses.replace(
        sq,
        text=" ".join(_PHRASE.format(term.replace('"', " ")) for term in terms),
        language=KNOWLEDGE_LANGUAGE,
        kind=single_language_kinds(sq.kind),  # every such kind in one engine call, best first
        page=1,
        per_page=weights.ALSO_LIMIT,
    )
    try:
        if isinstance(backend, steps.Calls):
            return backend.search(other, step="also").hits
        return backend.search(other).hits
    except SearchUnavailable:
        return []


def nearest_rule(number: str, sq: SearchQuery) -> str | None:
    """The closest existing rule above a number that does not exist: a pasted "813.1.c.2.z"
    (or a sub-rule this version dropped) is offered 813.1.c.2, one click from the rule."""
    parts = number.split(".")
    for size in range(len(parts) - 1, 0, -1):
        above = ".".join(parts[:size])
        if jump_url(above, sq):
            return above
    return None


def jump_url(number: str, sq: SearchQuery) -> str | None:
    """The page of rule ``number`` in the most fitting rules document, or None."""
    from rulebook.models import Document
    from rulebook.search.entries import rule_url

    language = sq.language or (translation.get_language() or settings.LANGUAGE_CODE)[:2]
    docs = Document.objects.filter(language=language, kind__in=kinds.keys())
    if sq.document:
        docs = docs.filter(kind=sq.document)
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
        key=lambda d: (d.game.slug != default_game, d.kind != kinds.CORE_RULES),
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
