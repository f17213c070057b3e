"""PostgreSQL full-text search: tsvector + GIN, ts_headline snippets, pg_trgm spelling.

The backend owns its tables (no Django model, no migration, so SQLite runs are untouched):
``rebuild`` fills new tables under a random suffix and renames them over the live ones inside
one transaction, so readers see the old index until the commit and the new one after it.
Each row carries its own text search configuration (``english``, an unaccented French one, or
``simple``), which is why the statements are SQL rather than ORM expressions: the ORM's
SearchQuery takes one configuration per query, not one per row.
"""

from __future__ import annotations

import functools
import html
import json
import math
import uuid
from collections import Counter, namedtuple
from collections.abc import Iterable
from contextlib import nullcontext

from django.db import DatabaseError, connection, transaction

from ingest.languages import fold
from rulebook.models import DataGeneration
from rulebook.requestscope import request_scope
from rulebook.search import freshness, weights
from rulebook.search import postgres_questions as questions
from rulebook.search import postgres_sql as sql
from rulebook.search.base import (
    DataStamp,
    IndexEntry,
    SearchBackend,
    SearchHit,
    SearchQuery,
    SearchResults,
    SearchUnavailable,
)
from rulebook.search.entries import entry_name
from rulebook.search.nearest import nearest
from rulebook.search.query import clean, name_key, surface_words
from rulebook.search.ranking import deciding, is_rule, question_prior, rules_apart
from rulebook.search.understand import Plan

BATCH = 1000


# Kept for the current request (``rulebook.requestscope``): the generation (the entry table's
# oid and the data generation's token), which a search asks for several times (names,
# spelling, each search), and the stems known to the index, which the service asks about
# before the correction asks again.
GENERATION, STEMS = "postgres-search-generation", "postgres-search-stems"


def _forget_request() -> None:
    request_scope.forget(GENERATION, STEMS)


def _config(language: str) -> str:
    return sql.CONFIGS.get(language, sql.OTHER_CONFIG)


def _row(entry: IndexEntry) -> tuple:
    name = entry_name(entry)
    text = entry.text.replace(sql.START, " ").replace(sql.STOP, " ")
    return (
        entry.key,
        entry.kind,
        entry.game,
        entry.language,
        entry.version,
        entry.is_default_version,
        entry.number,
        name_key(name),
        name_key(entry.extra.get("keyword", "")),
        entry.title,
        entry.path,
        text,
        entry.url,
        float(entry.boost),
        json.dumps(entry.extra),
        _config(entry.language),
        question_prior(entry),
    )


@functools.lru_cache(maxsize=64)  # one class per statement's columns, not one per query
def row_type(columns: tuple[str, ...]):
    """Rows read by column name: a statement's columns can change order without the code
    that reads them noticing by position."""
    return namedtuple("Row", columns, rename=True)  # "?column?" and repeats: by position


