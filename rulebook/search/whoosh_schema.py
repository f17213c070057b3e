"""The Whoosh schema and the translation of parsed queries into Whoosh query objects.

Each language gets its own fields because analysis is language-specific: ``body_*`` and
``head_*`` are stemmed (English "tapped" -> "tap"; French stems folded so "reaction" finds
"réaction"), ``plain_*`` is unstemmed and accent-folded with positions for prefixes, exact
phrases and spelling, ``surface_*`` keeps the accented word forms shown in completions.
Numbers live in their own ID field, so "702.6" never matches "702.60". Languages other than
the language table (``rulebook.languages``) share the ``xx`` fields (no stemming); a row added
to the table gets fields of its own.
"""

from __future__ import annotations

import functools
import json

from whoosh import columns, fields, query
from whoosh.analysis import CharsetFilter, LanguageAnalyzer, LowercaseFilter, RegexTokenizer
from whoosh.support.charset import accent_map

from ingest.languages import fold
from rulebook import languages
from rulebook.search import weights
from rulebook.search.base import IndexEntry, kinds_of, scope_languages
from rulebook.search.entries import asked_text, entry_name
from rulebook.search.query import ParsedQuery, QueryTerm, name_key, surface_words
from rulebook.search.ranking import question_prior
from rulebook.search.understand import Plan

OTHER = "xx"  # languages outside the table share unstemmed fields
BOOSTS = weights.field_boosts("whoosh")  # by meaning; the fields below compile them

_PLAIN = RegexTokenizer() | LowercaseFilter() | CharsetFilter(accent_map)


def _analyzer(row: languages.Language):
    if row.whoosh_stemmer is None:
        return _PLAIN
    stemmed = LanguageAnalyzer(row.whoosh_stemmer)
    return stemmed | CharsetFilter(accent_map) if row.fold_accents else stemmed


ANALYZERS = {row.code: _analyzer(row) for row in languages.TABLE} | {OTHER: _PLAIN}
LANGS = tuple(ANALYZERS)
# Each language's text lives on three shelves, each a set of fields with statistics of its
# own: the newest version of every document (what nearly every search reads), FAQ entries
# (so that rule ranking's document frequencies and lengths hold no FAQ text), and the older
# versions (read only when a version is asked for, so default searches skip their postings).
FAQ_SHELF, OLD_SHELF = "faq", "old"


def shelves_of(code: str) -> list[str]:
    return [code, f"{code}_{FAQ_SHELF}", f"{code}_{OLD_SHELF}"]


SHELVES = tuple(shelf for code in LANGS for shelf in shelves_of(code))
ANALYZERS |= {shelf: ANALYZERS[shelf.split("_")[0]] for shelf in SHELVES}


def lang_code(language: str | None) -> str:
    return language if language in LANGS else OTHER


def shelf(language: str | None, kind: str, default: bool) -> str:
    """The field suffix an entry's text is indexed under ("en", "en_faq", "en_old")."""
    code = lang_code(language)
    if kind == "faq":
        return f"{code}_{FAQ_SHELF}"
    return code if default else f"{code}_{OLD_SHELF}"


def shelf_members(name: str):
    """The entries a shelf holds, as a query (for its document count)."""
    code, _, part = name.partition("_")
    if code == OTHER:  # any language outside the table
        named = [query.Term("language", c) for c in LANGS if c != OTHER]
        clauses = [query.Not(query.Or(named)), query.Every()]
    else:
        clauses = [query.Term("language", code)]
    if part == FAQ_SHELF:
        return query.And([*clauses, query.Term("kind", "faq")])
    flag = query.Term("default", "0" if part == OLD_SHELF else "1")
    return query.AndNot(query.And([*clauses, flag]), query.Term("kind", "faq"))


def shelf_sizes(searcher) -> dict[str, int]:
    """How many entries each shelf holds: the entries ``shelf_members`` finds, counted with
    set operations on five term lists. Running the shelves' own queries walked the
    postings of every clause once per shelf, the negated ones slowly, each time a process
    opened a new index."""

    def docs(fieldname: str, text: str) -> set[int]:
        return set(searcher.docs_for_query(query.Term(fieldname, text)))

    by_language = {code: docs("language", code) for code in LANGS if code != OTHER}
    alive = set(searcher.reader().all_doc_ids())
    by_language[OTHER] = alive.difference(*by_language.values())
    faq, newest, older = docs("kind", "faq"), docs("default", "1"), docs("default", "0")
    sizes = {}
    for code, members in by_language.items():
        sizes[code] = len((members & newest) - faq)
        sizes[f"{code}_{FAQ_SHELF}"] = len(members & faq)
        sizes[f"{code}_{OLD_SHELF}"] = len((members & older) - faq)
    return sizes


