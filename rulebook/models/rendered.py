"""Pages an ingest rendered ahead: where they are stored, and how a request reads one.

The ingest (``rulebook.loading.precompute``) writes them with page assembly's output
(``rulebook.pages``); the views read them. Both sides build the key here, from the kind of
page, its scope and what names the page within it. A copy is valid only for the data
generation it carries (an admin edit bumps the generation without rendering anything, and
the copies it made stale are then simply not read), and only for the page format it was
rendered under (``RULEBOOK_PAGE_FORMAT``, changed by a deployment whose templates changed).
"""

from __future__ import annotations

import hashlib
import pickle
import zlib

from django.conf import settings

from .generation import DataGeneration, Precomputed

PREFIX = "rendered:"
_KEY_LENGTH = 200  # Precomputed.key's max_length


def format_prefix() -> str:
    """Every rendered copy of the page format deployed now."""
    return f"{PREFIX}{settings.RULEBOOK_PAGE_FORMAT}:"


def scope_prefix(page: str, *scope: str) -> str:
    """The copies of one kind of page (``changes``, ``keyword``) within one scope (a
    document family, a game)."""
    return format_prefix() + ":".join((page, *scope)) + ":"


def rendered_key(page: str, scope: tuple, detail: str) -> str:
    key = scope_prefix(page, *scope) + detail
    if len(key) > _KEY_LENGTH:  # a long game slug: the scope prefix must stay readable
        key = scope_prefix(page, *scope) + hashlib.sha256(detail.encode()).hexdigest()[:32]
    return key


def pack(value) -> bytes:
    """Rendered HTML compresses about tenfold; the payload is written only by the ingest."""
    return zlib.compress(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL), 6)


def unpack(payload) -> object:
    return pickle.loads(zlib.decompress(bytes(payload)))


def read(page: str, scope: tuple, detail: str):
    """The copy rendered for the data as it is now, or None (never rendered, rendered
    under another page format, or made stale by a change the ingest did not render)."""
    current = DataGeneration.objects.filter(pk=1).values("number")[:1]
    payload = (
        Precomputed.objects.filter(key=rendered_key(page, scope, detail), generation=current)
        .values_list("payload", flat=True)
        .first()
    )
    return unpack(payload) if payload is not None else None