class PostgresBackend(SearchBackend):
    def _cursor(self):
        if connection.vendor != "postgresql":
            raise SearchUnavailable("the PostgreSQL backend needs a PostgreSQL database")
        return connection.cursor()

    def built_format(self) -> int | None:
        if connection.vendor != "postgresql":
            return None
        statement = f"SELECT to_regclass(%s) IS NOT NULL, {sql.COMMENT}"
        exists, comment = self._query(statement, [sql.ENTRY_TABLE])[0]
        return sql.read_stamps(comment)[0] if exists else None

    def built_generation(self) -> DataStamp | None:
        """Read with the generation, in the same statement: no round trip of its own."""
        if connection.vendor != "postgresql":
            return None
        oid, _token, _writes, comment = request_scope.get(GENERATION, self._read_generation)
        return sql.read_stamps(comment)[1] if oid else None

    def stamp_generation(self, stamp: DataStamp, expected: DataStamp | None) -> bool:
        """Under the rebuild's lock, so that a rebuild cannot land between check and write."""
        if not self.is_available():
            return False
        with transaction.atomic(), self._cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [sql.LOCK_ID])
            cur.execute(f"SELECT {sql.COMMENT}")
            (comment,) = cur.fetchone()
            index_format, data = sql.read_stamps(comment)
            if data != expected:
                return False
            cur.execute(sql.stamp(index_format, stamp))
        _forget_request()
        return True

    def is_available(self) -> bool:
        """True when the live entry table exists."""
        if connection.vendor != "postgresql":
            return False
        with connection.cursor() as cur:
            cur.execute("SELECT to_regclass(%s) IS NOT NULL", [sql.ENTRY_TABLE])
            (exists,) = cur.fetchone()
            return exists

    def _query(self, statement, params):
        """Run a read; a missing table or broken index is SearchUnavailable, not a 500.

        No existence check first: that would be a second round trip on every read, and a
        missing table already fails the statement. Inside the caller's transaction it runs in a
        savepoint, so that transaction survives; in autocommit mode the statement is its own
        transaction, and a BEGIN and COMMIT around it would cost two more round trips."""
        if connection.vendor != "postgresql":
            raise SearchUnavailable("the PostgreSQL backend needs a PostgreSQL database")
        guard = transaction.atomic() if connection.in_atomic_block else nullcontext()
        try:
            with guard, self._cursor() as cur:
                cur.execute(statement, params)
                row = row_type(tuple(column.name for column in cur.description or ()))
                return [row._make(values) for values in cur.fetchall()]
        except DatabaseError as exc:
            raise SearchUnavailable(f"search table unusable: {exc}") from exc

    def generation(self) -> str:
        """The entry table's oid, the data generation's token and the newest write in place,
        read in one statement: a rebuild renames new tables into place; an ingest in any
        process bumps the token when it commits, and its incremental update of the index
        lands after that, so what a worker read in between must not outlive it."""
        if connection.vendor != "postgresql":
            return ""
        oid, token, writes, _stamps = request_scope.get(GENERATION, self._read_generation)
        if (oid, token, writes) != self._seen:
            self._seen, self._vocab = (oid, token, writes), {}
        return f"{oid}:{token}:{writes}" if oid else ""

    def _read_generation(self) -> tuple:
        table = DataGeneration._meta.db_table
        token = f"(SELECT token FROM {table} WHERE id = 1)"
        try:
            return tuple(
                self._query(
                    f"SELECT to_regclass(%s)::oid, {token}, {sql.WRITES}, {sql.COMMENT}",
                    [sql.ENTRY_TABLE],
                )[0]
            )
        except SearchUnavailable:  # no index yet: no table to read the writes from
            return (None, None, None, None)

    def knows_stem(self, word: str, language=None) -> bool:
        stems = request_scope.get(STEMS, dict)
        if (word, language) not in stems:
            stems[word, language] = self._knows_stem(word, language)
        return stems[word, language]

    def _knows_stem(self, word: str, language) -> bool:
        configs = [_config(language)] if language else list(sql.CONFIGS.values())
        rows = self._query(
            f"""SELECT EXISTS (SELECT 1 FROM {sql.STAT_TABLE} s, unnest(%s::regconfig[]) c(cfg)
                  WHERE s.cfg = c.cfg
                    AND s.lexeme = ANY(tsvector_to_array(to_tsvector(c.cfg, %s))))""",
            [configs, word],
        )
        return bool(rows[0].exists)

    def vocabulary(self, language=None) -> dict[str, tuple[str, int]]:
        """Folded word -> (most frequent written form, frequency), read once per generation."""
        key = language or ""
        if key not in self._vocab:
            rows = self._query(
                f"""SELECT folded, word, freq FROM {sql.WORD_TABLE}
                    WHERE %s::text IS NULL OR language = %s ORDER BY freq""",
                [language, language],
            )
            words: dict[str, tuple[str, int]] = {}
            for folded, word, freq in rows:  # ascending: the most frequent form wins
                words[folded] = (word, freq + words.get(folded, ("", 0))[1])
            self._vocab[key] = words
        return self._vocab[key]

    def __init__(self, options=None):
        super().__init__(options)
        self._seen, self._vocab = None, {}

    def search(self, query: SearchQuery, plan: Plan | None = None) -> SearchResults:
        """Names: AND first, then OR ("broadened") when AND finds nothing.
        Questions: BM25 over rule text (see ``postgres_questions``), subtrees lifted."""
        plan = plan or self.plan(query)
        parsed = plan.parsed
        results = SearchResults(query=query, page=query.page)
        if parsed.empty:
            return results
        flt = sql.filters(query.language, query.kind, query.game, query.version, query.document)
        prefer = query.prefer if not query.language else None
        if plan.question and plan.words:
            return self._question(query, plan, flt, results, prefer)
        factor = sql.preference_factor(prefer, query.kind)
        offset = (query.page - 1) * query.per_page
        # Same rule as the Whoosh backend: few AND matches -> rank the OR matches.
        few = weights.FEW_RESULTS if len(parsed.terms) > 1 else 0
        rows, total, found = self._run(parsed, flt, few, query.per_page, offset, factor)
        results.broadened = bool(few) and found == 0
        results.total = total
        results.pages = math.ceil(results.total / query.per_page)
        results.hits = [self._hit(row) for row in rows]
        return results

    def _question(self, query, plan, flt, results, prefer) -> SearchResults:
        window = max(weights.CANDIDATES, query.page * query.per_page)
        in_scope = sql.in_scope(prefer, query.kind)
        rows = self._query(*questions.ranked(plan, flt, window, in_scope))
        near = nearest(self, query, plan)
        rank = functools.partial(questions.in_order, plan=plan, prefer=prefer, near=near)
        rules = [row for row in rows if is_rule(row.key)]
        fused = rules_apart(rank, rows, rules, is_rule)
        scores, order = {k: s for s, k in fused}, [k for _, k in fused]
        results.total = (rows[0].total if rows else 0) + len(order) - len(rows)
        results.pages = math.ceil(results.total / query.per_page)
        start = (query.page - 1) * query.per_page
        keys = order[start : start + query.per_page]
        below = deciding(order, keys)  # fetched with the page: a heading shows the rule below
        wanted = [*keys, *below.values()]
        found = {row.key: row for row in self._query(*questions.page(wanted, plan))} if keys else {}
        results.hits = []
        for key in (k for k in keys if k in found):
            hit = self._hit(found[key], scores[key])
            if found[key].heading and below.get(key) in found:
                hit.answered_by(self._hit(found[below[key]], hit.score))
            results.hits.append(hit)
        return results

    def _run(self, parsed, flt, few, limit, offset, factor) -> tuple[list, int, int]:
        """One page of rows, the total (asked again when the page is past the end) and how
        many rows (up to ``few``) match every word: none found at all means none did."""
        rows = self._query(*sql.search(parsed, flt, limit, offset, few, factor))
        if not rows and offset:
            first = self._query(*sql.search(parsed, flt, 1, 0, few, factor))
            return [], first[0].total if first else 0, first[0].found if first else 0
        return rows, rows[0].total if rows else 0, rows[0].found if rows else 0

    def _hit(self, row, score: float | None = None) -> SearchHit:
        """A hit from a row of the page statements; ``score``: the ranked score, where the
        row's own (a question's page) has none."""
        snippet = html.escape(row.headline or "")
        snippet = snippet.replace(sql.START, "<mark>").replace(sql.STOP, "</mark>")
        return SearchHit(
            kind=row.kind,
            game=row.game,
            number=row.number,
            title=row.title,
            snippet=snippet,
            url=row.url,
            language=row.language,
            version=row.version,
            path=row.path,
            score=round(float(row.score if score is None else score), 4),
        )

    def suggest(self, prefix, *, language=None, game=None, limit=8) -> list[str]:
        """Complete the last word from the indexed vocabulary (game is not a factor)."""
        head, _, last = clean(prefix).rpartition(" ")
        stem = fold(last)
        if len(stem) < 2 or not stem.isalnum():
            return []
        langs = [language] if language else None
        rows = self._query(
            f"""SELECT word FROM {sql.WORD_TABLE}
                WHERE folded LIKE %s AND (%s::text[] IS NULL OR language = ANY(%s))
                ORDER BY freq DESC, word LIMIT %s""",
            [stem + "%", langs, langs, limit * 2],
        )
        words = list(dict.fromkeys(r.word for r in rows))[:limit]
        return [f"{head} {w}".strip() for w in words]

    def rebuild(self, entries: Iterable[IndexEntry]) -> int:
        """Fill new tables, index them, and rename them over the live ones in one transaction."""
        suffix = uuid.uuid4().hex[:10]
        with transaction.atomic(), self._cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [sql.LOCK_ID])
            data = freshness.build_stamp()  # before the entries: they are at least as new
            for statement in sql.SETUP + sql.create_tables(suffix):
                cur.execute(statement)
            count = self._insert(
                cur, f"{sql.ENTRY_TABLE}_{suffix}", f"{sql.WORD_TABLE}_{suffix}", entries
            )
            statements = sql.fill_stats(suffix) + sql.create_indexes(suffix)
            statements += sql.analyze(suffix) + sql.swap(suffix, data)
            for statement in statements:
                cur.execute(statement)
        self._vocab = {}
        _forget_request()
        return count

    def _insert(self, cur, table, word_table, entries) -> int:
        words: dict[str, Counter] = {}
        batch, count = [], 0
        for entry in entries:
            batch.append(_row(entry))
            words.setdefault(entry.language, Counter()).update(
                set(surface_words(f"{entry.path} {entry.text}"))
            )
            if len(batch) >= BATCH:
                cur.executemany(sql.insert_entry(table), batch)
                count, batch = count + len(batch), []
        if batch:
            cur.executemany(sql.insert_entry(table), batch)
            count += len(batch)
        cur.execute(sql.fill_documents(table))
        self._add_words(cur, word_table, words)
        return count

    def _add_words(self, cur, table, words: dict[str, Counter]) -> None:
        rows = [(lang, w, fold(w), n) for lang, counts in words.items() for w, n in counts.items()]
        cur.executemany(
            f"""INSERT INTO {table} (language, word, folded, freq) VALUES (%s, %s, %s, %s)
                ON CONFLICT (language, word) DO UPDATE SET freq = {table}.freq + EXCLUDED.freq""",
            rows,
        )

    def index(self, entries: Iterable[IndexEntry]) -> int:
        """Upsert entries into the live tables (a first call builds them)."""
        entries = list(entries)
        if not self.is_available():
            return self.rebuild(entries)
        with transaction.atomic(), self._cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [sql.LOCK_ID])
            count = self._insert(cur, sql.ENTRY_TABLE, sql.WORD_TABLE, entries)
            cur.execute(sql.refresh_meta())
            cur.execute(f"ANALYZE {sql.ENTRY_TABLE}, {sql.WORD_TABLE}")
        self._forget()
        return count

    def replace(self, prefixes, entries) -> int:
        """One transaction (dropped words stay in the vocabulary until a rebuild)."""
        if not self.is_available():
            return self.rebuild(entries)
        patterns = [
            prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
            for prefix in prefixes
        ]
        with transaction.atomic(), self._cursor() as cur:
            cur.execute("SELECT pg_advisory_xact_lock(%s)", [sql.LOCK_ID])
            cur.execute(f"DELETE FROM {sql.ENTRY_TABLE} WHERE key LIKE ANY(%s)", [patterns])
            count = self._insert(cur, sql.ENTRY_TABLE, sql.WORD_TABLE, entries)
            cur.execute(sql.refresh_meta())
            cur.execute(f"ANALYZE {sql.ENTRY_TABLE}, {sql.WORD_TABLE}")
        self._forget()
        return count

    def delete(self, keys) -> None:
        """Remove entries by key (their words stay in the vocabulary until a rebuild)."""
        if not self.is_available():
            return
        with transaction.atomic(), self._cursor() as cur:
            cur.execute(f"DELETE FROM {sql.ENTRY_TABLE} WHERE key = ANY(%s)", [list(keys)])
            cur.execute(sql.refresh_meta())
        self._forget()

    def _forget(self):
        """After a write in this process: word lists and names are read again."""
        from rulebook.search import lexicon

        self._vocab = {}
        _forget_request()
        lexicon.forget()