def build_schema() -> fields.Schema:
    schema = fields.Schema(
        key=fields.ID(stored=True, unique=True),
        kind=fields.ID(stored=True),
        game=fields.ID(stored=True),
        language=fields.ID(stored=True),
        version=fields.ID(stored=True),
        default=fields.ID(stored=True),
        number=fields.ID(stored=True),
        name=fields.ID,
        keyword=fields.ID,
        title=fields.STORED,
        path=fields.STORED,
        url=fields.STORED,
        text=fields.STORED,
        # A column, so ranking reads every match's boost without loading stored documents.
        boost=fields.COLUMN(columns.NumericColumn("f", default=1.0)),
        # The prior of an entry when the query is a question (headings answer none).
        qboost=fields.COLUMN(columns.NumericColumn("f", default=1.0)),
        extra=fields.STORED,
    )
    for lang in SHELVES:
        schema.add(f"body_{lang}", fields.TEXT(analyzer=ANALYZERS[lang]))
        schema.add(f"head_{lang}", fields.TEXT(analyzer=ANALYZERS[lang], field_boost=1.0))
        schema.add(f"plain_{lang}", fields.TEXT(analyzer=_PLAIN, phrase=True))
        schema.add(f"surface_{lang}", fields.KEYWORD(lowercase=True, scorable=False))
    return schema


def document_fields(entry: IndexEntry) -> dict:
    """The field values for one entry."""
    lang = shelf(entry.language, entry.kind, entry.is_default_version)
    head = entry.path if entry.title in entry.path else f"{entry.title}\n{entry.path}"
    name = entry_name(entry)
    asked = asked_text(entry)
    doc = {
        "key": entry.key,
        "kind": entry.kind,
        "game": entry.game,
        "language": entry.language,
        "version": entry.version,
        "default": "1" if entry.is_default_version else "0",
        "number": entry.number or "",
        "name": name_key(name),
        "keyword": name_key(entry.extra.get("keyword", "")),
        "title": entry.title,
        "path": entry.path,
        "url": entry.url,
        "text": entry.text,
        "boost": float(entry.boost),
        "qboost": question_prior(entry),
        "extra": json.dumps(entry.extra, ensure_ascii=False),
        # The bank's questions are searched as the rule's own text; shown, they are not.
        f"body_{lang}": f"{entry.text}\n{asked}" if asked else entry.text,
        f"head_{lang}": head,
        f"plain_{lang}": f"{head}\n{entry.text}",
        f"surface_{lang}": " ".join(sorted(set(surface_words(f"{head} {entry.text}")))),
    }
    return {k: v for k, v in doc.items() if v != ""}


def analyse(lang: str, word: str) -> list[str]:
    """The stemmed tokens of ``word`` in ``lang`` (empty for a stop word)."""
    return [t.text for t in ANALYZERS[lang](word)]


@functools.lru_cache(maxsize=65536)
def stem(lang: str, word: str) -> str:
    """Cached: snippets stem every word of every hit's text, and rule text reuses few words."""
    tokens = analyse(lang, word)
    return tokens[0] if tokens else ""


def build(parsed: ParsedQuery, langs, broadened: bool = False, kind=None):
    """The Whoosh query: every term required (or any, when broadened), plus ranking bonuses;
    of ``kind``'s entries only (``of_kinds``)."""
    parts, optional = [], []
    for term in parsed.terms:
        clause = _term(term, langs)
        if clause is not None:
            (optional if _stop_word_somewhere(term, langs) else parts).append(clause)
    if not parts and not optional:
        return None
    if broadened or not parts:
        core = query.Or(parts + optional, scale=weights.BROADENED_COORD)
    else:
        core = query.And(parts)
    bonuses = _bonuses(parsed, langs) + ([] if broadened or not parts else optional)
    return of_kinds(query.AndMaybe(core, query.Or(bonuses)) if bonuses else core, kind)


