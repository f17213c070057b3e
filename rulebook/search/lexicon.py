"""What the search knows by name: card, keyword and heading names, their words, the glossary.

Loaded from the database once per index generation and process (any index write, an
incremental one by another process too, changes the generation, so the next query reloads),
then shared by every query: recognising card names in a question, telling a name-like query
from a question, and the dictionary that typo correction prefers. Nothing here runs per query
except dictionary look-ups.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from typing import NamedTuple

import ahocorasick

from ingest import languages as plain_languages
from ingest.languages import fold
from rulebook import kinds
from rulebook import languages as site_languages
from rulebook.search import weights, word_counts
from rulebook.search.query import name_key as query_key

_WORD_RE = re.compile(r"[^\W\d_]+")
TOKEN_RE = re.compile(r"[^\W_]+")


class _Row(NamedTuple):
    language: str
    number: str
    text: str
    is_heading: bool


@dataclass
class Card:
    name: str
    words: list[str]  # content words of its ability text and keywords, for question expansion
    # What the card is: its keywords, types and supertypes ("reaction", "unit", "champion"),
    # folded. A question about a card is most often decided by the rules of what it is.
    kinds: list[str] = field(default_factory=list)
    tag: bool = False  # a champion's name before its comma: the rules name champions so


@dataclass
class Lexicon:
    # folded name -> kind of thing it names ("keyword", "heading", "term", "card"), per language
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    # folded word of a name -> how many names use it, per language (typo dictionary priority)
    name_words: dict[str, dict[str, int]] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)  # folded name -> card
    single_cards: dict[str, str] = field(default_factory=dict)  # exact written name -> folded
    automaton: object = None  # multi-word card names, matched case-insensitively
    glossary: list[tuple[str, ...]] = field(default_factory=list)
    glossary_names: list[dict[str, str]] = field(default_factory=list)  # by language
    shown: dict[str, str] = field(default_factory=dict)  # folded name -> as written

    _words: dict = field(default_factory=dict)
    _names: dict = field(default_factory=dict)
    _keys: dict = field(default_factory=dict)
    _letters: dict = field(default_factory=dict)
    _read: dict = field(default_factory=dict)
    _borrowed: dict = field(default_factory=dict)
    # per language: the names of rules that are only a title over their sub-rules ("Trashes")
    titles: dict[str, set[str]] = field(default_factory=dict)
    # folded name -> the games whose rules bear it: the names serve every game of a language,
    # but a player's word is renamed only to a name of the game searched (``keys_of``)
    games: dict[str, set[str]] = field(default_factory=dict)
    _game_keys: dict = field(default_factory=dict)
    _holders: dict = field(default_factory=dict)

    def words_in(self, language: str | None) -> dict[str, int]:
        """Words of the names a page's language searches, with how many names use each."""
        if language not in self._words:
            out = dict(self.name_words.get(site_languages.KNOWLEDGE_LANGUAGE, {}))
            for lang, words in self.name_words.items():
                if language is None or lang == language:
                    for word, n in words.items():
                        out[word] = out.get(word, 0) + n
            self._words[language] = out
        return self._words[language]

    def names_in(self, language: str | None) -> dict[str, str]:
        """Names in ``language`` plus the English-only ones (cards) every page searches."""
        if language in self._names:
            return self._names[language]
        self._names[language] = self._names_in(language)
        return self._names[language]

    def keys_in(self, language: str | None) -> frozenset[str]:
        """The names of ``names_in`` as a query's ``name_key`` reads them (articles and kind
        words dropped): "comment marquer des points" names *Marquer des points*."""
        if language not in self._keys:
            self._keys[language] = frozenset(query_key(n) for n in self.read_in(language))
        return self._keys[language]

    def keys_of(self, language: str | None, game: str | None) -> frozenset[str]:
        """``keys_in`` narrowed to the names ``game``'s own rules bear (every game's for
        None): "trash" is Riftbound's word, not a name in a game that has no Trash."""
        if not game:
            return self.keys_in(language)
        if (language, game) not in self._game_keys:
            self._game_keys[language, game] = frozenset(
                query_key(n) for n in self.read_in(language) if game in self.games.get(n, ())
            )
        return self._game_keys[language, game]

    def borrowed(self, language: str | None) -> dict[tuple[str, ...], list[str]]:
        """The knowledge language's glossary names, as folded singular words, -> ``language``'s
        own name for them, as folded words. French players name keywords and actions as the
        cards print them ("showdown", "stun"); the other way is rare, and French names are
        often English words (« Face », « Protection »), so only English names are borrowed."""
        if language not in self._borrowed:
            out, english = {}, site_languages.KNOWLEDGE_LANGUAGE
            for names in self.glossary_names if language != english else ():
                theirs = singular_words(names.get(english, ""))
                mine = [fold(w) for w in _WORD_RE.findall(names.get(language or "", ""))]
                if theirs and mine and theirs != singular_words(" ".join(mine)):
                    out.setdefault(theirs, mine)
            self._borrowed[language] = out
        return self._borrowed[language]

    def read_in(self, language: str | None) -> dict[str, str]:
        """``names_in`` plus the titles of rules that are only a title over their sub-rules:
        what a question may be about by name ("what is the rune deck"), though no typo is
        respelled to a title (plain words, they would tie with the names one edit away)."""
        if language not in self._read:
            out = {
                t: "title"
                for lang, ts in self.titles.items()
                if language in (None, lang)
                for t in ts
            }
            out.update(self.names_in(language))
            self._read[language] = out
        return self._read[language]

    def letters_in(self, language: str | None) -> dict[str, list[str]]:
        """The names of ``names_in`` by their letters alone, spaces and hyphens dropped
        ("backline" -> ["backline"], "quickdraw" -> ["quick draw"]): a name typed with its
        words joined or split otherwise is still that name."""
        if language not in self._letters:
            out: dict[str, list[str]] = {}
            for name in self.names_in(language):
                out.setdefault(name.replace(" ", ""), []).append(name)
            self._letters[language] = out
        return self._letters[language]

    def _names_in(self, language: str | None) -> dict[str, str]:
        out = dict(self.names.get(site_languages.KNOWLEDGE_LANGUAGE, {}))
        if language:
            out = {k: v for k, v in out.items() if v == "card"}
            out.update(self.names.get(language, {}))
        else:
            for names in self.names.values():
                out.update(names)
        return out

    def held_together(self, words: list[str], language: str | None) -> bool:
        """Whether one name of ``read_in`` holds every folded word of ``words``, each compared
        as the rerank compares words (``word_counts.keys``: the first ``weights.PREFIX``
        letters of its stem, so "monks" meets *Monk*): "lee sin" is part of a card's name,
        "combat damage assignment" names nothing. A few words that no name holds together
        describe a thing rather than name it."""
        if language not in self._holders:
            holders: dict[str, set[int]] = {}
            for n, name in enumerate(self.read_in(language)):
                for word in word_counts.keys(name, language):
                    holders.setdefault(word, set()).add(n)
            self._holders[language] = holders
        holders = self._holders[language]
        found = [holders.get(w, set()) for w in word_counts.keys(" ".join(words), language)]
        return bool(found) and bool(set.intersection(*found))

    def find_cards(self, words: list[str]) -> list[tuple[int, int, str]]:
        """(first word, end word, folded name) of each card named in ``words``, no overlap.

        Multi-word names match in any case ("baited hook"); a one-word name only as written
        ("Defy", not "defy"), because one-word names are often plain words too.
        """
        spans = []
        if self.automaton is not None and len(self.automaton):
            lowered = " ".join(fold(w) for w in words)
            for end, name in self.automaton.iter(lowered):
                start = end - len(name) + 1
                if (start == 0 or lowered[start - 1] == " ") and (
                    end + 1 == len(lowered) or lowered[end + 1] == " "
                ):
                    first = lowered.count(" ", 0, start)
                    spans.append((first, first + name.count(" ") + 1, name))
        for i, word in enumerate(words):
            folded = self.single_cards.get(word)
            if folded:
                spans.append((i, i + 1, folded))
        spans.sort(key=lambda s: (s[0] - s[1], s[0]))
        chosen: list[tuple[int, int, str]] = []
        for span in spans:
            if all(span[1] <= s[0] or span[0] >= s[1] for s in chosen):
                chosen.append(span)
        return sorted(chosen)


