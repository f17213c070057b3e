"""The plain-Python half of the language table: how each language writes about its rules.

Parsers, the autolinker and search read their words from here instead of spelling "rule" /
"règle" in their own regexes, so a new language is one row below (plus a row in
``rulebook/languages.py`` for the Django side and a ``locale/<code>`` catalogue). Word lists
are regex fragments: they are joined into alternations by :func:`alternation`.

The table is a list, not a tuple, on purpose: a deployment (or a test) that adds a language
appends its row before anything else imports the derived patterns.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from ingest import vocabulary


@dataclass(frozen=True)
class LanguageRules:
    code: str
    # Words that name a rule ("rules?"), optionally after a qualifier ("core rules 813").
    rule_words: tuple[str, ...]
    rule_qualifiers: tuple[str, ...] = ()
    # "See 813", "voir 813"; "see also", "voir aussi"; "see the rules 813", "voir les règles".
    see_words: tuple[str, ...] = ("cf\\.?",)
    also_words: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()
    # Lists and ranges of numbers: "350 and 351", "401 to 406".
    and_words: tuple[str, ...] = ()
    range_words: tuple[str, ...] = ()
    # Other words after which a number is a citation ("under 405", "per 438.1", "en 405").
    citing_words: tuple[str, ...] = ()
    # Words after a number that make it a quantity, not a rule ("405 damage").
    quantity_words: tuple[str, ...] = ()
    # The label of a document's date line: "Last Updated: 2026-03-30".
    updated_labels: tuple[str, ...] = ()
    # The chapter that lists keywords, and its glossary heading (not a keyword itself).
    keyword_chapters: tuple[str, ...] = ()
    keyword_glossaries: tuple[str, ...] = ()
    # The label that opens an example inside a rule ("Example:", "Exemple :").
    example_words: tuple[str, ...] = ()
    # Common words: which language an unlabelled document is written in.
    stopwords: frozenset[str] = frozenset()
    # Words of a query that ask for a definition but are no part of the thing's name.
    generic_words: frozenset[str] = frozenset()
    # Question scaffolding that carries no meaning for the rules ("how", "est-ce que").
    question_words: frozenset[str] = frozenset()
    # Function words a question is written with but no rule is found by ("by", "its", "du").
    filler_words: frozenset[str] = frozenset()
    # Spaces before these punctuation marks are conversion defects (French keeps ; : ! ?).
    no_space_before: str = ",.;:!?"
    opening_marks: str = ""
    closing_marks: str = '"”’)]'
    extra: dict = field(default_factory=dict)


ENGLISH = LanguageRules(
    code="en",
    rule_words=("rules?",),
    rule_qualifiers=("core",),
    example_words=("examples?",),
    see_words=("see", "cf\\.?"),
    also_words=("also",),
    articles=("the",),
    and_words=("and", "or"),
    range_words=("to", "through"),
    citing_words=("under", "per", "in"),
    quantity_words=(
        *"damage dmg light points? pts cards? copies hp mana euros? dollars? minutes? mins? "
        "hours? seconds? secs? days? times".split(),
        *vocabulary.quantity_words("en"),  # the games' stats ("4 Might"), from their data
    ),
    updated_labels=("last\\s+updated", "updated"),
    keyword_chapters=("keywords?",),
    keyword_glossaries=("keyword\\s+glossary",),
    stopwords=frozenset(
        "the and of to is a in that it for are with this be as or on their when they can if "
        "player".split()
    ),
    generic_words=frozenset(
        "keyword keywords rule rules status statuses the what is a an define definition".split()
    ),
    question_words=frozenset(
        "can could does do did how what when which who why where happens happen is are i my "
        "me you there if it say says mean means meaning many much work works whats".split()
    ),
    filler_words=frozenset(
        "a an the to by at of or and in on for from with as into onto than that this these "
        "those its it's s t has have had was were be been being will would should also still "
        "just only any some".split()
    ),
)

FRENCH = LanguageRules(
    code="fr",
    rule_words=("règles?", "regles?"),
    example_words=("exemples?",),
    see_words=("voir", "cf\\.?"),
    also_words=("aussi",),
    articles=("la", "les"),
    and_words=("et", "ou"),
    range_words=("à", "au"),
    citing_words=("en",),
    quantity_words=(
        *("dégâts", "lumière", "cartes?", "fois", "heures?"),
        *vocabulary.quantity_words("fr"),
    ),
    updated_labels=("mise\\s+à\\s+jour",),
    keyword_chapters=("mots?[- ]cl[ée]s?",),
    keyword_glossaries=("glossaire\\s+des\\s+mots[- ]cl[ée]s",),
    stopwords=frozenset(
        "le la les et de des du un une est dans que qui pour sont avec ce cette au aux joueur "
        "lorsque".split()
    ),
    generic_words=frozenset(
        "mot cle cles regle regles statut statuts le la les l un une des".split()
    ),
    question_words=frozenset(
        "puis je peux peut on est ce que qu quoi quand comment quel quelle quels quelles se "
        "passe il elle mon ma mes pourquoi fait font faut ils elles combien lequel laquelle "
        "lesquels lesquelles signifie signifient veut dire c j ai qui fonctionne "
        "fonctionnent".split()
    ),
    filler_words=frozenset(
        "le la les l un une des du de d et ou à au aux en par pour sur dans avec sans son sa "
        "ses leur leurs qui que qu ce cet cette ces y a ont été être aussi encore".split()
    ),
    no_space_before=",.",
    opening_marks="«",
    closing_marks='"”’)]»',
)

TABLE: list[LanguageRules] = [ENGLISH, FRENCH]


def get(code: str | None) -> LanguageRules:
    """The row for ``code``; English for an unknown or missing code (the sources' default)."""
    for row in TABLE:
        if row.code == code:
            return row
    return ENGLISH


def codes(language: str | None = None) -> list[str]:
    """``[language]``, or every language of the table when none is given (a search of every
    language reads every language's words)."""
    return [language] if language else [row.code for row in TABLE]


def alternation(name: str) -> str:
    """Every language's words of one kind as a regex alternation, longest first, no repeats."""
    words = dict.fromkeys(word for row in TABLE for word in getattr(row, name))
    return "|".join(sorted(words, key=len, reverse=True))


def words(name: str) -> frozenset[str]:
    """Every language's word set of one kind (generic words, question words …) as one set."""
    return frozenset(word for row in TABLE for word in getattr(row, name))


def rule_word_pattern(qualified: bool = False) -> str:
    """``rules?|règles?|regles?``; with ``qualified``, "core rules" counts as one rule word."""
    plain = alternation("rule_words")
    qualifiers = alternation("rule_qualifiers")
    if qualified and qualifiers:
        return rf"(?:(?:{qualifiers})\s+)?(?:{plain})"
    return plain


def keyword_chapter_re() -> re.Pattern:
    """A heading that is exactly a keyword chapter's name ("Keywords", "Mots-clés")."""
    return re.compile(rf"^(?:{alternation('keyword_chapters')})$", re.IGNORECASE)


def keyword_glossary_re() -> re.Pattern:
    return re.compile(rf"^(?:{alternation('keyword_glossaries')})$", re.IGNORECASE)


def mentions_keywords_re() -> re.Pattern:
    """A heading that names keywords anywhere ("Keyword Glossary", "Mots-clés"), which makes
    it a container of keywords, never a keyword itself."""
    names = alternation("keyword_chapters") + "|" + alternation("keyword_glossaries")
    return re.compile(rf"\b(?:{names})", re.IGNORECASE)


def example_re() -> re.Pattern:
    """An example's label, "Example:" or "Exemple :", with the spaces after it: where a rule's
    own sentence stops and an illustration begins."""
    return re.compile(rf"\b(?:{alternation('example_words')})\s?:\s*", re.IGNORECASE)


def updated_label_pattern() -> str:
    return alternation("updated_labels")


def space_before_punctuation_re(code: str | None) -> re.Pattern:
    """Spaces a PDF conversion left before punctuation, as this language's typography sees
    them: every space before , . ; : ! ? in English; only before , . in French."""
    row = get(code)
    marks = re.escape(row.no_space_before)
    closing = re.escape(row.closing_marks)
    lead = rf"(?<=[^\s{re.escape(row.opening_marks)}])" if row.opening_marks else r"(?<=\S)"
    return re.compile(rf"{lead}[ \t\u00a0\u202f]+(?=[{marks}](?:\s|$|[{closing}]))")


def fold(text: str) -> str:
    """Lowercase without accents ("Réaction" -> "reaction"): how readers type in any language.
    ASCII text has no accent to take off: searches fold every word of the rows they read."""
    if text.isascii():
        return text.lower()
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