def _stop_word_somewhere(term: QueryTerm, langs) -> bool:
    """A word one searched language drops as a stop word ("de" on a French page that also
    searches English cards) is a function word of the query: required on the other shelves,
    it would make every word-for-word match fail."""
    return term.kind == "word" and any(not analyse(lang, term.value) for lang in langs)


def _term(term: QueryTerm, langs):
    if term.kind == "number":
        alts = [query.Term("number", term.value, boost=BOOSTS["number"])]
        alts += [query.Term(f"plain_{lang}", term.value) for lang in langs]
        return query.Or(alts)
    if term.kind == "prefix":
        return query.Or([query.Prefix(f"plain_{lang}", fold(term.value)) for lang in langs])
    if term.kind == "phrase":
        words = [fold(w) for w in term.words]
        return query.Or([query.Phrase(f"plain_{lang}", words) for lang in langs])
    return _word(term.value, langs)


def _word(word: str, langs):
    alts = []
    for lang in langs:
        tokens = analyse(lang, word)
        if not tokens:
            continue  # a stop word in this language: it must not make AND fail
        alts.append(_all(f"body_{lang}", tokens, BOOSTS["text"]))
        alts.append(_all(f"head_{lang}", tokens, BOOSTS["path"]))
        alts.append(query.Term(f"plain_{lang}", fold(word), boost=BOOSTS["surface"]))
    return query.Or(alts) if alts else None


def _all(field: str, tokens: list[str], boost: float):
    if len(tokens) == 1:
        return query.Term(field, tokens[0], boost=boost)
    return query.And([query.Term(field, t) for t in tokens], boost=boost)


def _bonuses(parsed: ParsedQuery, langs) -> list:
    """Optional clauses: the heading or keyword named by the query, words close together."""
    out = []
    if parsed.name_key:
        out.append(query.Term("name", parsed.name_key, boost=BOOSTS["name"]))
        out.append(query.Term("keyword", parsed.name_key, boost=BOOSTS["keyword"]))
    for variant in parsed.name_variants:
        out.append(query.Term("name", variant, boost=BOOSTS["name"] * weights.VARIANT_SHARE))
        out.append(query.Term("keyword", variant, boost=BOOSTS["keyword"] * weights.VARIANT_SHARE))
    words = [t.value for t in parsed.terms if t.kind == "word"]
    for lang in langs:
        stems = [s for s in (stem(lang, w) for w in words) if s]
        if len(stems) > 1:
            near = query.Phrase(f"body_{lang}", stems, slop=weights.NEAR_SLOP, boost=BOOSTS["near"])
            out.append(near)
    return out


def of_kinds(q, kind):
    """``q`` matching only entries of ``kind`` when no rule is among them (a search of
    cards, the other-language panel's FAQ answers and cards): Whoosh then skips the rules'
    postings, the bulk of every shelf, instead of scoring each match and filtering it out
    after (``scored_window``). Scores are ``q``'s alone; the hits' highlighted words read
    only the text fields, never ``kind``."""
    kinds = kinds_of(kind)
    if not kinds or "rule" in kinds:
        return q
    return query.Require(q, query.Or([query.Term("kind", k) for k in kinds]))


def named_docs(searcher, parsed: ParsedQuery) -> set[int]:
    """The entries a name-like query names: its name key, or that key's plural or singular,
    is their name or keyword."""
    keys = [key for key in (parsed.name_key, *parsed.name_variants) if key]
    terms = [query.Term(field, key) for field in ("name", "keyword") for key in keys]
    return set(searcher.docs_for_query(query.Or(terms))) if terms else set()


def search_langs(language, kind, version=None) -> list[str]:
    """The shelves a query must look in (a French page also finds English cards and FAQ;
    older versions only when a version is asked for)."""
    scope = scope_languages(language, kind)
    pairs = [(lang_code(lang), kinds) for lang, kinds in scope]
    pairs = pairs or [(code, (kind,) if kind else ()) for code in LANGS]
    out = []
    for code, kinds in pairs:
        if not kinds or any(k != "faq" for k in kinds):
            out += [code, f"{code}_{OLD_SHELF}"] if version else [code]
        if not kinds or "faq" in kinds:
            out.append(f"{code}_{FAQ_SHELF}")
    return list(dict.fromkeys(out))


