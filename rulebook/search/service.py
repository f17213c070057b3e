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
from rulebook.search import freshness, results_cache, spelling
from rulebook.search.base import (
    SearchQuery,
    SearchResults,
    SearchUnavailable,
    single_language_kinds,
)
from rulebook.search.glossary import expansion_terms
from rulebook.search.query import clean, parse, surface_words
from rulebook.search.understand import (
    described,
    read_words,
    understand,
    without_kind_words,
)

logger = logging.getLogger(__name__)


def run_search(sq: SearchQuery, also: bool = True) -> SearchResults:
    from rulebook.search import get_backend

    sq = dataclasses.replace(sq, text=clean(sq.text))
    backend = get_backend()
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
    try:
        results = corrected_search(backend, sq)
    except SearchUnavailable as exc:
        logger.warning("search degraded to the database: %s", exc)
        from rulebook.search.fallback import database_search

        results = database_search(sq)
    if message:
        results.message = f"{message} {results.message}".strip()
        results.suggestion = results.suggestion or nearest
    read = results.corrected or sq.text  # a typo's respelling names the glossary's terms
    if sq.language and not results.degraded:
        results = _translated_when_empty(backend, sq, results, read)
    if results.broadened and not results.degraded:
        results = _without_kind_words(backend, sq, results)
    if (results.broadened or not results.total) and not results.degraded:
        results = _described_when_empty(backend, sq, results)
    if sq.language and not results.degraded:
        if sq.page == 1 and also:
            results.also = other_language_hits(backend, dataclasses.replace(sq, text=read))
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


def corrected_search(backend, sq: SearchQuery) -> SearchResults:
    """The query as typed; or, when some word is unknown to the index (so the query as typed
    can only match weakly) and a confident respelling exists, the respelling, flagged
    ``corrected``. The spelling check costs nothing when every word is known."""
    lexicon = backend.lexicon()
    fix = None
    read, names = read_words(sq.language), lexicon.words_in(sq.language)
    plan = understand(sq.text, sq.language, lexicon, sq.prefer)

    def read_as_typed(word):
        """A word the search reads; in a question, a common word of the language ("when
        does damage wear off"). A short query is read as a name, where "night" is more
        likely *Might* than the night."""
        return word in read or (plan.question and spelling.common_word(word, sq.language))

    def known(word, language):
        """A word read as typed, or one whose stem is indexed ("play" when only "played" is
        written), unless it is a name word with two neighbours swapped ("joure": the stem
        "jour" is indexed, but the name is « Jouer des cartes »)."""
        if read_as_typed(word):
            return True
        return backend.knows_stem(word, language) and not spelling.swaps(word, names)

    vocabulary = backend.vocabulary(sq.language)
    unknown = spelling.unknown_words(sq.text, vocabulary)
    slipped = sq.language and spelling.slips(sq.text, vocabulary, names)
    if slipped or any(not known(word, sq.language) for word in unknown):
        fix = backend.correct(sq.text, language=sq.language, known=known, kind=sq.kind)
    elif any(not read_as_typed(w) for w in spelling.unknown_words(sq.text, vocabulary, 3)):
        # Unindexed as typed, though its stem is ("Karma, Channele": "channel"), or short
        # ("States of the Tur"): a name one or two edits away is what was meant, unless the
        # word only adds an ending to it ("reactions" is no slip of *Reaction*).
        fix = spelling.whole_name(sq.text, sq.language, lexicon, sq.kind)
        fix = None if fix and spelling.inflected(sq.text, fix.text) else fix
    elif not plan.question:  # every word known: a name's words joined or split otherwise?
        fix = spelling.respaced_name(sq.text, sq.language, lexicon, sq.kind)
    results = _respelled(backend, sq, fix, lexicon)
    if results is not None:
        return results
    results = backend.search(sq, plan)
    if not results.total and fix is None:  # nothing at all: a word of three letters, too
        fix = backend.correct(sq.text, language=sq.language, known=known, shortest=3, kind=sq.kind)
        results = _respelled(backend, sq, fix, lexicon) or results
    if not results.total and not results.corrected:  # nothing at all: the best guess, too
        results = _respelled(backend, sq, fix, lexicon, unsure=True) or results
    if fix is not None and not results.corrected:  # not applied: offered as "did you mean"
        results.suggestion = fix.text
    return results


