"""Test settings with a third language, German, added the way a deployment would add one.

One row in each half of the language table, before the settings read them; no document
exists in German. Used by ``test_third_language`` in a subprocess, because URL patterns,
module-level language lists and the search index's fields are fixed at import.
"""

from ingest import languages as plain_half
from rulebook import languages as django_half

plain_half.TABLE.append(
    plain_half.LanguageRules(
        code="de",
        rule_words=("regeln?",),
        see_words=("siehe",),
        and_words=("und", "oder"),
        range_words=("bis",),
        updated_labels=("zuletzt\\s+aktualisiert",),
        keyword_chapters=("schlüsselwörter",),
        stopwords=frozenset("der die das und ist nicht spieler".split()),
    )
)
django_half.TABLE.append(
    django_half.Language("de", "German", "de", True, "german", "de_DE"),
)

from rulebook.settings.test import *  # noqa: E402, F403
