"""The second pass's last step: version histories computed once per ingest, not per request.

For every document family (game, kind, language) whose rules changed in a run, the comparison
of each pair of consecutive versions, and of each older version with the newest, is computed
here and stored in the database (``Precomputed``), so every worker on every machine reads the
same result and no request pays for it. Rule timelines and history pages are walks over these
comparisons. The payload holds the engine's own objects, stored under a format version
(``rulebook.history.storage``): one written by another version of the code is computed again.

Then pages whose first reader would otherwise pay for writing them out (every comparison
range, keyword pages) are rendered ahead (``ahead``) by page assembly registered here
(``register``, from the app's configuration: loading imports no page code) and stored for
the new generation (``rulebook.models.rendered``).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import transaction

from rulebook.history import History, Version, compare, storage
from rulebook.models import Document, Precomputed, rendered
from rulebook.models.generation import (
    game_history_prefix,
    history_key,
    history_prefix,
    history_rows,
)
from rulebook.requestscope import request_scope

# Within one ingest (``sharing``): "histories": family -> (its documents' ids and hashes,
# History); "stored": family -> the payload stored before the ingest; "payloads": family ->
# the payload this ingest stored.
_RUN: ContextVar[dict | None] = ContextVar("precompute_run", default=None)
logger = logging.getLogger(__name__)


@contextlib.contextmanager
def sharing():
    """One ingest's citation pass and precompute both compare the English Core Rules
    versions: inside this, they share one History per family, so each pair is compared
    once, and the stored payload is read once."""
    token = _RUN.set({"histories": {}, "stored": {}, "payloads": {}})
    try:
        yield
    finally:
        _RUN.reset(token)


def stored_payload(game: str, kind: str, language: str) -> dict | None:
    """The family's newest stored payload (read once per ingest inside ``sharing``)."""
    run = _RUN.get()
    family = (game, kind, language)
    if run is not None and family in run["stored"]:
        return run["stored"][family]
    rows = Precomputed.objects.filter(key__startswith=history_prefix(game, kind, language))
    previous = rows.order_by("-generation").values_list("payload", flat=True).first()
    previous = storage.loads(previous)
    if run is not None:
        run["stored"][family] = previous
    return previous


def family_history(family: tuple, documents, previous: dict | None = None) -> History:
    """The History of a family's ``documents`` (oldest first), holding every comparison
    already made: by this ingest, or stored before it for texts that did not change.

    ``previous`` defaults to the stored payload."""
    run = _RUN.get()
    shared = run["histories"] if run is not None and family else None
    signature = tuple((d.pk, d.content_hash) for d in documents)
    if shared is not None and shared.get(family, (None,))[0] == signature:
        return shared[family][1]
    if previous is None and family:
        previous = stored_payload(*family)
    history = History([Version(d.version, history_rows(d)) for d in documents])
    reusable = _reusable(previous, {d.version: d.content_hash for d in documents})
    for i in range(len(history.versions) - 1):
        pair = (history.versions[i].label, history.versions[i + 1].label)
        if pair in reusable:
            history.adopt(i, reusable[pair])
    if shared is not None:
        shared[family] = (signature, history)
    return history


def history_payload(documents, previous: dict | None = None, family: tuple = ()) -> dict:
    """What the history pages need of a family, every comparison already made.

    Comparisons between two versions whose text did not change since ``previous`` (the
    payload stored before this ingest) are taken from it, not computed again, and so are
    those this ingest already made for ``family`` (see ``sharing``).
    """
    history = family_history(family, documents, previous or {})
    hashes = {d.version: d.content_hash for d in documents}
    reusable = _reusable(previous, hashes)
    for i in range(len(history.versions) - 1):
        history.comparison(i)
    # Every range a reader can ask for, not only the older versions with the newest: a
    # range compared on request took its first reader half a second or more.
    spans = {}
    for i, old in enumerate(history.versions):
        for new in history.versions[i + 2 :]:
            pair = (old.label, new.label)
            spans[pair] = reusable.get(pair) or compare(
                old.rules, new.rules, *pair, (old.side(), new.side())
            )
    return {"history": history, "comparisons": spans, "hashes": hashes}


def _reusable(previous: dict | None, hashes: dict) -> dict:
    """(old, new) -> comparison from the previous payload, for pairs whose texts are the same."""
    if not previous or "hashes" not in previous:
        return {}
    same = {label for label, digest in previous["hashes"].items() if hashes.get(label) == digest}
    found = previous["history"].made()
    found.update(previous["comparisons"])
    return {pair: c for pair, c in found.items() if pair[0] in same and pair[1] in same}


