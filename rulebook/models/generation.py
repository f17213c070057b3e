"""The data generation, and what the ingest computed ahead for it.

Every ingest that changes data bumps one counter. Everything derived from the data (HTTP
validators, the server-side page cache, precomputed comparisons) is keyed on it, so a change
invalidates all of it at once, in every worker and on every machine, without a purge.
"""

from __future__ import annotations

import datetime as dt
import hashlib

from django.db import models

from rulebook.requestscope import request_scope

EPOCH = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)

# Within one request the generation is read once: the page cache reads it for its key, and
# the per-document copies a page builds from are keyed on it too (an admin edit changes rows
# without changing a document's content hash).
SCOPE_KEY = "data-generation"
# Before the first ingest there is no generation row; tests and fixtures then write rows
# directly, with nothing to tell a process that its kept copies went stale.
INITIAL = "initial"
_kept: dict[str, tuple[str, object]] = {}


class DataGeneration(models.Model):
    """A single row (pk 1); absent until the first ingest that changes data."""

    number = models.PositiveBigIntegerField(default=0)
    # Random per bump: a database restored from a backup, or a test's rolled-back ingest, can
    # bring a number back, and must not bring back the pages cached under it.
    token = models.CharField(max_length=32, default="")
    changed_at = models.DateTimeField()

    def __str__(self):
        return f"generation {self.number}"

    @classmethod
    def current(cls) -> tuple[str, dt.datetime]:
        """(token, time of the change) of the data as it is now (as at the request's first
        read, inside a request; ``forget`` after a bump)."""
        return request_scope.get(SCOPE_KEY, cls._read)

    @classmethod
    def _read(cls) -> tuple[str, dt.datetime]:
        row = cls.objects.filter(pk=1).values_list("token", "changed_at").first()
        return row or (INITIAL, EPOCH)

    @classmethod
    def kept(cls, name: str, compute):
        """``compute()``, kept in this process while the generation holds: a value every
        request needs and only an ingest changes, which would otherwise cost each request a
        database round trip. Nothing is kept before the first ingest."""
        token = cls.current()[0]
        held = _kept.get(name)
        if token == INITIAL:
            return compute()
        if held is None or held[0] != token:
            held = _kept[name] = (token, compute())
        return held[1]

    @staticmethod
    def forget() -> None:
        """Drop the request's copy: the request has just changed the generation."""
        request_scope.forget(SCOPE_KEY)

    @classmethod
    def current_number(cls) -> int:
        return cls.objects.filter(pk=1).values_list("number", flat=True).first() or 0


class Precomputed(models.Model):
    """A payload the ingest computed so that no request has to: keyed by a natural key
    (``history:riftbound:core-rules:en``) and the generation it was computed for."""

    key = models.CharField(max_length=200)
    generation = models.PositiveBigIntegerField()
    payload = models.BinaryField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["key", "generation"], name="precomputed_key_gen")
        ]

    def __str__(self):
        return f"{self.key} @ {self.generation}"


def history_key(game_slug: str, kind: str, language: str, documents) -> str:
    """The natural key of a document family's precomputed history: the family, then the
    versions it was computed from (a new or re-ingested version gives a new key)."""
    versions = ";".join(f"{d.pk}:{d.content_hash[:12]}" for d in documents)
    digest = hashlib.sha256(versions.encode()).hexdigest()[:16]
    return f"{history_prefix(game_slug, kind, language)}{digest}"


def history_prefix(game_slug: str, kind: str, language: str) -> str:
    return f"{game_history_prefix(game_slug)}{kind}:{language}:"


def game_history_prefix(game_slug: str) -> str:
    """Every document family's history of one game."""
    return f"history:{game_slug}:"


def history_rows(document) -> list[dict]:
    """A version's rules as the comparison engine reads them."""
    from .rules import Rule

    rows = Rule.objects.in_document(document).in_order().values("number", "text", "is_heading")
    return [{"number": r["number"], "text": r["text"], "heading": r["is_heading"]} for r in rows]