def _respelled(backend, sq: SearchQuery, fix, lexicon, unsure=False) -> SearchResults | None:
    """The results of a confident respelling (or, ``unsure``, of the best of several: when
    the query as typed finds nothing, "Reveat" is better answered with *Repeat*, named
    first among the names one edit away, than with nothing), flagged ``corrected``; None when
    there is no such respelling, it is switched off (``spell=0``) or it finds nothing either."""
    if fix is None or not (fix.confident or unsure) or not sq.spell:
        return None
    respelled = dataclasses.replace(sq, text=fix.text)
    results = backend.search(respelled, understand(fix.text, sq.language, lexicon, sq.prefer))
    if not results.total:
        return None
    results.query, results.corrected = sq, fix.text
    return results


def _translated_when_empty(
    backend, sq: SearchQuery, results: SearchResults, read: str
) -> SearchResults:
    """An English term on a French page (or the reverse) finds nothing in that language (only,
    perhaps, English cards that use it): search again with the glossary's names for it
    ("swift" -> « Célérité »), read from the query as respelled ("swfit")."""
    if results.redirect or any(hit.language == sq.language for hit in results.hits):
        return results
    terms = expansion_terms(sq.game, read, backend.lexicon().glossary)
    if not terms:
        return results
    translated = backend.search(dataclasses.replace(sq, text=" ".join(terms)))
    if any(hit.language == sq.language for hit in translated.hits):
        translated.message = _instead(sq.text, " / ".join(terms))
        translated.broadened = False
        return translated
    return results


def _without_kind_words(backend, sq: SearchQuery, results: SearchResults) -> SearchResults:
    """ "mulligan rules" has no row holding both words, and their OR ranks every heading
    named *Rules* first: a word that only says what kind of thing is meant ("rule",
    "keyword", « règle ») is dropped, when the rest finds rows holding all of it."""
    text = without_kind_words(sq.text)
    found = _searched_instead(backend, sq, text) if text else None
    return found if found and found.total and not found.broadened else results


def _described_when_empty(backend, sq: SearchQuery, results: SearchResults) -> SearchResults:
    """A player's word the rules lack, alone or in a name-like query, finds nothing, or only
    the other words ("graveyard", « jeton », "untap a unit"): search the rules' words for it
    (the synonym table's)."""
    text = described(sq.text, sq.language)
    found = _searched_instead(backend, sq, text) if text else None
    if not found or not found.total or (found.broadened and results.total):
        return results
    return found


def _searched_instead(backend, sq: SearchQuery, text: str) -> SearchResults:
    """The results for ``text`` in place of the query, under a notice naming what was
    searched (its respelling, if it needed one), the query kept as typed."""
    found = corrected_search(backend, dataclasses.replace(sq, text=text))
    found.message = _instead(sq.text, found.corrected or text)
    found.query, found.corrected, found.suggestion = sq, None, None
    return found


def _instead(typed: str, searched: str) -> str:
    return _("No match for “%(query)s”; showing results for “%(terms)s”.") % {
        "query": typed,
        "terms": searched,
    }


ALSO_LIMIT = 5


def other_language_hits(backend, sq: SearchQuery) -> list:
    """Content published only in another language, found by the glossary names of the query.

    A French reader asking about « réaction » also gets the English-only FAQ rulings about
    Reaction, marked as English. Only the glossary terms cross over: the other words of the
    query are in the reader's language and would match nothing. Pages in the language the
    FAQ and cards are published in need none of this (nothing exists only in French).
    """
    if sq.language == KNOWLEDGE_LANGUAGE:
        return []
    try:
        terms = expansion_terms(sq.game, sq.text, backend.lexicon().glossary)
    except Exception:  # the glossary is an extra; never let it break the search itself
        logger.exception("glossary expansion failed")
        return []
    if not terms:
        return []
    wanted = single_language_kinds(sq.kind)
    if not wanted:
        return []
    other = dataclasses.replace(
        sq,
        text=" ".join(terms),
        language=KNOWLEDGE_LANGUAGE,
        kind=wanted,  # every such kind in one engine call, best first
        page=1,
        per_page=ALSO_LIMIT,
    )
    try:
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