def filters(language, kind, game, version, document=None):
    """The filter query: language, kind, game, a version (default: newest only), and a rules
    document (its rules only, by their keys: ``rule:<game>:<document>:…``)."""
    clauses = [query.Term("default", "1") if not version else query.Term("version", version)]
    scope = []
    for lang, kinds in scope_languages(language, kind):
        part = [query.Term("language", lang)]
        if kinds:
            part.append(query.Or([query.Term("kind", k) for k in kinds]))
        scope.append(query.And(part))
    if scope:
        clauses.append(scope[0] if len(scope) == 1 else query.Or(scope))
    elif kind:
        clauses.append(query.Or([query.Term("kind", k) for k in kinds_of(kind)]))
    if game:
        clauses.append(query.Term("game", game))
    if document:
        pattern = f"rule:{game or '*'}:{document}:*"
        clauses += [query.Term("kind", "rule"), query.Wildcard("key", pattern)]
    return query.And(clauses)


def question_words(plan: Plan, langs) -> list:
    """One clause per content word of a question (its stems in each language's text)."""
    return [
        alts[0][1] if len(alts) == 1 else query.Or([clause for _, clause in alts])
        for alts in _word_shelves(plan, langs)
    ]


def _word_shelves(plan: Plan, langs) -> list[list[tuple[str, query.Query]]]:
    """Per content word, (shelf, clause) for each shelf holding its stems."""
    words = []
    for word in plan.words:
        alts = [
            (lang, _all(f"body_{lang}", toks, weights.QUESTION_WORD_WEIGHT))
            for lang in langs
            if (toks := analyse(lang, word))
        ]
        if alts:
            words.append(alts)
    return words


def _finding(plan: Plan, langs, reader, sizes) -> tuple[list, list]:
    """(finding, scoring) clauses of the question's words. Whoosh ignores minmatch: the
    backend counts matched words itself. Common words ("card", "play") only add to the score
    of rows a rarer word found: walking their postings for every query would cost more than
    all the rest. Rarity is each shelf's own: "reduce", in 1 rule text in 140 and 1 FAQ
    answer in 22, still finds rules when a search of every kind reads both shelves (taken
    over both, it found nothing there). A shelf where no word is rare, or holds none (a
    question of one unknown word and common ones), is found by its common words."""
    words = _word_shelves(plan, langs)
    finding, scoring = [], []
    for lang in langs:
        clauses = [clause for alts in words for shelf, clause in alts if shelf == lang]
        rare = [
            c
            for c in clauses
            if reader is None or 0 < _share(reader, c, sizes) <= weights.COMMON_SHARE
        ]
        if rare:
            finding += rare
            scoring += [c for c in clauses if c not in rare]
        else:
            finding += clauses
    return finding, scoring


def build_question(plan: Plan, langs, reader=None, sizes=None):
    """A question: rule text matching its words, with card words and synonyms as bonuses.

    Neighbouring words are scored afterwards on the best rows (``ranking.neighbours``):
    Whoosh's phrase matching walks the positions of every candidate and costs seconds."""
    found_by, common = _finding(plan, langs, reader, sizes)
    if not found_by:
        return None
    weighted, finding = [], []
    for word, weight in plan.extra:
        for lang in langs:
            for tok in analyse(lang, word):
                term = query.Term(f"body_{lang}", tok, boost=weight)
                if weight >= weights.SYNONYM_WEIGHT:
                    # A synonym stands for words the rules lack: it may name the section
                    # ("setup process") as well as be in the text.
                    finding += [term, query.Term(f"head_{lang}", tok, boost=weight)]
                else:
                    weighted.append((_share(reader, term, sizes) if reader else 0, term))
    core = query.Or(found_by + finding)
    extras = list(common)
    extras += [
        term
        for share, term in sorted(weighted, key=lambda p: p[0])
        if share <= weights.COMMON_SHARE
    ]
    cap = weights.MAX_EXTRA
    extras = extras[: len(common) + cap]
    return query.AndMaybe(core, query.Or(extras)) if extras else core


def _share(reader, clause, sizes=None) -> float:
    """The share of its shelf's entries holding a word (its most frequent alternative)."""
    total = reader.doc_count() or 1
    sizes = sizes or {}
    terms = clause.iter_all_terms() if hasattr(clause, "iter_all_terms") else []
    return max(
        (reader.doc_frequency(f, t) / (sizes.get(f.partition("_")[2]) or total) for f, t in terms),
        default=0.0,
    )
