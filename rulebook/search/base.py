"""The search contract every backend implements, and the plain data that crosses it.

Views and commands only ever see these dataclasses, so swapping Whoosh for PostgreSQL (or adding
a third engine) changes no caller. Entries are deliberately generic: a rule, a FAQ answer, a
keyword or a card is the same shape, so later content types need no schema change.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

KINDS = ("rule", "faq", "keyword", "card")
# Published in one language only (``rulebook.languages.KNOWLEDGE_LANGUAGE``): every page's
# search includes them, whatever its language, and labels them with theirs.
SINGLE_LANGUAGE_KINDS = ("faq", "card")


def kinds_of(kind: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """The kinds a query's ``kind`` lets through; () for every kind."""
    if not kind:
        return ()
    return (kind,) if isinstance(kind, str) else tuple(kind)


def single_language_kinds(kind) -> tuple[str, ...]:
    """The kinds published in one language only that ``kind`` lets through."""
    kinds = kinds_of(kind)
    return tuple(k for k in SINGLE_LANGUAGE_KINDS if not kinds or k in kinds)


def scope_languages(language: str | None, kind) -> list[tuple[str, tuple]]:
    """(language, kinds) pairs a search covers: the page's language (all kinds, or
    ``kind``'s), plus the knowledge language for the kinds published only in it. Empty for
    "every language"."""
    from rulebook.languages import KNOWLEDGE_LANGUAGE

    if not language:
        return []
    scope = [(language, kinds_of(kind))]
    extra = single_language_kinds(kind)
    if language != KNOWLEDGE_LANGUAGE and extra:
        scope.append((KNOWLEDGE_LANGUAGE, extra))
    return scope


def row_text(path: str, text: str) -> str:
    """What a vector model reads of a row, the word vectors (``meaning``) and the sentence
    encoder (``nearest``) alike: its heading path, then its text."""
    return f"{path} {text}".strip()


class SearchUnavailable(Exception):
    """The index is missing, unreadable or corrupt; callers fall back to a database search."""


@dataclass
class IndexEntry:
    key: str
    kind: str  # one of KINDS
    game: str
    language: str
    version: str
    number: str | None
    title: str
    path: str  # heading path text, "Keywords › Reaction"
    text: str
    url: str
    is_default_version: bool
    boost: float = 1.0
    # Free-form metadata; "name" (a heading's own text) and "keyword" are used for ranking.
    extra: dict = field(default_factory=dict)


@dataclass
class SearchQuery:
    text: str
    # One of KINDS, or None for all; a tuple of them searches those kinds in one engine call
    # (the service's look for English-only content: FAQ and cards at once).
    kind: str | tuple[str, ...] | None = None
    language: str | None = None
    game: str | None = None
    version: str | None = None  # None: the default (newest) version of every document
    page: int = 1
    per_page: int = 20
    spell: bool = True  # False: search the words as typed, never a respelling
    # With every language searched: the language the query is written in, whose entries
    # (and what its pages also search) come first (``weights.PREFER``).
    prefer: str | None = None
    # A rules document kind (``rulebook.kinds``: "tournament-rules"): that document's rules
    # only. None: every document, and every other kind of entry.
    document: str | None = None


@dataclass
class SearchHit:
    kind: str
    game: str
    number: str | None
    title: str
    snippet: str  # HTML-safe: escaped text whose only markup is <mark>...</mark>
    url: str
    language: str
    version: str
    path: str
    score: float
    # A section's heading found for a question names its section and no more: the best-ranked
    # rule below it (``ranking.deciding``) lends it its snippet, and is named here.
    answer_number: str | None = None
    answer_url: str = ""

    def answered_by(self, below: SearchHit) -> None:
        self.snippet, self.answer_number, self.answer_url = below.snippet, below.number, below.url


@dataclass
class SearchResults:
    query: SearchQuery
    total: int = 0
    hits: list[SearchHit] = field(default_factory=list)
    page: int = 1
    pages: int = 0
    suggestion: str | None = None  # "did you mean": offered, not applied
    # The respelling that was searched instead of the query as typed ("muligan" -> "mulligan").
    corrected: str | None = None
    # The rules' name searched instead of a query of nothing but players' words ("the
    # stack" -> "chain"); like a respelling, the page offers the words as typed.
    renamed: str | None = None
    broadened: bool = False  # AND found nothing, these are OR matches
    degraded: bool = False  # index missing or corrupt: plain database matches
    message: str = ""
    redirect: str | None = None  # a rule number was typed: go straight there
    # Other-language content found through the glossary (e.g. the English-only FAQ for a
    # French query); each hit carries its own language.
    also: list[SearchHit] = field(default_factory=list)
    # The index reflects older data than the database holds (an ingest whose index update
    # did not run): these answers may miss the newest text. Set per request, never cached.
    index_stale: bool = False
    # ``debug=1``: what each engine call did (``rulebook.search.trace``); never cached.
    debug: dict | None = None


TOKEN_RE = re.compile(r"[0-9A-Za-z]*")


