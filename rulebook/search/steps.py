"""How a request reaches an answer: one engine call for the query (or its confident respelling),
then, while the answer is empty or only a loose match, an ordered list of second tries, within
a budget of engine calls.

The tries, in order (``STEPS``):

1. **respell**: nothing found, and a respelling exists (a three-letter word's, or the best of
   several names one edit away): search it.
2. **rules' words**: a player's word the rules lack ("graveyard", « jeton »): search the
   rules' own words for it (the synonym table's).
3. **drop kind words**: "mulligan rules" finds only rows holding one word or the other: drop
   the words that only say what kind of thing is meant.
4. **broaden**: an English term on a French page (or the reverse) finds nothing in the page's
   language: search the glossary's names for it in that language.

Each step reads what the calls so far found, proposes one text, and keeps what that text finds
only when it is better. A step's text gets a confident respelling for free (the spelling check
reads the vocabulary, not the engine). A request makes at most ``MAX_ENGINE_CALLS`` engine
calls, the other-language panel (``service.other_language_hits``) included, so one search
costs a bounded amount whatever it holds.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from rulebook.search import spelling, trace
from rulebook.search.base import SearchQuery, SearchResults, kinds_of
from rulebook.search.glossary import expansion_terms
from rulebook.search.rerank import prefixes
from rulebook.search.understand import (
    described,
    read_words,
    renamed,
    rules_words,
    understand,
    without_kind_words,
)
from rulebook.search.weights import MAX_ENGINE_CALLS


class Calls:
    """The backend as a request's steps see it: every search counted against the budget and
    traced; everything else (vocabulary, lexicon, respellings) passed through, free."""

    def __init__(self, backend, limit: int = MAX_ENGINE_CALLS):
        self.backend, self.limit, self.made = backend, limit, 0

    def __getattr__(self, name):
        return getattr(self.backend, name)

    @property
    def left(self) -> int:
        return self.limit - self.made

    def search(self, sq: SearchQuery, plan=None, step: str = "search") -> SearchResults:
        if self.left <= 0:  # a caller that did not check: a bug, never a silent extra cost
            raise RuntimeError("search budget spent")
        self.made += 1
        results = self.backend.search(sq, plan)
        trace.engine_call(step, sq.text, results)
        return results


@dataclass
class State:
    """What the steps read: the query as typed, the answer so far, the respelling considered
    and every text already searched (a step never searches one twice)."""

    sq: SearchQuery
    results: SearchResults
    fix: object | None = None  # a ``spelling`` respelling, or None
    searched: set[str] = field(default_factory=set)
    terms: list[str] = field(default_factory=list)  # the glossary's names ``Broaden`` searched


def answer(calls: Calls, sq: SearchQuery) -> SearchResults:
    """The answer to ``sq``: the first search, then each step that is wanted while calls
    are left."""
    results, fix, searched = first_search(calls, sq)
    state = State(sq=sq, results=results, fix=fix, searched=searched)
    for step in STEPS:
        if calls.left <= 0:
            break
        if step.wanted(calls, state):
            text = step.text(calls, state)
            if text and text not in state.searched:
                state.searched.add(text)
                found = step.run(calls, state, text)
                state.results = step.take(state, found, text) or state.results
    trace.kept(state.results)
    return state.results


def first_search(calls: Calls, sq: SearchQuery):
    """(results, respelling considered, texts searched): the query's confident respelling
    when some word is unknown to the index and a confident one exists (flagged
    ``corrected``); for a query of nothing but players' words, the rules' name for them
    (``understand.renamed``); the query as typed when there is none or it finds nothing. A
    few words with nothing to respell that no name holds together are searched as the
    description they are (``understand``'s ``describe``), and as a name (step ``as_name``)
    only when that finds nothing."""
    lexicon = calls.lexicon()
    plan = literal = understand(sq.text, sq.language, lexicon, sq.prefer)
    fix = respelling(calls, sq, plan)
    if fix is None and not plan.question and describes(calls, sq):
        plan = understand(sq.text, sq.language, lexicon, sq.prefer, describe=True)
    searched = set()
    if fix is not None and fix.confident and sq.spell:
        searched.add(fix.text)
        respelled = dataclasses.replace(sq, text=fix.text)
        plan_fix = understand(fix.text, sq.language, lexicon, sq.prefer)
        results = calls.search(respelled, plan_fix, step="respell")
        if results.total:
            results.query, results.corrected = sq, fix.text
            return results, fix, searched
    rename = plan.described and sq.spell
    name = renamed(sq.text, sq.language, lexicon, sq.game) if rename else ""
    if name:
        searched.add(name)
        results = calls.search(dataclasses.replace(sq, text=name), step="rules_words")
        if results.total:
            results.query, results.message = sq, named_so(sq.text, name)
            results.renamed = name
            return results, fix, searched
    searched.add(sq.text)
    results = calls.search(sq, plan, step="typed")
    if not results.total and plan is not literal:  # "Poor Snax": a name's word, no rule's
        results = calls.search(sq, literal, step="as_name")
    if fix is not None:
        results.suggestion = fix.text  # not applied: offered as "did you mean"
    if plan.described and results.total and not results.message:
        results.message = also_searched(sq, results)
    return results, fix, searched


def describes(calls: Calls, sq: SearchQuery) -> bool:
    """Whether the query's words may describe a thing (``understand``'s ``describe``): the
    index holds every one, as typed or by its stem, and the query asks for more than cards.
    A word no rule holds ("reaction zebracorn") is searched as a name's, which broadens to any
    of the words; a search for cards is a search for a name ("Calm Run" is *Calm Rune*)."""
    if kinds_of(sq.kind) == ("card",):
        return False
    unknown = spelling.unknown_words(sq.text, calls.vocabulary(sq.language), 3)
    return all(calls.knows_stem(word, sq.language) for word in unknown)


def respelling(calls: Calls, sq: SearchQuery, plan, shortest: int | None = None):
    """A respelling of the query worth considering, or None. The spelling check costs
    nothing when every word is known."""
    lexicon = calls.lexicon()
    read, names = read_words(sq.language), lexicon.words_in(sq.language)

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
        return calls.knows_stem(word, language) and not spelling.swaps(word, names)

    if shortest:
        return calls.correct(sq.text, language=sq.language, known=known, shortest=shortest)
    if plan.described and len(sq.text.split()) > 1:
        # A player's word is read as typed, yet it may be a slip of a name's: "Steal of
        # Rage" is the card *Seal of Rage*, not a question about gaining control.
        fix = spelling.whole_name(sq.text, sq.language, lexicon, sq.kind)
        if fix is not None:
            return fix
    vocabulary = calls.vocabulary(sq.language)
    unknown = spelling.unknown_words(sq.text, vocabulary)
    slipped = sq.language and spelling.slips(sq.text, vocabulary, names)
    if slipped or any(not known(word, sq.language) for word in unknown):
        return calls.correct(sq.text, language=sq.language, known=known, kind=sq.kind)
    if any(not read_as_typed(w) for w in spelling.unknown_words(sq.text, vocabulary, 3)):
        # Unindexed as typed, though its stem is ("Karma, Channele": "channel"), or short
        # ("States of the Tur"): a name one or two edits away is what was meant, unless the
        # word only adds an ending to it ("reactions" is no slip of *Reaction*).
        fix = spelling.whole_name(sq.text, sq.language, lexicon, sq.kind)
        return None if fix and spelling.inflected(sq.text, fix.text) else fix
    if not plan.question:  # every word known: a name's words joined or split otherwise?
        return spelling.respaced_name(sq.text, sq.language, lexicon, sq.kind)
    return None


def instead(typed: str, searched: str) -> str:
    return _("No match for “%(query)s”; showing results for “%(terms)s”.") % {
        "query": typed,
        "terms": searched,
    }


def named_so(typed: str, name: str) -> str:
    return _("Showing results for “%(terms)s”, the rules’ word for “%(query)s”.") % {
        "query": typed,
        "terms": name,
    }


def also_searched(sq: SearchQuery, results: SearchResults) -> str:
    """The notice of a description: the rules' words searched beside what was typed, those
    the answer shows only (the tables serve every game of a language, and a game whose
    rules lack "trash" must not be told its answer holds it); "" when it shows none."""
    held = frozenset().union(*(prefixes(f"{h.path} {h.title} {h.snippet}") for h in results.hits))
    shown = [w for w in rules_words(sq.text, sq.language) if prefixes(w) <= held]
    if not shown:
        return ""
    return _("Searched “%(query)s” with the rules’ words: “%(terms)s”.") % {
        "query": sq.text,
        "terms": ", ".join(shown),
    }


class Step:
    """One second try: when it is ``wanted``, the ``text`` it searches, and what of the
    answer it ``take``s (None: keep the answer so far)."""

    name = ""

    def wanted(self, calls: Calls, state: State) -> bool:
        raise NotImplementedError

    def text(self, calls: Calls, state: State) -> str | None:
        raise NotImplementedError

    def run(self, calls: Calls, state: State, text: str) -> SearchResults:
        """Search ``text`` (its confident respelling, when it has one) in place of the
        query; the notice names what was searched."""
        sq = dataclasses.replace(state.sq, text=text)
        plan = understand(text, sq.language, calls.lexicon(), sq.prefer)
        fix = respelling(calls, sq, plan) if sq.spell else None
        if fix is not None and fix.confident:
            sq = dataclasses.replace(sq, text=fix.text)
            plan = understand(fix.text, sq.language, calls.lexicon(), sq.prefer)
        found = calls.search(sq, plan, step=self.name)
        found.message = instead(state.sq.text, sq.text)
        found.query, found.corrected, found.suggestion = state.sq, None, None
        return found

    def take(self, state: State, found: SearchResults, text: str) -> SearchResults | None:
        raise NotImplementedError


class Respell(Step):
    """Nothing found as typed: a respelling of a three-letter word too, or the best of
    several names one edit away ("Reveat" is better answered with *Repeat* than with
    nothing)."""

    name = "respell"

    def wanted(self, calls, state):
        return not state.results.total and not state.results.corrected and state.sq.spell

    def text(self, calls, state):
        sq = state.sq
        if state.fix is None:
            plan = understand(sq.text, sq.language, calls.lexicon(), sq.prefer)
            state.fix = respelling(calls, sq, plan, shortest=3)
        return state.fix.text if state.fix is not None else None

    def run(self, calls, state, text):
        sq = dataclasses.replace(state.sq, text=text)
        plan = understand(text, sq.language, calls.lexicon(), sq.prefer)
        return calls.search(sq, plan, step=self.name)

    def take(self, state, found, text):
        if not found.total:
            state.results.suggestion = state.results.suggestion or text
            return None
        found.query, found.corrected = state.sq, text
        return found


class RulesWords(Step):
    """A player's word the rules lack, searched with the rules' words beside it, still finds
    nothing or only some of the words: the words as typed may hold a slip or a word no row
    has, which the rules' words alone do without."""

    name = "rules_words"

    def wanted(self, calls, state):
        return state.results.broadened or not state.results.total

    def text(self, calls, state):
        return described(state.sq.text, state.sq.language)

    def take(self, state, found, text):
        if not found.total or (found.broadened and state.results.total):
            return None
        return found


