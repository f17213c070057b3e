"""Storing the rules' sentence vectors (``rulebook.models.EncodedText``).

Search decides what to encode and encodes it (``rulebook.search.nearest``); the rows are
written here, with every other write. A vector is keyed by its model and text, so a row,
once written, is never changed: a text whose vector exists is counted as unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from rulebook.models import EncodedText


def store_vectors(rows: Iterable[tuple[str, bytes]]) -> dict[str, int]:
    """Write (digest, vector bytes) pairs in one transaction; counts of rows created and of
    rows already there (another process may have encoded the same text meanwhile)."""
    rows = dict(rows)
    with transaction.atomic():
        there = EncodedText.objects.known(rows)
        fresh = [EncodedText(digest=d, vector=v) for d, v in rows.items() if d not in there]
        EncodedText.objects.bulk_create(fresh, batch_size=500, ignore_conflicts=True)
    return {"created": len(fresh), "unchanged": len(there)}
