"""Nearest rules by meaning: a second retriever beside the engine, the same for both engines.

Every engine ranks by shared words (BM25, ts_rank), and the rerank only reorders what the
engine found: a rule that shares no word with the question ("leftover energy" for the rune
pool emptying) never reaches it. The sentence encoder (``encoder``) reads the question and
every rule, and its nearest rules are fused with the engine's ranking by reciprocal rank
(``fuse``): a rule both lists hold rises, a rule only the encoder finds can enter, and the
engine's order still leads (the encoder's list counts ``weights.NEAREST_SHARE`` of it).
Measured on the training side, this is the one change that moved the bank's unseen folds
beyond noise (``docs/search.md``, "Nearest by meaning").

The rules' vectors are computed when the index is built (``encode``, run by the ingest's
index update and ``rebuild_index``) and kept in the database, keyed by text; a search only
embeds its question. What is encoded: every rule of each document's default version, its
heading path and text (what a result shows), in every language.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import numpy
from django.conf import settings

from rulebook.search import encoder, trace
from rulebook.search.base import IndexEntry, SearchQuery, kinds_of
from rulebook.search.weights import NEAREST_DEPTH, NEAREST_K, NEAREST_SHARE

logger = logging.getLogger(__name__)
_shelves: dict[str, Shelf] = {}
_lock = threading.Lock()
_stores: list = []  # the writer of vectors (``register_store``): loading's, search writes none


def register_store(store) -> None:
    """Hand over the function that writes vectors, ``store(pairs) -> counts``: writes happen
    in the loading package, which search does not import, so the app, which sees both,
    hands it over (``rulebook.apps``)."""
    _stores[:] = [store]


def enabled() -> bool:
    """Whether questions use the encoder: on unless ``RULEBOOK_ENCODER`` is off (the tests,
    but for the encoder's own) or the model's package is missing (the site ranks as before)."""
    return bool(getattr(settings, "RULEBOOK_ENCODER", True)) and encoder.available()


def encoded_text(entry: IndexEntry) -> str:
    return f"{entry.path} {entry.text}".strip()


def wanted(entry: IndexEntry) -> bool:
    return entry.kind == "rule" and entry.is_default_version and bool(entry.text.strip())


def encode(entries, progress=None) -> dict[str, int]:
    """Encode the texts of ``entries`` that have no vector yet, and store them; counts of
    vectors created and already there. ``progress``: a ``tqdm``-like bar to advance. The
    caller checks ``enabled`` (``rulebook.search.encode_rules``)."""
    from rulebook.models import EncodedText

    texts = {encoder.digest(t): t for e in entries if wanted(e) for t in [encoded_text(e)]}
    there = EncodedText.objects.known(texts)
    missing = [d for d in texts if d not in there]
    if progress is not None:
        progress.reset(total=len(missing))
    tick = progress.update if progress is not None else None
    vectors = encoder.embed([texts[d] for d in missing], tick) if missing else []
    counts = _stores[0]((d, v.tobytes()) for d, v in zip(missing, vectors, strict=True))
    return {"created": counts["created"], "unchanged": len(there) + counts["unchanged"]}


@dataclass
class Group:
    """The default version's rules of one document family: their keys and vectors."""

    keys: list[str]
    vectors: numpy.ndarray  # len(keys) × the encoder's width, unit rows


class Shelf:
    """Every encoded rule, grouped by (game, document kind, language): what one index
    generation's questions search. Built from the database (the entries' paths and the
    stored vectors), once per generation, before a worker's first request (``warmup``)."""

    def __init__(self, groups: dict[tuple, Group]):
        self.groups = groups

    @classmethod
    def from_database(cls) -> Shelf:
        from rulebook.models import EncodedText
        from rulebook.search.entries import default_rule_entries

        members: dict[tuple, list[tuple[str, str]]] = {}
        for entry in default_rule_entries():
            if wanted(entry):
                family = (entry.game, entry.extra.get("doc_kind", ""), entry.language)
                members.setdefault(family, []).append(
                    (entry.key, encoder.digest(encoded_text(entry)))
                )
        stored = EncodedText.objects.vectors(d for pairs in members.values() for _, d in pairs)
        groups: dict[tuple, Group] = {}
        for family, pairs in members.items():
            pairs = [(key, stored[d]) for key, d in pairs if d in stored]
            if pairs:
                matrix = numpy.frombuffer(b"".join(v for _, v in pairs), dtype=numpy.float32)
                keys = [key for key, _ in pairs]
                groups[family] = Group(keys, matrix.reshape(len(keys), -1))
        return cls(groups)

    def nearest(self, vector, sq: SearchQuery, language: str) -> list[tuple[str, float]]:
        """(key, cosine) of the ``NEAREST_DEPTH`` rules nearest ``vector`` within the
        query's scope, nearest first."""
        groups = [
            g
            for (game, doc_kind, lang), g in self.groups.items()
            if lang == language
            and (not sq.game or game == sq.game)
            and (not sq.document or doc_kind == sq.document)
        ]
        if not groups:
            return []
        keys = [key for g in groups for key in g.keys]
        near = numpy.concatenate([g.vectors @ vector for g in groups])
        top = numpy.argsort(-near, kind="stable")[:NEAREST_DEPTH]
        return [(keys[i], float(near[i])) for i in top]


def shelf(generation: str) -> Shelf:
    """The shelf of an index generation (the backend's ``generation()``): the vectors are
    stored before the index is written, so a new generation finds them."""
    with _lock:
        if generation not in _shelves:
            _shelves.clear()  # one generation is live at a time
            _shelves[generation] = Shelf.from_database()
        return _shelves[generation]


def nearest(backend, sq: SearchQuery, plan) -> list[tuple[str, float]]:
    """The rules nearest the question in meaning, within its scope; [] where the encoder is
    off, or the query asks for an older version (only default versions are encoded) or for
    no rules."""
    if not enabled() or sq.version or (kinds_of(sq.kind) and "rule" not in kinds_of(sq.kind)):
        return []
    language = sq.language or sq.prefer or plan.written_in or "en"
    try:
        found = shelf(backend.generation())
        near = found.nearest(encoder.embed([sq.text])[0], sq, language) if found.groups else []
    except Exception:  # an extra, like a cache: the engine's ranking answers without it
        logger.exception("nearest rules by meaning failed; ranking by the engine alone")
        return []
    trace.nearest(near)
    return near


def fuse(ranked: list[tuple[float, str]], near: list[tuple[str, float]]) -> list[tuple[float, str]]:
    """(score, key) best first: the engine's ranking and the encoder's, fused by reciprocal
    rank (each key scores ``1 / (NEAREST_K + rank)`` per list, the encoder's times
    ``NEAREST_SHARE``). Unchanged when either found nothing: a question whose words find no
    rule goes on to the second tries (``steps``: a respelling, the rules' own words) rather
    than to the encoder's guesses alone."""
    if not near or not ranked:
        return ranked
    score: dict[str, float] = {}
    for rank, (_, key) in enumerate(ranked):
        score[key] = score.get(key, 0.0) + 1.0 / (NEAREST_K + rank)
    for rank, (key, _) in enumerate(near):
        score[key] = score.get(key, 0.0) + NEAREST_SHARE / (NEAREST_K + rank)
    return sorted(((s, k) for k, s in score.items()), key=lambda pair: (-pair[0], pair[1]))


def fuse_rows(
    scored: list[tuple[float, object]], near, key_of, row_of
) -> list[tuple[float, object]]:
    """``fuse`` over an engine's own rows: (score, row) best first. ``key_of(row)`` is a
    row's key, ``row_of(key)`` the row of a key the engine did not rank (None: not in the
    query's scope, which the encoder's groups only approach)."""
    if not near or not scored:
        return scored
    rows = {key_of(row): row for _, row in scored}
    for key, _ in near:
        if key not in rows and (row := row_of(key)) is not None:
            rows[key] = row
    fused = fuse([(s, key_of(row)) for s, row in scored], [n for n in near if n[0] in rows])
    return [(s, rows[key]) for s, key in fused]
