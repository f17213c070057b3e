"""The second pass's last step: version histories computed once per ingest, not per request.

For every document family (game, kind, language) whose rules changed in a run, the comparison
of each pair of consecutive versions, and of each older version with the newest, is computed
here and stored in the database (``Precomputed``), so every worker on every machine reads the
same result and no request pays for it. Rule timelines and history pages are walks over these
comparisons. The payload is a pickle of the engine's own objects: written only by this code,
read back only from our own database.
"""

from __future__ import annotations

import pickle

from rulebook.history import History, Version, compare
from rulebook.models import Document, Precomputed
from rulebook.models.generation import history_key, history_prefix, history_rows


def history_payload(documents, previous: dict | None = None) -> dict:
    """What the history pages need of a family, every comparison already made.

    Comparisons between two versions whose text did not change since ``previous`` (the
    payload stored before this ingest) are taken from it, not computed again.
    """
    history = History([Version(d.version, history_rows(d)) for d in documents])
    hashes = {d.version: d.content_hash for d in documents}
    reusable = _reusable(previous, hashes)
    for i in range(len(history.versions) - 1):
        pair = (history.versions[i].label, history.versions[i + 1].label)
        if pair in reusable:
            history.adopt(i, reusable[pair])
        history.comparison(i)
    newest = history.versions[-1] if history.versions else None
    to_newest = {}
    for old in history.versions[:-2]:
        pair = (old.label, newest.label)
        to_newest[pair] = reusable.get(pair) or compare(old.rules, newest.rules, *pair)
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
        rows = Precomputed.objects.filter(key__startswith=history_prefix(game, kind, language))
        previous = rows.order_by("-generation").values_list("payload", flat=True).first()
        previous = pickle.loads(bytes(previous)) if previous is not None else None
        rows.delete()
        if not documents:
            continue
        payload = history_payload(documents, previous)
        Precomputed.objects.create(
            key=history_key(game, kind, language, documents),
            generation=generation,
            payload=pickle.dumps(payload, protocol=pickle.HIGHEST_PROTOCOL),
        )
        stored += 1
    return stored
