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
heading path and text (what a result shows), in every language, and each question the bank
asks of it. A rule's place on the shelf is its own vector moved toward the mean of its
questions' (``weights.NEAREST_ASKED``): the bank's document expansion, read by meaning. A
player's question is nearer other players' questions than the rule's wording; on the
bank's unseen folds and the judged questions the expanded rules are found first more often
(``docs/search.md``, "Nearest by meaning").

The bank also teaches the question's side (``fit_map``): per game and language, one linear
map from a question's vector to its rule's text vector, fitted on every question the game's
bank files, carries a new question toward the wording its rules use before the shelf is
searched (English only: ``weights.NEAREST_MAP_LANGUAGES``). The encoder was trained on the
web's sentence pairs, not on how a game's players' words meet its rules; the map is learned
from the database as the shelf is built, so nothing is trained or stored beforehand, and a
question held out of the database never shapes it. A game without bank questions is
searched as asked.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from itertools import groupby

import numpy
from django.conf import settings

from rulebook.search import encoder, trace
from rulebook.search.base import IndexEntry, SearchQuery, kinds_of, row_text
from rulebook.search.weights import (
    NAME_MAX_WORDS,
    NEAREST_ASKED,
    NEAREST_DEPTH,
    NEAREST_GAP,
    NEAREST_K,
    NEAREST_MAP_LANGUAGES,
    NEAREST_RIDGE,
    NEAREST_SHARE,
    NEAREST_TIE,
)

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
    return row_text(entry.path, entry.text)


def encoded_texts(entry: IndexEntry) -> list[str]:
    """What is encoded of a rule: its own text first, then the bank's questions about it."""
    return [encoded_text(entry), *entry.extra.get("asked", ())]


def wanted(entry: IndexEntry) -> bool:
    return entry.kind == "rule" and entry.is_default_version and bool(entry.text.strip())


def encode(entries, progress=None) -> dict[str, int]:
    """Encode the texts of ``entries`` that have no vector yet, and store them; counts of
    vectors created and already there. ``progress``: a ``tqdm``-like bar to advance. The
    caller checks ``enabled`` (``rulebook.search.encode_rules``)."""
    from rulebook.models import EncodedText

    texts = {encoder.digest(t): t for e in entries if wanted(e) for t in encoded_texts(e)}
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

    def __init__(
        self,
        groups: dict[tuple, Group],
        maps: dict[tuple, numpy.ndarray] | None = None,
        unplaced: int = 0,
    ):
        self.groups = groups
        # (game, language) -> the map its bank teaches (``fit_map``): a game's players and
        # rules have words of their own, so one game's map never bends another's questions.
        self.maps = maps or {}
        # Rules the encoder should hold but whose text has no stored vector for the model
        # and adapter in use (``coverage``): until they are encoded, only the engine finds them.
        self.unplaced = unplaced

    @classmethod
    def from_database(cls, entries=None) -> Shelf:
        """``entries``: the default versions' rule entries when the caller has read them
        already (a worker's warm-up reads them once for both vector models)."""
        from rulebook.models import EncodedText
        from rulebook.search.entries import default_rule_entries

        members: dict[tuple, list[tuple[str, list[str]]]] = {}
        for entry in default_rule_entries() if entries is None else entries:
            if wanted(entry):
                family = (entry.game, entry.extra.get("doc_kind", ""), entry.language)
                digests = [encoder.digest(t) for t in encoded_texts(entry)]
                members.setdefault(family, []).append((entry.key, digests))
        stored = EncodedText.objects.vectors(
            d for pairs in members.values() for _, digests in pairs for d in digests
        )
        groups: dict[tuple, Group] = {}
        unplaced = 0
        for family, pairs in members.items():
            placed = [(key, place(digests, stored)) for key, digests in pairs]
            placed = [(key, vector) for key, vector in placed if vector is not None]
            unplaced += len(pairs) - len(placed)
            if placed:
                keys = [key for key, _ in placed]
                groups[family] = Group(keys, numpy.stack([v for _, v in placed]))
        return cls(groups, _fit_maps(members, stored), unplaced)

    def mapped(self, sq: SearchQuery, language: str) -> list[str]:
        """The games in the query's scope whose bank's map carries the question (``debug``)."""
        return sorted(g for g, lang in self.maps if lang == language and sq.game in ("", None, g))

    def nearest(self, vector, sq: SearchQuery, language: str) -> list[tuple[str, float]]:
        """(key, cosine) of the ``NEAREST_DEPTH`` rules nearest ``vector`` within the
        query's scope, nearest first."""
        groups = [
            (game, g)
            for (game, doc_kind, lang), g in self.groups.items()
            if lang == language
            and (not sq.game or game == sq.game)
            and (not sq.document or doc_kind == sq.document)
        ]
        if not groups:
            return []
        moved = {game: translate(vector, self.maps.get((game, language))) for game, _ in groups}
        keys = [key for _, g in groups for key in g.keys]
        near = numpy.concatenate([g.vectors @ moved[game] for game, g in groups])
        top = numpy.argsort(-near, kind="stable")[:NEAREST_DEPTH]
        return [(keys[i], float(near[i])) for i in top]