def histories(families, generation: int) -> int:
    """Store the payload of each (game slug, kind, language); returns how many were stored."""
    stored = 0
    for game, kind, language in sorted(families):
        documents = list(
            Document.objects.filter(game__slug=game, kind=kind, language=language)
            .defer("report")
            .order_by("version")
        )
        previous = stored_payload(game, kind, language)
        Precomputed.objects.filter(key__startswith=history_prefix(game, kind, language)).delete()
        if not documents:
            continue
        payload = history_payload(documents, previous, (game, kind, language))
        Precomputed.objects.create(
            key=history_key(game, kind, language, documents),
            generation=generation,
            payload=storage.dumps(payload),
        )
        run = _RUN.get()
        if run is not None:
            run["payloads"][(game, kind, language)] = payload
        stored += 1
    return stored


@dataclass(frozen=True)
class Ahead:
    """Pages of one kind that an ingest renders ahead.

    ``scopes()``: every scope the data holds now (a document family, or a game, as a tuple
    whose first item is the game's slug); ``render(*scope, **extra)``: {what names the page
    within its scope: what its view reads}; ``by_family``: whether a scope is a document
    family, which only a change of that family's rules changes (else any change to the game
    does). A family's render gets the History this ingest stored for it (``history``).
    """

    page: str
    scopes: Callable[[], Iterable[tuple]]
    render: Callable[..., dict]
    by_family: bool = False


_AHEAD: list[Ahead] = []


def register(ahead_pages: Ahead) -> None:
    if all(known.page != ahead_pages.page for known in _AHEAD):
        _AHEAD.append(ahead_pages)


def ahead(generation: int, families: set, results=()) -> int:
    """Render ahead, for ``generation``, the pages whose data this ingest changed (the rules
    ``families``, and the games of ``results``), and every other page without a copy valid
    now (a new page format, an admin edit since); copies that stay valid move on to the new
    generation. Returns how many pages were stored."""
    games = {family[0] for family in families}
    games.update(_game_of(item) for item, result in results if result.status != "unchanged")
    current = Precomputed.objects.filter(key__startswith=rendered.format_prefix())
    current.filter(generation=generation - 1).update(generation=generation)
    stale = Precomputed.objects.filter(key__startswith=rendered.PREFIX)
    stale.exclude(generation=generation).delete()
    stored = 0
    for pages in _AHEAD:
        for scope in sorted(set(pages.scopes())):
            kept = current.filter(key__startswith=rendered.scope_prefix(pages.page, *scope))
            changed = scope in families if pages.by_family else scope[0] in games
            if not changed and kept.filter(generation=generation).exists():
                continue
            stored += _store(pages, scope, generation)
    return stored


def forget_game(slug: str) -> None:
    """Drop a removed game's histories and rendered copies: they have no foreign key to
    cascade with, and no scope lists the game any more to replace them."""
    Precomputed.objects.filter(key__startswith=game_history_prefix(slug)).delete()
    for pages in _AHEAD:
        Precomputed.objects.filter(key__startswith=rendered.scope_prefix(pages.page, slug)).delete()


def _store(pages: Ahead, scope: tuple, generation: int) -> int:
    """Write out one scope's pages. Rendering ahead only spares readers: a page that cannot
    be written (a template broken by a deployment) is logged and left to its requests, and
    the data the ingest loaded is kept."""
    Precomputed.objects.filter(key__startswith=rendered.scope_prefix(pages.page, *scope)).delete()
    extra = {}
    if pages.by_family:
        run = _RUN.get() or {"payloads": {}}
        payload = run["payloads"].get(scope)
        if payload is not None:
            payload["history"].precomputed = payload["comparisons"]
            extra["history"] = payload["history"]
    try:
        with transaction.atomic(), _as_one_request():  # a failed query undoes only this
            written = pages.render(*scope, **extra)
    except Exception:
        logger.exception("Rendering the %s pages of %s ahead failed", pages.page, ":".join(scope))
        return 0
    rows = [
        Precomputed(
            key=rendered.rendered_key(pages.page, scope, detail),
            generation=generation,
            payload=rendered.pack(value),
        )
        for detail, value in written.items()
    ]
    Precomputed.objects.bulk_create(rows)
    return len(rows)


@contextlib.contextmanager
def _as_one_request():
    """Page assembly reads the data generation as a request does, once: outside a request
    every read is a query (several per rule written out), and it cannot change meanwhile."""
    if request_scope.active:
        yield
        return
    request_scope.begin()
    try:
        yield
    finally:
        request_scope.end()


def _game_of(item) -> str:
    """The game of an ingested file: a rules document's (its meta), or a knowledge file's."""
    meta = getattr(item, "meta", None)
    return meta.game if meta is not None else item.game
