"""Bumping the data generation: the one write that invalidates every derived copy at once.

Called inside the ingest's transaction, so a rolled-back run (``--strict``, ``--dry-run``)
leaves the generation, and so every cache and validator, untouched.
"""

from __future__ import annotations

import uuid

from django.db.models import F
from django.utils import timezone

from rulebook.models import DataGeneration


def bump() -> int:
    """Advance the generation and return the new number."""
    now = timezone.now()
    DataGeneration.objects.get_or_create(pk=1, defaults={"number": 0, "changed_at": now})
    DataGeneration.objects.filter(pk=1).update(
        number=F("number") + 1, token=uuid.uuid4().hex, changed_at=now
    )
    DataGeneration.forget()
    return DataGeneration.objects.get(pk=1).number


def changed(results) -> bool:
    """Whether any file of a run created or updated data."""
    return any(result.status != "unchanged" for _item, result in results)
