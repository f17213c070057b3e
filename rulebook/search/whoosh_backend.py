"""The default backend: a Whoosh index in generations under the data directory.

One searcher is kept open per process and reused; on each call a readlink of ``current`` tells
whether a rebuild swapped in a new generation (then the new one is opened) and Whoosh's own
``up_to_date`` catches incremental writes. Any failure to open or read the index surfaces as
SearchUnavailable, which the search service turns into a degraded database search.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import logging
import math
import threading
from collections.abc import Iterable

from django.conf import settings
from whoosh import index as whoosh_index
from whoosh.searching import Searcher

from ingest.languages import fold
from rulebook.search import freshness, weights, whoosh_update
from rulebook.search import whoosh_schema as ws
from rulebook.search.base import (
    IndexEntry,
    SearchBackend,
    SearchHit,
    SearchQuery,
    SearchResults,
    SearchUnavailable,
    kinds_of,
)
from rulebook.search.nearest import fuse_rows, nearest, tie
from rulebook.search.query import snippet, word_spans
from rulebook.search.ranking import (
    KNOWLEDGE_KINDS,
    deciding,
    preferred,
    promote_ancestors,
    rules_apart,
    with_neighbours,
)
from rulebook.search.rerank import Candidate, rerank
from rulebook.search.understand import Plan
from rulebook.search.whoosh_ahead import analyse_ahead
from rulebook.search.whoosh_scoring import ShelfBM25F, counted_search, scored_window
from rulebook.search.whoosh_store import IndexStore, StoreStamps
from rulebook.search.whoosh_words import WhooshWords
from rulebook.search.whoosh_writer import SegmentWriter

logger = logging.getLogger(__name__)
STORED_CACHE = 20000  # stored entries kept per open searcher (the corpus has about 12,000)


cached_fold = functools.lru_cache(maxsize=65536)(fold)  # snippets fold every word of a hit


class WhooshBackend(StoreStamps, WhooshWords, SearchBackend):
    def __init__(self, options: dict | None = None):
        super().__init__(options or getattr(settings, "SEARCH_BACKEND", {}))
        self.store = IndexStore(self.options["PATH"], self.options.get("GRACE_SECONDS", 600))
        self._lock = threading.RLock()
        self._generation = None
        self._searcher = None
        self._sizes: dict[str, int] = {}  # shelf -> how many entries it holds
        self._surfaces: dict[str, dict[str, str]] = {}
        # Filter clause -> its document numbers, for the open searcher: the same few filters
        # (language, kind, default versions) recur, and Whoosh would walk their postings.
        self._filters: dict[tuple, set[int]] = {}
        self._questions = None  # a second searcher on the same reader, scoring questions
        self._word_docs: dict[str, frozenset[int]] = {}  # question word -> matching docs
        self._keys: dict[str, int | None] = {}  # entry key -> document number
        self._docs: dict[int, dict] = {}  # document number -> stored fields
        self._vocab: dict[str, dict[str, tuple[str, int]]] = {}

    # -- reading -----------------------------------------------------------------------------

    def _open(self):
        """The process's searcher for the live generation, reopened when it changed."""
        generation = self.store.current()
        if generation is None:
            raise SearchUnavailable("no search index has been built")
        if generation != self._generation or self._searcher is None:
            try:
                ix = whoosh_index.open_dir(str(self.store.path_of(generation)))
                searcher = ix.searcher()
            except Exception as exc:  # missing files, bad TOC, truncated segments...
                raise SearchUnavailable(f"cannot open index {generation}: {exc}") from exc
            self._close()
            self._reset(searcher, generation)
        elif not self._searcher.up_to_date():
            # A full reopen, not refresh(): refresh() keeps segment readers whose deletions
            # changed, so deleted entries would still be found.
            ix = whoosh_index.open_dir(str(self.store.path_of(generation)))
            self._close()
            self._reset(ix.searcher(), generation)
        return self._searcher

    def _reset(self, searcher, generation):
        """Everything cached per open searcher starts empty again."""
        self._searcher, self._generation, self._surfaces = searcher, generation, {}
        self._sizes = ws.shelf_sizes(searcher)
        searcher.weighting = ShelfBM25F(self._sizes, **weights.NAME_BM25)
        bm25 = ShelfBM25F(self._sizes, **weights.QUESTION_BM25)
        self._questions = Searcher(searcher.reader(), weighting=bm25, closereader=False)
        self._filters, self._word_docs, self._keys, self._vocab, self._docs = {}, {}, {}, {}, {}

    def _close(self):
        if self._searcher is not None:
            with contextlib.suppress(Exception):  # already unusable; nothing to release
                self._searcher.close()
        self._searcher = None

    def _guarded(self, func, *args):
        with self._lock:
            searcher = self._open()
            try:
                return func(searcher, *args)
            except SearchUnavailable:
                raise
            except Exception as exc:
                logger.exception("search index %s failed", self._generation)
                self._close()
                raise SearchUnavailable(f"index unreadable: {exc}") from exc

    def is_available(self) -> bool:
        """True when the live generation opens."""
        try:
            with self._lock:
                self._open()
            return True
        except SearchUnavailable:
            return False

    def generation(self) -> str:
        """The live generation's name and its last commit: an incremental ingest (in any
        process) commits into the same generation, and the caches keyed on this must see it."""
        try:
            with self._lock:
                searcher = self._open()
                return f"{self._generation}:{searcher.reader().generation()}"
        except SearchUnavailable:
            return ""

    def search(self, query: SearchQuery, plan: Plan | None = None) -> SearchResults:
        """Names: AND first, OR ("broadened") when AND finds nothing, reranked by entry boost.
        Questions: rule text by BM25, rows with too few of the words demoted, subtrees lifted."""
        plan = plan or self.plan(query)
        near = nearest(self, query, plan) if plan.question else []
        return self._guarded(self._search, query, plan, near)

    def _search(self, searcher, sq: SearchQuery, plan: Plan, near) -> SearchResults:
        parsed = plan.parsed
        langs = ws.search_langs(sq.language, sq.kind, sq.version)
        results = SearchResults(query=sq, page=sq.page)
        flt = self._filter(searcher, sq)
        window = max(weights.CANDIDATES, sq.page * sq.per_page)
        total, scored, q = 0, [], None
        if plan.question:
            q = ws.build_question(plan, langs, searcher.reader(), self._sizes)
            if q is not None:
                ruled = self._filter(searcher, dataclasses.replace(sq, kind="rule"))
                total, scored = self._question(q, langs, plan, (flt, ruled), window, near)
        else:
            q = ws.build(parsed, langs, kind=sq.kind)
        if q is not None and not plan.question:
            lower = self._unnamed_knowledge(searcher, sq, parsed)
            total, scored = scored_window(searcher, q, flt, window, lower)
            if total < weights.FEW_RESULTS and len(parsed.terms) > 1:
                # Few rows hold every word: the OR query ranks, its coordination puts them first.
                results.broadened = not total
                q = ws.build(parsed, langs, broadened=True, kind=sq.kind)
                total, scored = scored_window(searcher, q, flt, window, lower)
        if sq.prefer and not sq.language:  # what a page in that language searches first
            mine = self._filter(searcher, dataclasses.replace(sq, language=sq.prefer))
            scored = preferred(scored, mine)
        results.total = total
        results.pages = math.ceil(total / sq.per_page) if total else 0
        start = (sq.page - 1) * sq.per_page
        terms = q.existing_terms(searcher.reader(), phrases=True, expand=True) if q else set()
        page = scored[start : start + sq.per_page]
        results.hits = [self._hit(searcher, docnum, score, terms) for score, docnum in page]
        if plan.question:
            self._answer_headings(searcher, scored, page, results.hits, terms)
        return results

    def _answer_headings(self, searcher, scored, page, hits, terms) -> None:
        """Each heading on the page shows the best-ranked rule below it (``deciding``)."""
        headings = [self._is_heading(docnum) for _, docnum in page]
        if not any(headings):
            return
        order = [self._stored_key(docnum) for _, docnum in scored]
        below = deciding(order, [self._stored_key(docnum) for _, docnum in page])
        for hit, (score, docnum), heading in zip(hits, page, headings, strict=True):
            key = below.get(self._stored_key(docnum)) if heading else None
            if key and (row := self._docnum(key)) is not None:
                hit.answered_by(self._hit(searcher, row, score, terms))

    def _is_heading(self, docnum) -> bool:
        doc = self._stored(docnum)
        return doc["kind"] == "rule" and bool(json.loads(doc.get("extra") or "{}").get("name"))

    def _question(self, q, langs, plan, filters, window, near):
        """BM25 over rule text; too few of the words: demoted; then ancestors lifted, and the
        encoder's nearest rules fused in (``nearest``). ``filters``: the rows in scope, and
        the rules among them."""
        flt, ruled = filters
        if not flt:
            return 0, []
        found = counted_search(self._questions, q, flt, window)
        reader = self._questions.reader()
        boosts, priors = reader.column_reader("boost"), reader.column_reader("qboost")
        sets = [self._docs_of(w) for w in ws.question_words(plan, langs)]
        need = min(plan.min_match, len(sets))
        scored, prior = [], {}
        for score, docnum in found.top_n:
            prior[docnum] = (boosts[docnum] or 1.0) * (priors[docnum] or 1.0)
            score *= prior[docnum]
            if sum(docnum in docs for docs in sets) < need:
                score *= weights.FEW_WORDS_FACTOR
            scored.append((score, docnum))
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        rules = [pair for pair in scored if pair[1] in ruled]
        rank = functools.partial(self._ranked, plan=plan, prior=prior, flt=flt, near=near)
        ranked = rules_apart(rank, scored, rules, ruled.__contains__)
        # Every match, counted in the one walk, and the rows the encoder added.
        return len(found) + len(ranked) - len(scored), ranked

    def _ranked(self, scored, plan, prior, flt, near):
        """Neighbours, the rerank, the ancestors' lift and the encoder's fusion."""
        scored = self._reranked(with_neighbours(scored, plan, self._stored_text), plan, prior)
        keyed = [(score, self._stored_key(d)) for score, d in scored[: weights.PROMOTE_TOP]]
        lifted = dict(scored_pair[::-1] for scored_pair in scored)
        for key, extra in promote_ancestors(keyed).items():
            if (docnum := self._scoped(key, flt)) is not None:
                lifted[docnum] = lifted.get(docnum, 0.0) + extra
        ranked = sorted(((s, d) for d, s in lifted.items()), key=lambda p: (-p[0], p[1]))
        row_of = functools.partial(self._scoped, flt=flt)
        return fuse_rows(ranked, near, row_of, self._stored_key, tie(plan))

    def _reranked(self, scored, plan, prior):
        """The best rows scored again on what their heading paths and neighbours say
        (``rerank``); the rows below keep their place."""
        head, docnums, candidates = scored[: weights.RERANK_TOP], {}, []
        for score, docnum in head:
            doc = self._stored(docnum)
            docnums[doc["key"]] = docnum
            number, path, text = doc.get("number") or "", doc.get("path", ""), doc.get("text", "")
            asked = tuple(json.loads(doc.get("extra") or "{}").get("asked", ()))
            row = Candidate(score, doc["key"], number, path, text, asked, prior[docnum])
            candidates.append(row)
        again = [(score, docnums[key]) for score, key in rerank(plan, candidates)]
        return again + scored[weights.RERANK_TOP :]

    def _stored_text(self, docnum) -> str:
        return self._stored(docnum).get("text", "")

    def _docs_of(self, clause) -> frozenset[int]:
        key = repr(clause)
        if key not in self._word_docs:
            if len(self._word_docs) > 4096:
                self._word_docs.clear()
            self._word_docs[key] = frozenset(self._searcher.docs_for_query(clause))
        return self._word_docs[key]

    def _stored_key(self, docnum) -> str:
        return self._stored(docnum).get("key", "")

    def _stored(self, docnum) -> dict:
        """An entry's stored fields, kept for the open searcher: the best rows of one query
        are read three times (neighbours, ancestors, hits) and popular rows recur."""
        doc = self._docs.get(docnum)
        if doc is None:
            if len(self._docs) > STORED_CACHE:
                self._docs.clear()
            doc = self._docs[docnum] = self._searcher.stored_fields(docnum)
        return doc

    def _scoped(self, key: str, flt) -> int | None:
        return docnum if (docnum := self._docnum(key)) in flt else None

    def _docnum(self, key: str) -> int | None:
        if key not in self._keys:
            if len(self._keys) > 65536:
                self._keys.clear()
            self._keys[key] = self._searcher.document_number(key=key)
        return self._keys[key]

    def _filter(self, searcher, sq: SearchQuery) -> set[int]:
        key = (sq.language, sq.kind, sq.game, sq.version, sq.document)
        if key not in self._filters:
            if len(self._filters) > 256:
                self._filters.clear()
            flt = ws.filters(sq.language, sq.kind, sq.game, sq.version, sq.document)
            self._filters[key] = set(searcher.docs_for_query(flt))  # Whoosh wants a set
        return self._filters[key]

    def _unnamed_knowledge(self, searcher, sq: SearchQuery, parsed) -> set[int]:
        """The keyword pages, cards and FAQ answers in scope that the query does not name;
        none looked up where the scope holds none (a search of rules)."""
        wanted = [k for k in KNOWLEDGE_KINDS if not kinds_of(sq.kind) or k in kinds_of(sq.kind)]
        if not wanted:
            return set()
        knowledge = self._filter(searcher, dataclasses.replace(sq, kind=tuple(wanted)))
        return knowledge - ws.named_docs(searcher, parsed)

    def _hit(self, searcher, docnum, score, terms) -> SearchHit:
        doc = self._stored(docnum)
        lang = ws.shelf(doc["language"], doc["kind"], doc["default"] == "1")
        stems = {t.decode() for f, t in terms if f in (f"body_{lang}", f"head_{lang}")}
        plain = {t.decode() for f, t in terms if f == f"plain_{lang}"}
        text = doc.get("text", "")
        spans = word_spans(text, stems, lambda w: ws.stem(lang, w))
        spans += word_spans(text, plain, cached_fold)
        return SearchHit(
            kind=doc["kind"],
            game=doc["game"],
            number=doc.get("number") or None,
            title=doc.get("title", ""),
            snippet=snippet(text, spans),
            url=doc.get("url", ""),
            language=doc["language"],
            version=doc["version"],
            path=doc.get("path", ""),
            score=round(score, 4),
        )

    # -- writing -----------------------------------------------------------------------------

    def rebuild(self, entries: Iterable[IndexEntry]) -> int:
        """Write a new generation, point ``current`` at it, then prune old generations."""
        with self.store.writer_lock():
            generation = self.store.new_generation(freshness.build_stamp())
            ix = whoosh_index.create_in(str(generation), ws.build_schema())
            docs = [ws.document_fields(entry) for entry in entries]
            writer = SegmentWriter(ix, limitmb=256)
            try:
                analyse_ahead(writer, docs, self.options.get("PROCESSES", 1))
                for fields in docs:
                    writer.add_document(**fields)
                writer.commit()
            except BaseException:
                writer.cancel()
                raise
            self.store.publish(generation)
            self.store.cleanup()
        return len(docs)

    def index(self, entries: Iterable[IndexEntry]) -> int:
        """Update entries in place in the live generation (a first call builds one)."""
        entries = list(entries)
        if self.store.current() is None:
            return self.rebuild(entries)
        with self.store.writer_lock():
            ix = whoosh_index.open_dir(str(self.store.path_of(self.store.current())))
            with ix.writer() as writer:
                for entry in entries:
                    writer.update_document(**ws.document_fields(entry))
        self._forget()
        return len(entries)

    def replace(self, prefixes, entries) -> int:
        """One commit: searchers see the old entries or the new ones, never neither. Entries
        already indexed exactly as they would be written stay (``whoosh_update``); returns
        how many were written."""
        if self.store.current() is None:
            return self.rebuild(entries)
        with self.store.writer_lock():
            ix = whoosh_index.open_dir(str(self.store.path_of(self.store.current())))
            with SegmentWriter(ix, limitmb=256) as writer:
                with writer.reader() as reader:
                    stale, adds = whoosh_update.plan(reader, ix.schema, prefixes, entries)
                for docnum in stale:
                    writer.delete_document(docnum)
                for fields in adds:
                    writer.add_document(**fields)
        self._forget()
        return len(adds)

    def delete(self, keys) -> None:
        """Remove entries by key from the live generation."""
        if self.store.current() is None:
            return
        with self.store.writer_lock():
            ix = whoosh_index.open_dir(str(self.store.path_of(self.store.current())))
            with ix.writer() as writer:
                for key in keys:
                    writer.delete_by_term("key", key)
        self._forget()

    def _forget(self):
        """After a write in this process: word lists and names are read again."""
        from rulebook.search import lexicon

        with self._lock:
            self._vocab = {}
        lexicon.forget()
