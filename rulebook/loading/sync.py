"""Synchronising rows on natural keys: the write primitive every knowledge loader shares.

A row whose fields are all equal is left alone, so a second ingest of the same file reports
every entry unchanged, and a new download updates entries in place (their URLs do not move).
Callers own the transaction.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from rulebook.models import KnowledgeSource

CREATED, UPDATED, UNCHANGED, REMOVED = "created", "updated", "unchanged", "removed"


@dataclass
class KnowledgeResult:
    """What one knowledge file did: per row type, how many were created/updated/unchanged."""

    kind: str
    status: str = UNCHANGED
    counts: dict = field(default_factory=dict)
    report: dict = field(default_factory=dict)

    def settle(self) -> KnowledgeResult:
        changed = [c for c in self.counts.values() if c[CREATED] or c[UPDATED] or c[REMOVED]]
        created = any(c[CREATED] for c in self.counts.values())
        self.status = (
            CREATED
            if created and not any(c[UNCHANGED] for c in self.counts.values())
            else UPDATED
            if changed
            else UNCHANGED
        )
        return self


def source_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def new_tally() -> dict:
    """An empty count of what a sync did, per outcome."""
    return {CREATED: 0, UPDATED: 0, UNCHANGED: 0, REMOVED: 0}


def sync_rows(model, existing, key: Callable, rows: Iterable[tuple], fixed: dict) -> tuple:
    """Create, update or delete ``model`` rows so that ``existing`` matches ``rows``.

    ``rows`` are (natural key, field values); ``fixed`` are values every row shares (the
    game). Returns ({key: instance}, tally). Equal rows are not written at all.
    """
    out, tally, stale = upsert_rows(model, existing, key, rows, fixed)
    delete_rows(model, stale, tally)
    return out, tally


def upsert_rows(model, existing, key: Callable, rows: Iterable[tuple], fixed: dict) -> tuple:
    """``sync_rows`` without the delete: returns ({key: instance}, tally, stale rows).

    A parent's stale rows are deleted only after its children are synced, so that the
    children they hold are counted as removed rather than vanishing in a cascade.
    """
    current = {key(obj): obj for obj in existing}
    tally, out, to_create, to_update, names = new_tally(), {}, [], [], set()
    for natural, values in rows:
        obj = current.pop(natural, None)
        if obj is None:
            obj = model(**fixed, **values)
            to_create.append(obj)
            tally[CREATED] += 1
        else:
            changed = [n for n, v in values.items() if _value(obj, n) != _plain(v)]
            for name in changed:
                setattr(obj, name, values[name])
            names.update(changed)
            if changed:
                to_update.append(obj)
            tally[UPDATED if changed else UNCHANGED] += 1
        out[natural] = obj
    model.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        model.objects.bulk_update(to_update, sorted(names), batch_size=500)
    return out, tally, list(current.values())


def delete_rows(model, stale: list, tally: dict) -> None:
    if stale:
        model.objects.filter(pk__in=[obj.pk for obj in stale]).delete()
        tally[REMOVED] += len(stale)


def natural_keys(queryset, *fields: str) -> set[tuple]:
    """The natural keys of the rows ``queryset`` holds now, to compare before and after a
    load."""
    return set(queryset.values_list(*fields))


def settle_by_keys(tally: dict, before: set, after: set) -> dict:
    """Make ``tally`` say what the keys say: a row is removed when its key is gone, created
    when its key is new, whatever did the deleting (a cascade from a parent included).

    A row deleted and inserted again under the same key is counted as updated.
    """
    created = len(after - before)
    tally[UPDATED] += tally[CREATED] - created
    tally[CREATED] = created
    tally[REMOVED] = len(before - after)
    return tally


def _value(obj, name):
    value = getattr(obj, name)
    return value.pk if hasattr(value, "_meta") else value


def _plain(value):
    return value.pk if hasattr(value, "_meta") else value


def record_source(game, kind, name, text, report) -> KnowledgeSource:
    source, _ = KnowledgeSource.objects.update_or_create(
        game=game,
        kind=kind,
        defaults={"source_name": name, "content_hash": source_hash(text), "report": report},
    )
    return source
