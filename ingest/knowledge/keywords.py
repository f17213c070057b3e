"""The keyword glossary, derived from a parsed Core Rules document (mentions: ``mentions``).

The glossary chapter moved (7xx up to v1.2, 8xx from 2026-03-30) and is called "Keywords" or
"Mots-clés", so it is found by its heading text, never by number. Everything a keyword page
shows (type, written form, one-line summary) is read from the keyword's own rules, so a new
rules version needs no code change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import languages
from .mentions import compile_patterns, plurals
from .text import dedupe, first_sentence, slugify, strip_example, tidy_spacing

CHAPTER_RE = languages.keyword_chapter_re()
GLOSSARY_RE = languages.keyword_glossary_re()
QUOTE_RE = re.compile(r"[“\"]\s*(.+?)\s*[”\"]|«\s*(.+?)\s*»|‘\s*(.+?)\s*’")
FORMAT_RE = re.compile(r"\b(?:formatted as|suit la formulation)\b", re.IGNORECASE)
SHORT_FOR_RE = re.compile(r"\b(?:short for|version condensée de)\b", re.IGNORECASE)


@dataclass
class Keyword:
    name: str
    slug: str
    number: str  # the defining rule: "813"
    types: list[str] = field(default_factory=list)  # ["Permissive"], ["Passive Ability"]
    written_forms: list[str] = field(default_factory=list)  # ["[Reaction]", "[Reaction][>]"]
    summary: str = ""
    aliases: list[str] = field(default_factory=list)  # "Reactions", "[Reaction]", ...
    rule_numbers: list[str] = field(default_factory=list)
    takes_value: bool = False  # [Shield N], Assault [X]
    language: str = "en"
    notes: list[str] = field(default_factory=list)  # anomalies seen while reading the rules

    @property
    def type(self) -> str | None:
        return self.types[0] if self.types else None


@dataclass
class _Row:
    number: str
    text: str
    heading: bool | None


def _rows(rules) -> list[_Row]:
    """Accept ParsedRule-like objects or dicts ({"number"|"id", "text", "heading"?})."""
    rows = []
    for rule in rules:
        if isinstance(rule, dict):
            number = rule.get("number") or rule.get("id") or ""
            rows.append(
                _Row(
                    str(number).rstrip("."), tidy_spacing(rule.get("text", "")), rule.get("heading")
                )
            )
        else:
            rows.append(
                _Row(
                    str(rule.number).rstrip("."),
                    tidy_spacing(rule.text),
                    getattr(rule, "heading", None),
                )
            )
    return rows


def _title_like(text: str) -> bool:
    """A heading: short, capitalised, no sentence punctuation ("Quick-Draw", "Expert en armes")."""
    return (
        0 < len(text) <= 40
        and text[0].isupper()
        and len(text.split()) <= 4
        and not re.search(r"[.:;!?]$", text)
    )


def _is_top(number: str) -> bool:
    return bool(re.fullmatch(r"\d{3}", number))


def _chapter(rows: list[_Row]) -> tuple[int, str] | None:
    """(index after the chapter or glossary heading, language) or None when there is none."""
    for index, row in enumerate(rows):
        if _is_top(row.number) and CHAPTER_RE.match(row.text):
            language = "fr" if "mot" in row.text.lower() else "en"
            start = index + 1
            for later in range(index + 1, min(index + 40, len(rows))):
                if _is_top(rows[later].number) and GLOSSARY_RE.match(rows[later].text):
                    start = later + 1
                    break
            return start, language
    return None


def derive_keywords(rules, language: str | None = None) -> list[Keyword]:
    """Keywords in glossary order; an empty list when the document has no keyword chapter."""
    rows = _rows(rules)
    found = _chapter(rows)
    if found is None:
        return []
    start, detected = found
    language = language or detected
    chapter_digit = rows[start - 1].number[0]
    headings = []
    for index in range(start, len(rows)):
        row = rows[index]
        if not _is_top(row.number):
            continue
        if row.number[0] != chapter_digit or (row.number.endswith("00") and index > start):
            break
        if _title_like(row.text):  # heading flags are unreliable in v1.1, so text decides
            headings.append(index)
    keywords = []
    for position, index in enumerate(headings):
        end = headings[position + 1] if position + 1 < len(headings) else len(rows)
        top = rows[index].number
        body = [row for row in rows[index + 1 : end] if row.number.startswith(top + ".")]
        keywords.append(_keyword(rows[index], body, language))
    for keyword, slug in zip(keywords, dedupe([k.slug for k in keywords]), strict=True):
        keyword.slug = slug
    return keywords


def _keyword(heading: _Row, body: list[_Row], language: str) -> Keyword:
    name = heading.text.strip()
    keyword = Keyword(
        name=name,
        slug=slugify(name),
        number=heading.number,
        language=language,
        rule_numbers=[heading.number] + [row.number for row in body],
    )
    type_index, subject = _read_types(keyword, body)
    if subject and subject.casefold() != name.casefold():
        keyword.notes.append(f"{body[type_index].number} names '{subject}', heading says '{name}'")
    keyword.written_forms = _written_forms(body) or [f"[{name}]"]
    keyword.takes_value = any(
        re.search(r"\b[XN]\b|\[(?:X|N|Cost|Coût)\]", form) for form in keyword.written_forms
    )
    keyword.summary = _summary(body, type_index)
    keyword.aliases = _aliases(name, keyword.takes_value, subject)
    return keyword


_EN_TYPE_RE = re.compile(r"^(?P<subj>.+?) is an? (?P<type>[\w -]+?) keyword\b", re.IGNORECASE)
_EN_ALSO_RE = re.compile(r"\bIt is also an? (?P<type>[\w -]+?) keyword\b", re.IGNORECASE)
_EN_FALLBACK_RE = re.compile(r"^(?P<subj>[\w'’ -]+?) is an? (?P<type>[A-Z][\w ]+?)\.$")
_FR_TYPE_RE = re.compile(
    r"^(?:Le mot-clé |L['’])?(?P<subj>[\w'’ -]+?) est (?:une? )?(?:mot-clé (?:de )?)?"
    r"(?P<type>[\w'’ -]+?)\s*\."
)
_FR_ALSO_RE = re.compile(r"C['’]est également un mot-clé (?:de )?(?P<type>[\w'’ -]+?)\s*\.")


def _read_types(keyword: Keyword, body: list[_Row]) -> tuple[int, str]:
    """Fill keyword.types from the "X is a Permissive keyword." sentence; return its index."""
    for index, row in enumerate(body[:4]):
        if keyword.language == "fr":
            match = _FR_TYPE_RE.match(row.text)
            if match and re.match(r"(?:qui|que|dont)\b", match["type"]):
                match = None
            also = _FR_ALSO_RE.search(row.text)
        else:
            match = _EN_TYPE_RE.match(row.text) or _EN_FALLBACK_RE.match(row.text)
            also = _EN_ALSO_RE.search(row.text)
        if match:
            keyword.types.append(_type_name(match["type"], keyword.language))
            if also:
                keyword.types.append(_type_name(also["type"], keyword.language))
            return index, match["subj"].strip()
    return -1, ""


def _type_name(raw: str, language: str) -> str:
    """English types in Title Case ("Passive Ability"); French keeps its sentence case."""
    raw = raw.strip()
    if language == "en":
        return " ".join(word[:1].upper() + word[1:] for word in raw.split())
    return raw[:1].upper() + raw[1:]


def _written_forms(body: list[_Row]) -> list[str]:
    forms: list[str] = []
    for row in body:
        if FORMAT_RE.search(row.text):
            for match in QUOTE_RE.finditer(row.text):
                form = next(group for group in match.groups() if group is not None).strip()
                if form not in forms:
                    forms.append(form)
    return forms


def _summary(body: list[_Row], type_index: int) -> str:
    """What the keyword does, in one line: the text it is "functionally short for" when the
    rules give one (what a player would read on a card), else the first telling sentence."""
    for index, row in enumerate(body):
        if not SHORT_FOR_RE.search(row.text):
            continue
        quotes = _quotes(row.text)
        if not quotes:
            children = [r for r in body[index + 1 :] if r.number.startswith(row.number + ".")]
            quotes = [q for child in children for q in _quotes(child.text)]
        if quotes:
            return " ".join(quotes)
    skip = re.compile(
        r"present|présent|formatted|formulation|Multiple instances|plusieurs", re.IGNORECASE
    )
    for row in body[type_index + 1 :]:
        if not skip.search(row.text):
            return first_sentence(strip_example(row.text))
    return first_sentence(body[type_index].text) if body and type_index >= 0 else ""


def _quotes(text: str) -> list[str]:
    out = []
    for match in QUOTE_RE.finditer(text):
        quote = next(group for group in match.groups() if group is not None).strip()
        if len(quote) > 12 or " " in quote:  # skip bare tokens such as “[Reaction]”
            out.append(quote if re.search(r"[.!?]$", quote) else quote + ".")
    return out


def _aliases(name: str, takes_value: bool, subject: str) -> list[str]:
    aliases = [*plurals(name), f"[{name}]"]
    if takes_value:
        aliases.append(f"[{name} N]")
    if subject and subject.casefold() != name.casefold():
        aliases.append(subject)
    return aliases


_GRANT_RE = re.compile(
    r"\b(?:gains?|has|have|had|grants?|gets?|gagnent|gagne|reçoit|reçoivent|possède|"
    r"possèdent|octroie|ont)\b(?P<gap>[^.;]{0,60}?)$",
    re.IGNORECASE,
)
_NEGATION_RE = re.compile(
    r"\b(?:not|no|non|without|whether|n['’]|ne|sans)\b|n['’]t\b", re.IGNORECASE
)
_GENERIC_RE = re.compile(r"^(?:Some|Certaines)\b", re.IGNORECASE)


def granted_keywords(keywords: list[Keyword], rules=None) -> dict[str, list[tuple[str, str]]]:
    """Which keyword's rules make a card have another keyword: {"Reaction": [("Hidden",
    "811.6"), ...]}. Read from sentences such as "gains Reaction", "I have [Reaction]" and
    "functionally short for “[Reaction]”"; negated and generic sentences are ignored.

    ``rules`` is the document the keywords came from; without it only the rule numbers are
    known, so it is required in practice (kept optional for a uniform call with no rules).
    """
    by_number = {row.number: row.text for row in _rows(rules or [])}
    out: dict[str, list[tuple[str, str]]] = {}
    for granting in keywords:
        others = [k for k in keywords if k.name != granting.name]
        for number in granting.rule_numbers:
            for sentence in re.split(r"(?<=[.!?])\s+", by_number.get(number, "")):
                for granted in _grants_in(sentence, others):
                    pair = (granting.name, number)
                    if pair not in out.setdefault(granted, []):
                        out[granted].append(pair)
    return out


def _grants_in(sentence: str, others: list[Keyword]) -> list[str]:
    if _GENERIC_RE.match(sentence):
        return []
    found = []
    for name, pattern, forms in compile_patterns(others):
        if not any(form in sentence for form in forms):
            continue
        for match in pattern.finditer(sentence):
            before = sentence[: match.start()]
            grant = _GRANT_RE.search(before)
            quoted = SHORT_FOR_RE.search(before) and match["bracket"]
            if (
                grant
                and not _NEGATION_RE.search(grant.group(0))
                and not _NEGATION_RE.search(before[-25:])
            ) or quoted:
                found.append(name)
                break
    return found
