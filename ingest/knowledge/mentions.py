"""Where a text mentions a keyword: whole words, plurals, bracket forms, everyday words.

Kept apart from the glossary's derivation (``keywords``): FAQ, card and rule texts are read
for mentions at every ingest, by patterns compiled once per keyword list.
"""

from __future__ import annotations

import re

# Keywords that are also everyday words: in running text they count only in brackets, or
# capitalised mid-sentence on their own ("gains Action", not "Discretionary Action", not
# "Hidden Blade"). The list covers English and French glossary names.
COMMON_WORDS = {
    "action",
    "hidden",
    "shield",
    "temporary",
    "tank",
    "vision",
    "level",
    "unique",
    "flow",
    "repeat",
    "hunt",
    "equip",
    "mighty",
    "caché",
    "bouclier",
    "niveau",
    "flux",
    "chasse",
    "protection",
    "temporaire",
    "équiper",
    "répétition",
    "amplification",
}


def plurals(name: str) -> list[str]:
    """["Reactions"] for nouns; nothing for adjectives such as Hidden or Temporary."""
    if " " in name or name.endswith(("s", "x", "y", "ed", "é", "en")):
        return []
    return [name + "s"]


def _names(keywords) -> list[tuple[str, list[str]]]:
    out = []
    for item in keywords:
        if isinstance(item, str):
            out.append((item, plurals(item)))
        else:
            words = [a for a in item.aliases if not a.startswith("[")]
            out.append((item.name, words))
    return out


_PATTERNS: dict[tuple, list[tuple[str, re.Pattern, tuple[str, ...]]]] = {}


def compile_patterns(keywords) -> list[tuple[str, re.Pattern, tuple[str, ...]]]:
    """(name, pattern, forms) per keyword. Every match of a pattern contains one of its
    forms (the bracket form contains the name), so a text holding none of them is skipped
    without running the pattern: most rule texts mention no keyword at all."""
    key = tuple((name, tuple(words)) for name, words in _names(keywords))
    if key not in _PATTERNS:
        compiled = []
        for name, words in key:
            forms = {name, *words}
            alternation = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
            bracket = rf"\[\s*{re.escape(name)}(?:\s+[^\]\[]{{1,6}})?\s*\]"
            compiled.append(
                (
                    name,
                    re.compile(
                        rf"(?P<bracket>{bracket})|(?<![\w\-])(?P<word>{alternation})(?![\w\-])"
                    ),
                    tuple(forms),
                )
            )
        _PATTERNS[key] = compiled
    return _PATTERNS[key]


_SENTENCE_START_RE = re.compile(r"(?:^|[.!?:;]\s+|\n\s*(?:[-*]\s+|\d+\.\s+)?|\(\s*)$")
_PREV_CAPITAL_RE = re.compile(r"(?<![.!?:;]\s)\b[A-ZÀ-Ý][\w'’-]*\s+$")
_SUBJECT_FOLLOW_RE = re.compile(r"^(?:\s+(?:is|has|was|and|or|can|does|doesn['’]t|est|a)\b|[,'’])")


def _counts(name: str, match: re.Match, text: str) -> bool:
    """Whether a bare-word match of an everyday-word keyword is really the keyword."""
    if match["bracket"] or name.lower() not in COMMON_WORDS:
        return True
    before, after = text[: match.start()], text[match.end() :]
    if re.match(r"^\s+[A-ZÀ-Ý]", after):  # "Hidden Blade": part of a longer name
        return False
    if _SENTENCE_START_RE.search(before):
        return bool(_SUBJECT_FOLLOW_RE.match(after))
    return not _PREV_CAPITAL_RE.search(before)  # "Discretionary Action" is another term


def keyword_mentions(text: str, keywords, exclude=()) -> list[str]:
    """Keyword names mentioned in ``text``, in order of first mention.

    Matching is case-sensitive (keywords are capitalised in rules and FAQs; "in reaction" is
    prose), whole-word (Action is not found inside Reaction), plural-aware (Reactions) and
    accepts the bracket forms ([Reaction], [Shield 2]). Names in ``exclude`` (card names such
    as "Thrill of the Hunt" or "Hidden Blade") are blanked out first.
    """
    return _mentions(text, compile_patterns(keywords), exclude)


def mention_finder(keywords):
    """``keyword_mentions`` for many texts and the same keywords: their patterns are looked
    up once, not once per text (a document's rules are thousands of texts)."""
    compiled = compile_patterns(keywords)
    return lambda text, exclude=(): _mentions(text, compiled, exclude)


def _mentions(text: str, compiled, exclude) -> list[str]:
    for name in sorted(exclude, key=len, reverse=True):
        text = text.replace(name, "·" * len(name))
    hits: list[tuple[int, str]] = []
    for name, pattern, forms in compiled:
        if not any(form in text for form in forms):
            continue
        for match in pattern.finditer(text):
            if _counts(name, match, text):
                hits.append((match.start(), name))
                break
    return [name for _, name in sorted(hits)]