def _asked_pairs(members, stored) -> dict[tuple, tuple[numpy.ndarray, numpy.ndarray]]:
    """(game, language) -> (the bank's question vectors, their rules' text vectors), row by
    row, for the languages mapped (``weights.NEAREST_MAP_LANGUAGES``): the others' vectors
    are not gathered for a map that is never fitted."""
    pairs: dict[tuple, tuple[list, list]] = {}
    for (game, _kind, language), rows in members.items():
        if language not in NEAREST_MAP_LANGUAGES:
            continue
        for _key, digests in rows:
            if digests[0] not in stored:
                continue
            rule = _vector(stored, digests[0])
            for digest in digests[1:]:
                if digest in stored:
                    questions, rules = pairs.setdefault((game, language), ([], []))
                    questions.append(_vector(stored, digest))
                    rules.append(rule)
    return {scope: (numpy.stack(q), numpy.stack(r)) for scope, (q, r) in pairs.items()}


def _fit_maps(members, stored) -> dict[tuple, numpy.ndarray]:
    """(game, language) -> its bank's map, for the languages mapped; none without a ridge."""
    maps = {}
    for (game, language), (questions, rules) in _asked_pairs(members, stored).items():
        fitted = fit_map(questions, rules)
        if fitted is not None:
            maps[game, language] = fitted
    return maps


def fit_map(questions: numpy.ndarray, rules: numpy.ndarray, ridge: float | None = None):
    """The linear map W that carries each question's vector nearest its rule's (least
    squares), pulled toward the identity by ``ridge``: min |QW - R|² + ridge·|W - I|², whose
    solution is (QᵀQ + ridge·I)⁻¹ (QᵀR + ridge·I). A closed form, so the same bank always
    gives the same map, in tens of milliseconds; without a ridge (0), no map (None). ``ridge``:
    ``weights.NEAREST_RIDGE`` unless given."""
    ridge = NEAREST_RIDGE if ridge is None else ridge
    if not ridge or not len(questions):
        return None
    q, r = questions.astype(numpy.float64), rules.astype(numpy.float64)
    identity = numpy.eye(q.shape[1])
    fitted = numpy.linalg.solve(q.T @ q + ridge * identity, q.T @ r + ridge * identity)
    return fitted.astype(numpy.float32)


def translate(vector: numpy.ndarray, fitted: numpy.ndarray | None) -> numpy.ndarray:
    """The question's vector carried by the bank's map, unit again (as it came without one)."""
    if fitted is None:
        return vector
    moved = vector @ fitted
    norm = numpy.linalg.norm(moved)
    return moved / norm if norm else vector


def place(digests: list[str], stored: dict[str, bytes]):
    """A rule's unit vector on the shelf: its text's (``digests[0]``), plus ``NEAREST_ASKED``
    times the mean of its questions' (the rest) that are stored; None while its text has no
    vector (not encoded yet: the engine alone finds it)."""
    if digests[0] not in stored:
        return None
    vector = _vector(stored, digests[0])
    asked = [_vector(stored, d) for d in digests[1:] if d in stored]
    if asked:
        vector = vector + NEAREST_ASKED * numpy.mean(asked, axis=0)
        vector = vector / numpy.linalg.norm(vector)
    return vector


def _vector(stored: dict[str, bytes], digest: str) -> numpy.ndarray:
    """A stored vector, as ``encode`` wrote it (float32 bytes), read without a copy."""
    return numpy.frombuffer(stored[digest], dtype=numpy.float32)


def shelf(generation: str, entries=None) -> Shelf:
    """The shelf of an index generation (the backend's ``generation()``): the vectors are
    stored before the index is written, so a new generation finds them. ``entries``: as for
    ``Shelf.from_database``."""
    with _lock:
        if generation not in _shelves:
            _shelves.clear()  # one generation is live at a time
            _shelves[generation] = Shelf.from_database(entries)
        return _shelves[generation]


