"""Reading a query the way a player writes it, before any engine sees it.

Two kinds of query get two kinds of ranking:

* **name-like**: a keyword, a heading or a card ("reaction", "Burn Out", "Baited Hook"), or a
  few words with no question around them. The engines rank that thing first: exact names and
  heading paths carry big boosts.
* **question-like**: everything else ("can a unit attack the turn it is played?"). Question
  scaffolding ("how", "what happens", "est-ce que") is dropped, card names are taken out of
  the rule-text match (their ability words join the query at a low weight instead), synonyms
  from ``synonyms/<lang>.json`` are added, and the engines rank rule text with a minimum
  number of matching words, so a one-word row cannot win on one common word.

Everything here is plain data in, plain data out; the backends turn a :class:`Plan` into their
own queries.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ingest import languages
from ingest.languages import fold
from rulebook.search import weights
from rulebook.search.lexicon import Lexicon, folded_name, singular
from rulebook.search.query import (
    FILLER_WORDS,
    GENERIC_WORDS,
    QUESTION_WORDS,
    ParsedQuery,
    parse,
)

SYNONYMS_DIR = Path(__file__).resolve().parent / "synonyms"
_TOKEN_RE = re.compile(r"[^\W_]+")
# Words no rule is found by; of those, the ones a neighbour run drops (question words, "rule")
# rather than keeps between its two content words ("draw at the start").
NOT_CONTENT = QUESTION_WORDS | GENERIC_WORDS | FILLER_WORDS
NOT_IN_RUNS = NOT_CONTENT - FILLER_WORDS
# The words that say what kind of thing is meant ("rules", « règle »), without the articles
# and question words a name also drops: "comment marquer des points" holds none.
KIND_WORDS = GENERIC_WORDS - FILLER_WORDS - QUESTION_WORDS


@dataclass
class Plan:
    parsed: ParsedQuery
    mode: str = "name"  # "name" or "question"
    words: list[str] = field(default_factory=list)  # content words the rule text must match
    extra: list[tuple[str, float]] = field(default_factory=list)  # optional weighted words
    phrases: list[list[str]] = field(default_factory=list)  # optional phrases (synonyms)
    bigrams: list[list[str]] = field(default_factory=list)  # neighbours in the query
    cards: list[str] = field(default_factory=list)  # card names recognised (folded)
    card_kinds: list[str] = field(default_factory=list)  # their keywords and types (folded)
    described: bool = False  # a synonym entry matched: it stands for words the rules lack
    language: str | None = None  # the query's, as asked (None: every language)
    # With every language searched, the one the query is evidently written in
    # (``SearchQuery.prefer``): no reading depends on it but what the word vectors may read.
    written_in: str | None = None

    @property
    def question(self) -> bool:
        return self.mode == "question"

    @property
    def min_match(self) -> int:
        """How many of the content words a row must contain: half of them, at least two, so a
        one-word row cannot win on one common word and a long question is not all-or-nothing."""
        n = len(self.words)
        if self.described or n <= weights.MIN_MATCH:
            return 1  # "how many cards at the start" is answered by "Players each draw 4."
        return max(weights.MIN_MATCH, (n + 1) // 2)


def understand(
    text: str,
    language: str | None,
    lexicon: Lexicon | None,
    written_in: str | None = None,
    describe: bool = False,
) -> Plan:
    """``written_in`` is set on the reading, not read by it: no part of a reading depends on
    it, only what the word vectors may read (``rerank``). ``describe``: a few words that no
    name holds together ("combat damage assignment", "floating mana") are read as a question,
    not as a name: no row bears them as a name, and read literally the engine's favour for
    short titles put keyword pages first, differently on each engine. The caller asks for it
    once the spelling check found nothing to respell (``steps.first_search``): read as a
    question, a slip of a name ("Poor Snax") would be taken for plain words."""
    plan = _read(text, language, lexicon, describe)
    plan.written_in = written_in
    return plan


def _read(text: str, language: str | None, lexicon: Lexicon | None, describe=False) -> Plan:
    parsed = parse(text)
    plan = Plan(parsed, language=language)
    if parsed.empty or any(t.kind not in ("word", "phrase") for t in parsed.terms):
        return plan  # the box's own syntax: keep the literal reading
    tokens = _TOKEN_RE.findall(parsed.text)
    content = [t for t in parsed.terms if t.kind == "word"]
    scaffolded = len(tokens) > len(parsed.words) or parsed.text.rstrip().endswith("?")
    names = lexicon.read_in(language) if lexicon else {}
    if folded_name(parsed.text) in names:
        return plan
    keys = lexicon.keys_in(language) if lexicon else frozenset()
    named = [parsed.name_key, *parsed.name_variants]  # "what is a showdown": *Showdowns*
    if any(key in keys for key in named):  # a name and words saying what it is: "recycle rule"
        inner = _name_inside(parsed.text, names)
        return _read(inner, language, lexicon) if inner not in ("", parsed.text) else plan
    synonyms = _synonyms(parsed.text, language)
    few = not synonyms and not scaffolded and len(content) <= weights.NAME_MAX_WORDS
    if few and not (describe and lexicon and _names_nothing(content, language, lexicon)):
        return plan
    if len(content) < len(parsed.terms) and not scaffolded:
        return plan  # quoted phrases with no question around them: as typed
    plan.mode = "question"
    cards = lexicon.find_cards(tokens) if lexicon else []
    # A champion's tag stays a searched word: rules' examples name champions by it.
    in_cards = {i for s, e, name in cards if not lexicon.cards[name].tag for i in range(s, e)}
    kept = [fold(w) for i, w in enumerate(tokens) if i not in in_cards]
    plan.words = list(dict.fromkeys(w for w in kept if w not in NOT_CONTENT))
    if not plan.words and not cards:  # nothing but scaffolding: a name inside, or as typed
        inner = _name_inside(parsed.text, names)
        return _read(inner, language, lexicon) if inner else Plan(parsed)
    if not plan.words:  # a question about nothing but a card: search the card's words
        plan.words = list(dict.fromkeys(w for w in map(fold, tokens) if w not in NOT_CONTENT))
    plan.phrases = [t.words for t in parsed.terms if t.kind == "phrase"]
    if few:  # a description: its words as typed, side by side, are its best match
        plan.phrases.append([fold(w) for w in parsed.words])
    plan.bigrams = _neighbour_runs(kept)
    plan.cards = [name for _, _, name in cards]
    for name in plan.cards:
        _read_card(plan, lexicon.cards[name], lexicon.borrowed(language))
    plan.described = bool(synonyms)
    for words in synonyms + (_borrowed(kept, language, lexicon) if lexicon else []):
        if len(words) > 1:
            plan.phrases.append(words)
        for word in words:
            plan.extra.append((word, weights.SYNONYM_WEIGHT))
    return plan


def _borrowed(keys: list[str], language: str | None, lexicon: Lexicon) -> list[list[str]]:
    """The page's own names for the English names a question borrows, as folded words, read
    as the synonym tables' additions are: « un sort pendant un showdown » adds
    « confrontations », the heading the rules file it under. The longest name wins where
    names overlap; a name the question already holds adds nothing."""
    table = lexicon.borrowed(language)
    if not table:
        return []
    longest, single = max(map(len, table)), [singular(k) for k in keys]
    found: dict[tuple[str, ...], None] = {}
    for i in range(len(single)):
        for size in range(min(longest, len(single) - i), 0, -1):
            mine = table.get(tuple(single[i : i + size]))
            if mine and not set(map(singular, mine)) <= set(single):
                found[tuple(mine)] = None
                break
    return [list(words) for words in found]


def _read_card(plan: Plan, card, names: dict[tuple[str, ...], list[str]]) -> None:
    """What a card named in the question is, its ability words and its name's own words, as
    weighted words. Its keywords and types are printed in English: ``names``
    (``Lexicon.borrowed``) gives the page's own names for them, as its rules' headings say
    them (a spell's French rules are under « Sorts »). A champion's short name is already a
    searched word (the rules' examples name champions by it)."""
    kinds = list(dict.fromkeys(w for k in card.kinds for w in names.get((singular(k),), [k])))
    plan.card_kinds.extend(k for k in kinds if k not in plan.card_kinds)
    for word in kinds:  # what the card is leads to the rules that govern it
        if word not in plan.words:
            plan.extra.append((word, weights.CARD_KIND_WEIGHT))
    for word in card.words:
        if word not in plan.words and word not in card.kinds and word not in kinds:
            plan.extra.append((word, weights.CARD_WORD_WEIGHT))
    if not card.tag:
        for word in dict.fromkeys(map(fold, _TOKEN_RE.findall(card.name))):
            short = len(word) < weights.CARD_WORD_MIN_LENGTH
            if not short and word not in NOT_CONTENT and word not in plan.words:
                plan.extra.append((word, weights.CARD_NAME_WEIGHT))


def _names_nothing(content, language: str | None, lexicon: Lexicon) -> bool:
    """Two words or more, not scaffolding, that no name holds together (``describe``)."""
    words = [w for w in (fold(t.value) for t in content) if w not in NOT_CONTENT]
    return len(words) > 1 and not lexicon.held_together(words, language)


def without_kind_words(text: str) -> str:
    """``text`` without the words that only say what kind of thing is meant ("rule",
    "keyword", « règle »); "" when it has none, or nothing else."""
    words = _TOKEN_RE.findall(text)
    kept = [w for w in words if fold(w) not in KIND_WORDS]
    return " ".join(kept) if kept and len(kept) < len(words) else ""


def _name_inside(text: str, names: dict[str, str]) -> str:
    """The longest run of ``text``'s words that is a known name, as written ("la règle d'or"
    holds « Règle d'or », whose words are all ones a question drops: "rule", and "or", a
    French stopword); "" when none is."""
    spans = [m.span() for m in _TOKEN_RE.finditer(text)]
    for size in range(len(spans), 0, -1):
        for start in range(len(spans) - size + 1):
            run = text[spans[start][0] : spans[start + size - 1][1]]
            if folded_name(run) in names:
                return run
    return ""


def _neighbour_runs(kept: list[str]) -> list[list[str]]:
    """Each two neighbouring content words with the function words between them ("draw at
    the start"): the rules write those too, so the run is what a phrase match looks for."""
    seq = [w for w in kept if w not in NOT_IN_RUNS]
    runs, last = [], None
    for i, word in enumerate(seq):
        if word in FILLER_WORDS:
            continue
        if last is not None:
            runs.append(seq[last : i + 1])
        last = i
    return runs


def _synonyms(text: str, language: str | None) -> list[list[str]]:
    """The additions of every synonym entry whose trigger is in ``text``, as folded words,
    in the tables' order. Any trigger makes the query a description, read as a question:
    "starting hand" means the setup rules, not a heading with those words, and "graveyard"
    the Trash, not the one row whose example happens to say "graveyard"."""
    keys = [fold(w) for w in _TOKEN_RE.findall(text)]
    triggers, entries = _triggers(language), _entries(language)
    matched = {
        entry
        for i, key in enumerate(keys)
        for words, entry in triggers.get(key, ())
        if keys[i : i + len(words)] == words
    }
    return [words for entry in sorted(matched) for words in entries[entry][0]]


def described(text: str, language: str | None) -> str:
    """``text`` with each synonym trigger in it replaced by the rules' own words for it
    ("graveyard" -> "trash", « jeton » -> « création »), the other words as typed (the
    notice shows them: « préparer une unité », not « unite »); "" when none is. A query
    whose words find nothing, even with the rules' words beside them, is searched again in
    the rules' words alone."""
    read = _read_triggers(text, language)
    return " ".join(w for w, _ in read) if any(found for _, found in read) else ""


def renamed(
    text: str, language: str | None, lexicon: Lexicon | None, game: str | None = None
) -> str:
    """The rules' name for a query that is nothing but a player's word for it ("the stack"
    -> "chain", « cimetière » -> « défausse », "land drop" -> "channel"); "" when the query
    holds a word of its own beside them, or the rules' words name nothing in its language
    (in ``game``'s own rules, when one is searched).
    Searched with the words as typed beside them, a typed word the rules happen to hold
    ("stacked", an example's "graveyard") outranked the very section the player named."""
    read = _read_triggers(text, language)
    if not any(found for _, found in read) or not lexicon:
        return ""
    if any(not found and fold(w) not in NOT_CONTENT for w, found in read):
        return ""
    words = " ".join(_replacements(read))
    keys, parsed = lexicon.keys_of(language, game), parse(words)
    return words if any(k in keys for k in (parsed.name_key, *parsed.name_variants)) else ""


def rules_words(text: str, language: str | None) -> list[str]:
    """The rules' own words for each player's word in ``text`` ("stack" -> "chain"), in the
    query's order, once each: a query read as a description searches them beside what was
    typed, and the notice says so, since a result may hold no word the player typed."""
    return _replacements(_read_triggers(text, language))


def _replacements(read: list[tuple[str, bool]]) -> list[str]:
    """The rules' words of a ``_read_triggers`` reading, in order, once each."""
    return list(dict.fromkeys(w for w, found in read if found))


def _read_triggers(text: str, language: str | None) -> list[tuple[str, bool]]:
    """``text``'s words as typed, each trigger replaced by its rules' words: (words, whether
    replaced), left to right, the longest trigger first where several start at a word."""
    words = _TOKEN_RE.findall(text)
    keys = [fold(w) for w in words]
    triggers, entries = _triggers(language), _entries(language)
    out, i = [], 0
    while i < len(words):
        starting = triggers.get(keys[i], ())
        found = next((t for t in starting if keys[i : i + len(t[0])] == t[0]), None)
        out.append((entries[found[1]][1], True) if found else (words[i], False))
        i += len(found[0]) if found else 1
    return out


@functools.cache  # every query is read against it; the tables change with a deploy
def _triggers(language: str | None) -> dict[str, list[tuple[list[str], int]]]:
    """Per first word, (trigger's folded words, its entry's place in ``_entries``) of every
    trigger starting with it, the longest first, so that a trigger of several words wins
    over a shorter one inside it. Keyed by first word so that reading a query tries only
    the triggers that can start at each word (all 700 of them, tried at every word, took a
    millisecond and more a query)."""
    by_first: dict[str, list[tuple[list[str], int]]] = {}
    tables = (table for lang in languages.codes(language) for table in _table(lang))
    for entry, (triggers, _) in enumerate(tables):
        for trigger in triggers:
            words = trigger.split()
            by_first.setdefault(words[0], []).append((words, entry))
    for found in by_first.values():
        found.sort(key=lambda pair: -len(pair[0]))
    return by_first


@functools.cache  # read with ``_triggers``, whose entry numbers index it
def _entries(language: str | None) -> list[tuple[list[list[str]], str]]:
    """Every synonym entry of the language's tables, in order: (its additions as folded
    words, its first addition as written, which a notice and a replacement show)."""
    return [
        (additions, row["add"][0])
        for lang in languages.codes(language)
        for (_, additions), row in zip(_table(lang), _rows(lang), strict=True)
    ]


@functools.cache  # the spelling check asks for it on every query
def read_words(language: str | None) -> frozenset[str]:
    """Words the search reads itself, folded: question scaffolding ("combien") and one-word
    synonym triggers ("mana", "mill"). The rules need not use them, so the index may not
    know them, and the spelling check must leave them as typed ("mana" is no typo of "man",
    "combien" none of "combine")."""
    codes = languages.codes(language)
    return NOT_CONTENT | frozenset(t for code in codes for t in _one_word_triggers(code))


@functools.cache  # read_words' half, per language: the same table each time
def _one_word_triggers(language: str) -> frozenset[str]:
    return frozenset(t for triggers, _ in _table(language) for t in triggers if " " not in t)


@functools.cache  # folded once: every question is matched against every trigger
def _table(language: str) -> list[tuple[list[str], list[list[str]]]]:
    """``synonyms/<lang>.json``: ``[{"when": [phrases], "add": [phrases]}]``, folded."""
    return [
        (
            [" ".join(fold(w) for w in _TOKEN_RE.findall(p)) for p in row["when"]],
            [[fold(w) for w in _TOKEN_RE.findall(p)] for p in row["add"]],
        )
        for row in _rows(language)
    ]


@functools.cache  # a JSON file read once per process, not once per query
def _rows(language: str) -> list[dict]:
    path = SYNONYMS_DIR / f"{language}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