@dataclass(frozen=True)
class DataStamp:
    """The data generation an index reflects (``rulebook.models.DataGeneration``): its number,
    for people, and its token, random per bump, which is what is compared: a restored backup
    or a rolled-back ingest can bring a number back, never a token."""

    number: int
    token: str

    def __post_init__(self):
        if not TOKEN_RE.fullmatch(self.token):  # written into SQL and files as it is
            raise ValueError(f"not a data generation token: {self.token!r}")

    def __str__(self) -> str:
        return f"{int(self.number)} {self.token}"

    @classmethod
    def parse(cls, text: str | None) -> DataStamp | None:
        """The stamp ``str`` wrote, or None for anything else (no stamp, a damaged one)."""
        match = re.fullmatch(r"\s*([0-9]+) ([0-9A-Za-z]*)\s*", text or "")
        return cls(int(match[1]), match[2]) if match else None


# What an index entry holds and how it is analysed, as a number: bump it whenever a change
# means an index built by older code would search worse (a new name, a new field, another
# analyser). Each backend stamps its index with it at a rebuild; ``rebuild_index
# --if-outdated`` (run by ``make serve``) rebuilds an index stamped otherwise, and /healthz
# tells. 1: every index built before stamps existed; 2: names carried by rules ("Conquer:",
# "Trashes") and keyed as a query reads them; 3: terms a rule defines in a sentence ("Damage
# is a marked value…") name it too; 4: the question bank's questions are searched with
# their rule's text; 5: a label giving a value ("Victory Score: 8") names no term; 6: a
# French state defined by its infinitive (« Être contesté est un état… ») names its term.
INDEX_FORMAT = 6


class SearchBackend(abc.ABC):
    """A full-text engine behind the search box; one instance per process."""

    def __init__(self, options: dict | None = None):
        self.options = dict(options or {})

    @abc.abstractmethod
    def index(self, entries: Iterable[IndexEntry]) -> int:
        """Add or replace entries (matched on key) in the live index; returns how many."""

    @abc.abstractmethod
    def delete(self, keys: Iterable[str]) -> None:
        """Remove entries by key from the live index."""

    @abc.abstractmethod
    def search(self, query: SearchQuery, plan=None) -> SearchResults:
        """Ranked, filtered, highlighted results; raises SearchUnavailable without an index.

        ``plan`` is the query as :mod:`rulebook.search.understand` reads it (made here when
        the caller has none)."""

    @abc.abstractmethod
    def suggest(self, prefix: str, *, language=None, game=None, limit=8) -> list[str]:
        """Completions for what the user is typing, most frequent first."""

    @abc.abstractmethod
    def generation(self) -> str:
        """A token that changes whenever the index is written, by this process or another
        (caches are keyed on it), rebuilt or updated in place."""

    @abc.abstractmethod
    def vocabulary(self, language=None) -> dict[str, tuple[str, int]]:
        """Every indexed word, folded -> (its usual written form, how many entries have it)."""

    def knows_stem(self, word: str, language=None) -> bool:
        """Whether ``word``'s stem is indexed ("play" when only "played" is written)."""
        return False

    def lexicon(self):
        """Card, keyword and heading names, loaded once per generation (``generation``: an
        incremental ingest run by another process must change it, or a running worker keeps
        reading a new card's name as a question until it restarts)."""
        from rulebook.search import lexicon

        return lexicon.get(self.generation())

    def plan(self, query: SearchQuery):
        from rulebook.search.understand import understand

        return understand(query.text, query.language, self.lexicon(), query.prefer)

    def correct(self, text: str, *, language=None, known=None, shortest=None, kind=None):
        """A respelling of ``text`` (see :mod:`rulebook.search.spelling`), or None.
        ``known(word, language)`` says a word needs no respelling after all; ``shortest``
        lowers the length a word needs to be corrected; ``kind``, the kind of entry searched,
        narrows the names a whole query may be a slip of."""
        from rulebook.search import spelling, weights

        vocab, lexicon = self.vocabulary(language), self.lexicon()
        shortest = shortest or weights.MIN_LENGTH
        return spelling.correct(text, language, vocab, lexicon, known, shortest, kind)

    @abc.abstractmethod
    def rebuild(self, entries: Iterable[IndexEntry]) -> int:
        """Build a fresh index from ``entries`` and swap it in whole; returns the entry count.
        It is stamped with the data generation read as it starts (``freshness``): entries
        read later are at least that new, so the stamp never claims data the index lacks."""

    def replace(self, prefixes: Iterable[str], entries: Iterable[IndexEntry]) -> int:
        """Drop every entry whose key starts with one of ``prefixes`` and add ``entries``, in
        one write where the engine allows it (an ingest's incremental update)."""
        raise NotImplementedError

    @abc.abstractmethod
    def is_available(self) -> bool:
        """True when an index exists and can be opened."""

    @abc.abstractmethod
    def built_format(self) -> int | None:
        """The ``INDEX_FORMAT`` the live index was built with (1 when it bears no stamp),
        or None when there is no index."""

    @abc.abstractmethod
    def built_generation(self) -> DataStamp | None:
        """The data generation the live index reflects: the one its rebuild read before the
        entries, or the one an ingest's update stamped once it was written; None without an
        index or a stamp (an index built before stamps). Cheap enough for every request."""

    @abc.abstractmethod
    def stamp_generation(self, stamp: DataStamp, expected: DataStamp | None) -> bool:
        """Stamp the live index with ``stamp`` if it still bears ``expected`` (another
        process may have rebuilt it meanwhile, from newer data); returns whether it did."""