def coverage(backend) -> dict:
    """What ``/healthz`` says of the encoder. Vectors are keyed by model and adapter, so a
    new adapter deployed without ``rebuild_index`` leaves every rule unencoded and questions
    ranked by the engine alone: a degraded search, not a failure, which only this report
    shows. ``missing``: this worker's rules without a vector (its shelf is read once per
    index generation)."""
    if not enabled():
        return {"on": False}
    found = shelf(backend.generation())
    placed = sum(len(group.keys) for group in found.groups.values())
    return {
        "on": True,
        "model": encoder.name(),
        "rules": placed,
        "missing": found.unplaced,
        "current": found.unplaced == 0,
    }


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
    trace.nearest(near, found.mapped(sq, language) if near else [])
    return near


def tie(plan) -> float:
    """How near the best fused score a row is settled by the encoder's order
    (``settled``): a query of a few words ties the engines' statistics, each engine its own
    way; a question of many words does not, and there the engine's order is the better one
    (``weights.NEAREST_TIE``)."""
    return NEAREST_TIE if len(plan.words) <= NAME_MAX_WORDS else 0.0


def fuse(
    ranked: list[tuple[float, str]], near: list[tuple[str, float]], tie: float = 0.0
) -> list[tuple[float, str]]:
    """(score, key) best first: the engine's ranking and the encoder's, fused by reciprocal
    rank (each key scores ``1 / (NEAREST_K + place)`` per list, the encoder's times
    ``NEAREST_SHARE``). The engine's place is its rank, or less where its score is near the
    best one (``NEAREST_GAP`` times the share of the best score it lacks): rows the engine
    nearly ties are told apart by the encoder, not by the engine's last hundredth of a
    point. Unchanged when either found nothing: a question whose words find no rule goes on
    to the second tries (``steps``: a respelling, the rules' own words) rather than to the
    encoder's guesses alone. ``tie``: see ``settled``."""
    if not near or not ranked:
        return ranked
    return settled(_reciprocal(ranked, near), near, tie)


def _reciprocal(ranked: list[tuple[float, object]], near) -> list[tuple[float, object]]:
    best = ranked[0][0]
    score: dict[object, float] = {}
    for rank, (engine, key) in enumerate(ranked):
        place = min(rank, NEAREST_GAP * (1.0 - engine / best)) if best > 0 else rank
        score[key] = score.get(key, 0.0) + 1.0 / (NEAREST_K + place)
    for rank, (key, _) in enumerate(near):
        score[key] = score.get(key, 0.0) + NEAREST_SHARE / (NEAREST_K + rank)
    return sorted(((s, k) for k, s in score.items()), key=lambda pair: (-pair[0], pair[1]))


def settled(fused: list[tuple[float, object]], near, tie: float):
    """``fused`` with its first places, those within ``tie`` of the best score, put in
    the encoder's order (``near``'s): each engine's scores move them by hundredths that the
    other engine's do not share, and the encoder's order is the same on both. The scores
    stay where they were, so the list still reads best first."""
    if tie <= 0 or len(fused) < 2:
        return fused
    floor = fused[0][0] * (1.0 - tie)
    head = [key for score, key in fused if score >= floor]
    near_rank = {key: rank for rank, (key, _) in enumerate(near)}
    last = len(near_rank)
    order = sorted(head, key=lambda key: near_rank.get(key, last))  # stable: ties keep theirs
    trace.settled(tie, len(head), order != head)  # for ``debug=1``; else nothing
    if order == head:
        return fused
    return [(fused[i][0], key) for i, key in enumerate(order)] + fused[len(order) :]


def fuse_rows(
    scored: list[tuple[float, object]], near, row_of, key_of, tie: float = 0.0
) -> list[tuple[float, object]]:
    """``fuse`` over an engine's own rows (Whoosh's document numbers): (score, row) best
    first. ``row_of(key)`` is the row of one of the encoder's keys (None: not in the query's
    scope, which the encoder's groups only approach). Rows are matched as rows, so the
    engine's thousands need no key read (a first question read every row's stored fields:
    80 ms); ``key_of(row)`` is read only to order rows of equal score as ``fuse`` orders
    keys, so that both engines break ties alike."""
    if not near or not scored:
        return scored
    mapped = [(row, cosine) for key, cosine in near if (row := row_of(key)) is not None]
    if not mapped:
        return scored
    fused: list[tuple[float, object]] = []
    for _, tied in groupby(_reciprocal(scored, mapped), key=lambda pair: pair[0]):
        tied = list(tied)
        fused.extend(sorted(tied, key=lambda pair: key_of(pair[1])) if len(tied) > 1 else tied)
    return settled(fused, mapped, tie)  # after equal scores are in the keys' order, as ``fuse``