def folded_name(text: str) -> str:
    """A name as the lexicon keys it: every word folded, joined by one space ("Kha'Zix" ->
    "kha zix"), articles and kind words kept, so that a card named in a question is found
    word for word. The index's exact-name key (``query.name_key``) drops them instead."""
    return " ".join(fold(w) for w in TOKEN_RE.findall(text))


_cache: dict[str, Lexicon] = {}
_lock = threading.Lock()


def get(token: str) -> Lexicon:
    """The lexicon for generation ``token`` (``SearchBackend.lexicon``), loaded on first use."""
    lexicon = _cache.get(token)
    if lexicon is None:
        with _lock:
            lexicon = _cache.get(token)
            if lexicon is None:
                lexicon = load()
                _cache.clear()
                _cache[token] = lexicon
    return lexicon


def loaded() -> bool:
    """Whether a lexicon is in memory (a warmed worker has one before its first search)."""
    return bool(_cache)


def forget() -> None:
    """Drop the cached lexicon (after an incremental index write in this process)."""
    with _lock:
        _cache.clear()


def load() -> Lexicon:
    lexicon = Lexicon()
    # Keywords first: a name keeps the first kind it is added with, and a keyword's name is
    # a keyword's though its chapter heading bears it too (``kind=keyword`` asks for it).
    _add_keywords(lexicon)
    _add_headings(lexicon)
    _add_cards(lexicon)
    try:
        from rulebook.models.glossary import glossary_names

        lexicon.glossary_names = glossary_names(None, kinds.CORE_RULES)
    except Exception:  # the glossary is an extra; a search without it still works
        lexicon.glossary_names = []
    lexicon.glossary = [tuple(names.values()) for names in lexicon.glossary_names]
    return lexicon


