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


def history_payload(documents) -> dict:
    """What the history pages need of a family, every comparison already made."""
    history = History([Version(d.version, history_rows(d)) for d in documents])
    for i in range(len(history.versions) - 1):
        history.comparison(i)
    newest = history.versions[-1] if history.versions else None
    to_newest = {
        (old.label, newest.label): compare(old.rules, newest.rules, old.label, newest.label)
        for old in history.versions[:-2]
    }
    return {"history": history, "comparisons": to_newest}


def histories(families, generation: int) -> int:
    """Store the payload of each (game slug, kind, language); returns how many were stored."""
    stored = 0
    for game, kind, language in sorted(families):
        documents = list(
            Document.objects.filter(game__slug=game, kind=kind, language=language)
            .defer("report")
            .order_by("version")
        )
        Precomputed.objects.filter(key__startswith=history_prefix(game, kind, language)).delete()
        if not documents:
            continue
        payload = pickle.dumps(history_payload(documents), protocol=pickle.HIGHEST_PROTOCOL)
        Precomputed.objects.create(
            key=history_key(game, kind, language, documents),
            generation=generation,
            payload=payload,
        )
        stored += 1
    return stored
