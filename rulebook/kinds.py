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
    # What a citation, a short link (``/r/tr/703.9``) and Discord call it: "TR 703.9".
    abbreviation: str = ""
    # How a title line, or running text citing the document ("Core Rules 110", "rule 110 of
    # the Core Rules"), names the kind: regex fragments, any language.
    title_words: tuple[str, ...] = ()


TABLE: list[DocumentKind] = [
    DocumentKind(
        "core-rules",
        "rules",
        _("Core Rules"),
        _("Rules"),
        abbreviation="CR",
        title_words=(r"core\s+rules", r"comprehensive\s+rules", r"r[èe]gles\s+du\s+jeu"),
    ),
    DocumentKind(
        "tournament-rules",
        "tournament-rules",
        _("Tournament Rules"),
        _("Tournament Rules"),
        abbreviation="TR",
        title_words=(r"tournament\s+rules", r"r[èe]gles\s+(?:des\s+|de\s+)?tournois?"),
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


def get(key: str) -> DocumentKind | None:
    return next((kind for kind in TABLE if kind.key == key), None)


def key_of_abbreviation(abbreviation: str) -> str | None:
    """ "tr" -> "tournament-rules" (any case): the kind a short link or a citation names."""
    wanted = abbreviation.casefold()
    found = (k.key for k in TABLE if k.abbreviation and k.abbreviation.casefold() == wanted)
    return next(found, None)


def key_of_path(path: str) -> str | None:
    """The kind of the rules document a rule page's path is in: the segment after the language
    and the game ("/en/riftbound/tournament-rules/703.9/"); None for any other page."""
    parts = path.split("?")[0].strip("/").split("/")
    return key_of(parts[2]) if len(parts) > 3 else None


def title_patterns() -> dict[str, str]:
    """Kind -> the alternation of the words its title line may carry, for ingest's detection
    (``ingest.metadata.kind_from_title``, which knows no Django)."""
    return {kind.key: "|".join(kind.title_words) for kind in TABLE if kind.title_words}


def citation_names() -> dict[str, tuple[str, str]]:
    """Kind -> (abbreviation, alternation of its names): how one document's text cites
    another (``ingest.citations``), "CR 110" or "rule 110 of the Core Rules"."""
    return {
        kind.key: (kind.abbreviation, "|".join(kind.title_words))
        for kind in TABLE
        if kind.abbreviation or kind.title_words
    }


def slug_regex() -> str:
    """The URL converter's pattern: every kind's slug, longest first."""
    import re

    return "|".join(re.escape(kind.slug) for kind in sorted(TABLE, key=lambda k: -len(k.slug)))