def _add(lexicon: Lexicon, language: str, name: str, kind: str, game: str, dictionary=True):
    """``name`` as a name of ``game``, and its words in the typo dictionary unless not
    ``dictionary``."""
    folded = folded_name(name)
    if not folded or any(c.isdigit() for c in folded):
        return
    lexicon.names.setdefault(language, {}).setdefault(folded, kind)
    lexicon.games.setdefault(folded, set()).add(game)
    lexicon.shown.setdefault(folded, name.strip())
    if not dictionary:
        return
    counts = lexicon.name_words.setdefault(language, {})
    for word in folded.split():
        counts[word] = counts.get(word, 0) + 1


def _add_headings(lexicon: Lexicon) -> None:
    from rulebook.models import Document, Rule

    newest = {}
    for doc in Document.objects.order_by("-version").values("pk", "game_id", "kind", "language"):
        newest.setdefault((doc["game_id"], doc["kind"], doc["language"]), doc["pk"])
    rows = Rule.objects.filter(document_id__in=newest.values(), is_heading=True).values_list(
        "document__language", "text", "title", "document__game__slug"
    )
    for language, text, title, game in rows:
        _add(lexicon, language, title or text, "heading", game)
    _add_terms(lexicon, newest.values())


def _add_terms(lexicon: Lexicon, documents) -> None:
    """The names rules carry (``terms.py``): a term a rule defines ("Conquer: …", "Damage
    is a marked value…") is a name,
    "what is conquer" asks for one, though not in the typo dictionary, whose priority is for
    the names players type most. A rule that is only a title ("Trashes", "Rune Deck") is
    read as a name in a question ("what is the rune deck") but is no name a typo is
    respelled to: plain words, titles would tie with the names one edit away ("tun": *Stun*
    or *Turn*) and leave the typo uncorrected. A title is known by the rule after it, so
    every rule is read (about 60 ms per generation and process, against 50 for the rules
    with a colon alone)."""
    from rulebook.models import Rule
    from rulebook.search.terms import unique_names

    rows = (
        Rule.objects.filter(document_id__in=documents)
        .order_by("document_id", "position")
        .values_list(
            "document_id",
            "document__game__slug",
            "document__language",
            "number",
            "text",
            "is_heading",
        )
    )
    by_document: dict[tuple, list] = {}
    for document, game, language, *fields in rows:
        by_document.setdefault((document, game), []).append(_Row(language, *fields))
    for (_, game), rules in by_document.items():
        language = rules[0].language
        for name, kind in unique_names(rules, language):
            if kind == "term":
                _add(lexicon, language, name, "term", game, dictionary=False)
            elif kind == "title":
                lexicon.titles.setdefault(language, set()).add(folded_name(name))
                lexicon.games.setdefault(folded_name(name), set()).add(game)


