"""The Django half of the language table: names, search analysis and page metadata.

The plain-Python half (how each language writes about its rules) is ``ingest.languages``.
Settings derive ``LANGUAGES`` from this table, and everything else asks :func:`codes` or
:func:`get`, so adding a language is a row here, a row there and a ``locale/<code>``
catalogue. Like its twin, the table is a list so that a deployment or a test can append a row
before the settings are read.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Language:
    code: str
    name: str
    # Whoosh's stemming language (``LanguageAnalyzer``); None: no stemming.
    whoosh_stemmer: str | None
    # Fold accents in the stemmed fields, so "reaction" finds "réaction".
    fold_accents: bool
    # PostgreSQL text search configuration, and the SQL that creates it when it is our own.
    postgres_config: str
    og_locale: str
    postgres_setup: tuple[str, ...] = ()
    # PyStemmer's Snowball algorithm, for the question ranking both engines share
    # (``rulebook.search.word_counts``); None: words are compared on their first letters.
    snowball: str | None = None


def _unaccented(config: str, stemmer: str) -> tuple[str, ...]:
    """A copy of a built-in configuration that ignores accents, created once per database."""
    return (
        f"""DO $$ BEGIN
         IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = '{config}') THEN
           CREATE TEXT SEARCH CONFIGURATION {config} (COPY = {stemmer});
           ALTER TEXT SEARCH CONFIGURATION {config}
             ALTER MAPPING FOR hword, hword_part, word WITH unaccent, {stemmer}_stem;
         END IF;
       END $$""",
    )


TABLE: list[Language] = [
    Language("en", _("English"), "en", False, "english", "en_GB", snowball="english"),
    Language(
        "fr", _("French"), "fr", True, "rulebook_french", "fr_FR",
        postgres_setup=_unaccented("rulebook_french", "french"), snowball="french",
    ),
]  # fmt: skip


# FAQ rulings and card texts are published in English only, and their rule citations are
# numbered against the English Core Rules.
KNOWLEDGE_LANGUAGE = "en"


def choices() -> list[tuple[str, str]]:
    """``settings.LANGUAGES``."""
    return [(row.code, row.name) for row in TABLE]


def codes() -> list[str]:
    """The configured language codes, in settings order (the first is the default)."""
    from django.conf import settings

    return [code for code, _name in settings.LANGUAGES]


def get(code: str | None) -> Language | None:
    for row in TABLE:
        if row.code == code:
            return row
    return None


def local_name(code: str) -> str:
    """A language's name in itself ("Français"): how a language switch offers it."""
    from django.utils.translation import get_language_info

    try:
        name = get_language_info(code)["name_local"]
    except KeyError:
        return code
    return name[:1].upper() + name[1:]  # "français" leads a button or a menu entry


def others(code: str) -> list[str]:
    """Every configured language but ``code``: where a page's counterparts may be."""
    return [other for other in codes() if other != code]
