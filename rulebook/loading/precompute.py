"""The second pass's last step: version histories computed once per ingest, not per request.

For every document family (game, kind, language) whose rules changed in a run, the comparison
of each pair of consecutive versions, and of each older version with the newest, is computed
here and stored in the database (``Precomputed``), so every worker on every machine reads the
same result and no request pays for it. Rule timelines and history pages are walks over these
comparisons. The payload is a pickle of the engine's own objects: written only by this code,
read back only from our own database.
"""

from __future__ import annotations

import contextlib
import pickle
from contextvars import ContextVar

from rulebook.history import History, Version, compare
from rulebook.models import Document, Precomputed
from rulebook.models.generation import history_key, history_prefix, history_rows

# Within one ingest (``sharing``): "histories": family -> (its documents' ids and hashes,
# History); "stored": family -> the payload stored before the ingest.
_RUN: ContextVar[dict | None] = ContextVar("precompute_run", default=None)


@contextlib.contextmanager
def sharing():
    """One ingest's citation pass and precompute both compare the English Core Rules
    versions: inside this, they share one History per family, so each pair is compared
    once, and the stored payload is read once."""
    token = _RUN.set({"histories": {}, "stored": {}})
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
    previous = pickle.loads(bytes(previous)) if previous is not None else None
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
    newest = history.versions[-1] if history.versions else None
    to_newest = {}
    for old in history.versions[:-2]:
        pair = (old.label, newest.label)
        to_newest[pair] = reusable.get(pair) or compare(
            old.rules, newest.rules, *pair, (old.side(), newest.side())
        )
    return {"history": history, "comparisons": to_newest, "hashes": hashes}


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
            payload=pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL),
        )
        stored += 1
    return stored