def _add_keywords(lexicon: Lexicon) -> None:
    from rulebook.models import Keyword

    rows = Keyword.objects.values_list("document__language", "name", "document__game__slug")
    for language, name, game in rows:
        _add(lexicon, language, name, "keyword", game)


def _add_cards(lexicon: Lexicon) -> None:
    from ingest.knowledge.cards import ability_plain_text
    from rulebook.models import Card as CardRow

    language = site_languages.KNOWLEDGE_LANGUAGE
    skip = plain_languages.get(language).stopwords | plain_languages.words("question_words")
    automaton, champions = ahocorasick.Automaton(), {}
    rows = CardRow.objects.values_list(
        "name", "ability_text", "keywords", "card_types", "super_types", "game__slug"
    )
    for name, ability, keywords, types, supers, game in rows:
        _add(lexicon, language, name, "card", game)
        folded = folded_name(name)
        if not folded:
            continue
        text = " ".join([ability_plain_text(ability), *(k.get("name", "") for k in keywords)])
        words = [
            w
            for w in dict.fromkeys(fold(w) for w in _WORD_RE.findall(text))
            if len(w) >= weights.CARD_WORD_MIN_LENGTH
        ]
        kinds = [k.get("name", "") for k in keywords] + list(types or ()) + list(supers or ())
        kinds = list(dict.fromkeys(fold(k) for k in kinds if isinstance(k, str) and k.strip()))
        words = [w for w in words if w not in skip][: weights.MAX_CARD_WORDS]
        lexicon.cards[folded] = Card(name, words, kinds)
        _add_card_name(lexicon, automaton, name.strip(), folded)
        if "," in name and "champion" in kinds:
            champions.setdefault(name.split(",")[0].strip(), []).append(lexicon.cards[folded])
    _add_champion_names(lexicon, automaton, champions)
    if len(automaton):
        automaton.make_automaton()
    lexicon.automaton = automaton


def _add_card_name(lexicon: Lexicon, automaton, written: str, folded: str) -> None:
    if " " in folded:
        automaton.add_word(folded, folded)
    else:
        lexicon.single_cards[written] = folded


def _add_champion_names(lexicon: Lexicon, automaton, champions: dict[str, list[Card]]) -> None:
    """Players name a champion by the name before the comma ("Shen" for *Shen, Kinkou*): that
    name reads as the champion's card, or, where it has several, as what they all are. A
    short name that is already another card's, or a rule's name, is left to that."""
    for short, cards in champions.items():
        folded = folded_name(short)
        if (
            not folded
            or folded in lexicon.cards
            or any(folded in n for n in lexicon.names.values())
        ):
            continue
        kinds = [k for k in cards[0].kinds if all(k in card.kinds for card in cards[1:])]
        words = cards[0].words if len(cards) == 1 else []
        lexicon.cards[folded] = Card(short, words, kinds, tag=True)
        _add_card_name(lexicon, automaton, short, folded)


def singular(word: str) -> str:
    """A folded word without a plural "s": the glossary's "Showdowns" is asked as "showdown"."""
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def singular_words(text: str) -> tuple[str, ...]:
    """A name as ``borrowed`` keys it, so that a question's "showdown" meets "Showdowns"."""
    return tuple(singular(fold(w)) for w in _WORD_RE.findall(text))