class DropKindWords(Step):
    """ "mulligan rules" has no row holding both words, and their OR ranks every heading
    named *Rules* first: a word that only says what kind of thing is meant is dropped, when
    the rest finds rows holding all of it."""

    name = "drop_kind_words"

    def wanted(self, calls, state):
        return state.results.broadened

    def text(self, calls, state):
        return without_kind_words(state.sq.text)

    def take(self, state, found, text):
        return found if found.total and not found.broadened else None


class Broaden(Step):
    """An English term on a French page (or the reverse) finds nothing in that language
    (only, perhaps, English cards that use it): the glossary's names for it ("swift" ->
    « Célérité »), read from the query as respelled ("swfit")."""

    name = "broaden"

    def wanted(self, calls, state):
        language = state.sq.language
        return bool(language) and not any(h.language == language for h in state.results.hits)

    def text(self, calls, state):
        read = state.results.corrected or state.sq.text
        state.terms = expansion_terms(state.sq.game, read, calls.lexicon().glossary)
        return " ".join(state.terms) if state.terms else None

    def run(self, calls, state, text):
        return calls.search(dataclasses.replace(state.sq, text=text), step=self.name)

    def take(self, state, found, text):
        if not any(h.language == state.sq.language for h in found.hits):
            return None
        found.message = instead(state.sq.text, " / ".join(state.terms))
        found.query, found.broadened = state.sq, False
        return found


STEPS: tuple[Step, ...] = (Respell(), RulesWords(), DropKindWords(), Broaden())
