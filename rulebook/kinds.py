"""The registry of rule-document kinds: the one place that knows "core-rules" and its URL.

URL converters, the ingest command's ``--kind`` choices, the sitemap, the number jump, the API
enums and the OpenAPI document all derive from this table, so a new kind of rules document
(say, a "quick-start" booklet) is one row here.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class DocumentKind:
    key: str  # stored in ``Document.kind`` and used by the API
    slug: str  # the URL segment of its pages
    label: str  # the document's name ("Core Rules")
    nav_label: str  # its link among a game's sections ("Rules")


TABLE: list[DocumentKind] = [
    DocumentKind("core-rules", "rules", _("Core Rules"), _("Rules")),
    DocumentKind(
        "tournament-rules", "tournament-rules", _("Tournament Rules"), _("Tournament Rules")
    ),
]

# The kind everything else is said about: keywords are defined in it, FAQ rulings and cards
# cite it, short links and the number jump prefer it.
CORE_RULES = TABLE[0].key


def keys() -> list[str]:
    return [kind.key for kind in TABLE]


def choices() -> list[tuple[str, str]]:
    return [(kind.key, kind.label) for kind in TABLE]


def slug_of(key: str) -> str:
    """The URL segment of a kind (an unknown key is its own slug)."""
    return next((kind.slug for kind in TABLE if kind.key == key), key)


def key_of(slug: str) -> str | None:
    return next((kind.key for kind in TABLE if kind.slug == slug), None)


def slug_regex() -> str:
    """The URL converter's pattern: every kind's slug, longest first."""
    import re

    return "|".join(re.escape(kind.slug) for kind in sorted(TABLE, key=lambda k: -len(k.slug)))
