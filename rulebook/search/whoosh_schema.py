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

import json

from whoosh import columns, fields, query
from whoosh.analysis import CharsetFilter, LanguageAnalyzer, LowercaseFilter, RegexTokenizer
from whoosh.support.charset import accent_map

from ingest.languages import fold
from rulebook import languages
from rulebook.search.base import IndexEntry
from rulebook.search.text import ParsedQuery, QueryTerm, surface_words

OTHER = "xx"  # languages outside the table share unstemmed fields
HEAD_BOOST = 2.0
PLAIN_BOOST = 0.3
NUMBER_BOOST = 20.0
NAME_BOOST = 25.0
KEYWORD_BOOST = 40.0
PROXIMITY_BOOST = 1.5

_PLAIN = RegexTokenizer() | LowercaseFilter() | CharsetFilter(accent_map)


def _analyzer(row: languages.Language):
    if row.whoosh_stemmer is None:
        return _PLAIN
    stemmed = LanguageAnalyzer(row.whoosh_stemmer)
    return stemmed | CharsetFilter(accent_map) if row.fold_accents else stemmed


ANALYZERS = {row.code: _analyzer(row) for row in languages.TABLE} | {OTHER: _PLAIN}
LANGS = tuple(ANALYZERS)


def lang_code(language: str | None) -> str:
    return language if language in ANALYZERS else OTHER


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
        extra=fields.STORED,
    )
    for lang in LANGS:
        schema.add(f"body_{lang}", fields.TEXT(analyzer=ANALYZERS[lang]))
        schema.add(f"head_{lang}", fields.TEXT(analyzer=ANALYZERS[lang], field_boost=1.0))
        schema.add(f"plain_{lang}", fields.TEXT(analyzer=_PLAIN, phrase=True))
        schema.add(f"surface_{lang}", fields.KEYWORD(lowercase=True, scorable=False))
    return schema


def document_fields(entry: IndexEntry) -> dict:
    """The field values for one entry."""
    lang = lang_code(entry.language)
    head = entry.path if entry.title in entry.path else f"{entry.title}\n{entry.path}"
    name = entry.extra.get("name") or (entry.title if entry.kind in ("keyword", "card") else "")
    doc = {
        "key": entry.key,
        "kind": entry.kind,
        "game": entry.game,
        "language": entry.language,
        "version": entry.version,
        "default": "1" if entry.is_default_version else "0",
        "number": entry.number or "",
        "name": fold(name.strip()),
        "keyword": fold(entry.extra.get("keyword", "").strip()),
        "title": entry.title,
        "path": entry.path,
        "url": entry.url,
        "text": entry.text,
        "boost": float(entry.boost),
        "extra": json.dumps(entry.extra, ensure_ascii=False),
        f"body_{lang}": entry.text,
        f"head_{lang}": head,
        f"plain_{lang}": f"{head}\n{entry.text}",
        f"surface_{lang}": " ".join(sorted(set(surface_words(f"{head} {entry.text}")))),
    }
    return {k: v for k, v in doc.items() if v != ""}


def analyse(lang: str, word: str) -> list[str]:
    """The stemmed tokens of ``word`` in ``lang`` (empty for a stop word)."""
    return [t.text for t in ANALYZERS[lang](word)]


def stem(lang: str, word: str) -> str:
    tokens = analyse(lang, word)
    return tokens[0] if tokens else ""


def build(parsed: ParsedQuery, langs, broadened: bool = False):
    """The Whoosh query: every term required (or any, when broadened), plus ranking bonuses."""
    parts = [q for q in (_term(t, langs) for t in parsed.terms) if q is not None]
    if not parts:
        return None
    core = query.Or(parts, scale=0.9) if broadened else query.And(parts)
    bonuses = _bonuses(parsed, langs)
    return query.AndMaybe(core, query.Or(bonuses)) if bonuses else core


def _term(term: QueryTerm, langs):
    if term.kind == "number":
        alts = [query.Term("number", term.value, boost=NUMBER_BOOST)]
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
        alts.append(_all(f"body_{lang}", tokens, 1.0))
        alts.append(_all(f"head_{lang}", tokens, HEAD_BOOST))
        alts.append(query.Term(f"plain_{lang}", fold(word), boost=PLAIN_BOOST))
    return query.Or(alts) if alts else None


def _all(field: str, tokens: list[str], boost: float):
    if len(tokens) == 1:
        return query.Term(field, tokens[0], boost=boost)
    return query.And([query.Term(field, t) for t in tokens], boost=boost)


def _bonuses(parsed: ParsedQuery, langs) -> list:
    """Optional clauses: the heading or keyword named by the query, words close together."""
    out = []
    if parsed.name_key:
        out.append(query.Term("name", parsed.name_key, boost=NAME_BOOST))
        out.append(query.Term("keyword", parsed.name_key, boost=KEYWORD_BOOST))
    words = [t.value for t in parsed.terms if t.kind == "word"]
    for lang in langs:
        stems = [s for s in (stem(lang, w) for w in words) if s]
        if len(stems) > 1:
            out.append(query.Phrase(f"body_{lang}", stems, slop=6, boost=PROXIMITY_BOOST))
    return out


def filters(language, kind, game, version):
    """The filter query: language, kind, game, and a version (default: newest only)."""
    clauses = [query.Term("default", "1") if not version else query.Term("version", version)]
    for name, value in (("language", language), ("kind", kind), ("game", game)):
        if value:
            clauses.append(query.Term(name, value))
    return query.And(clauses)
