"""Small text helpers shared by the knowledge parsers: slugs, anchors, rule-number mentions.

They live apart from the parsers because the FAQ, errata and keyword code all need the same
answers to "what is the anchor of this question" and "which rules does this prose cite";
two slightly different slug functions would break links between pages.
"""

from __future__ import annotations

import re
import unicodedata

from ingest import languages
from ingest.model import Finding
from ingest.numbers import normalise

_SLUG_DROP_RE = re.compile(r"[^a-z0-9]+")
# What the site's ``<slug:...>`` URL converter accepts; a slug outside it cannot be reversed.
URL_SLUG_RE = re.compile(r"[-a-zA-Z0-9_]+")
ID_MAX = 100  # ids from data longer than this are cut (at a hyphen) into their URL slug


def slugify(value: str, max_length: int = 80) -> str:
    """ASCII slug: "Réaction" -> "reaction", "Q: What's up?" -> "q-what-s-up".

    Accents are folded rather than dropped so French and English names stay readable in URLs;
    long slugs are cut at a word boundary so anchors stay short but recognisable.
    """
    folded = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode("ascii")
    slug = _SLUG_DROP_RE.sub("-", folded.lower().replace("'", "").replace("’", "")).strip("-")
    if len(slug) > max_length:
        cut = slug[:max_length]
        slug = cut.rsplit("-", 1)[0] if "-" in cut else cut
    return slug or "item"


def url_slug(value, max_length: int = ID_MAX) -> str:
    """An id from a data file as a URL slug: the id itself when a URL can already carry it
    (published links keep working), else its ``slugify`` ("rules-faq-v1.2" -> "rules-faq-v1-2",
    "Règles" -> "regles"), cut at a hyphen when longer than ``max_length``."""
    value = value if isinstance(value, str) else str(value)
    if URL_SLUG_RE.fullmatch(value) and len(value) <= max_length:
        return value
    return slugify(value, max_length)


def settle_slugs(raws, slugs, findings: list[Finding], what: str, changes=True) -> list[str]:
    """``slugs`` made unique in order (``dedupe``); a collision, and (with ``changes``) a slug
    that differs from its raw id, is reported into ``findings``, so the ingest report says
    which URL each odd id got."""
    unique = dedupe(list(slugs))
    for raw, slug, final in zip(raws, slugs, unique, strict=True):
        shown = str(raw)[:60].encode("unicode_escape").decode("ascii")
        if final != slug:
            detail = f"{what} {shown!r}: slug {slug!r} is taken, using {final!r}"
            findings.append(Finding("slug-collision", detail))
        elif changes and final != raw:
            detail = f"{what} {shown!r} is not URL-safe, published as {final!r}"
            findings.append(Finding("slug-changed", detail))
    return unique


def dedupe(slugs: list[str]) -> list[str]:
    """Make slugs unique in order: the second "faq" becomes "faq-2", the third "faq-3".

    A generated slug can itself collide with a literal one ("faq-2" written in the source);
    the counter keeps going until the result is unused.
    """
    seen: set[str] = set()
    counts: dict[str, int] = {}
    out = []
    for slug in slugs:
        candidate = slug
        while candidate in seen:
            counts[slug] = counts.get(slug, 1) + 1
            candidate = f"{slug}-{counts[slug]}"
        seen.add(candidate)
        out.append(candidate)
    return out


def tidy_spacing(text: str) -> str:
    """Undo PDF-conversion spacing ("Reaction , additionally" -> "Reaction, additionally")."""
    text = re.sub(r"\s+([,.;:!?)\]»])", lambda m: m.group(1) if m.group(1) != "»" else " »", text)
    text = re.sub(r"([(\[])\s+", r"\1", text)
    return re.sub(r"[ \t]+", " ", text).strip()


# "rule 813.1", "rules 718.2. and 135.4.", "CR 405.1", "per 438.1.", "règle 349".
_NUM = r"\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2})(?![a-z]))*"
_RULE = languages.rule_word_pattern()
_CITE = languages.alternation("see_words") + "|per"
_AND = languages.alternation("and_words")
_INTRO_RE = re.compile(
    rf"\b(?:{_RULE}|CR|{_CITE})\s+(?P<first>{_NUM})"
    rf"(?P<more>(?:\.?\s*(?:,|\b(?:{_AND})\b|&)\s*(?:(?:{_RULE})\s+)?{_NUM})*)",
    re.IGNORECASE,
)
# A bare dotted number, not part of a longer number, a decimal or a date.
_PART = r"(?:\d{1,3}|[a-z]{1,2})"
_BARE_RE = re.compile(rf"(?<![\w.\-/])(?P<num>\d{{3}}\.{_PART}(?:\.{_PART})*)(?![\w/]|\.\d)")
_LIST_PART_RE = re.compile(_NUM)


def rule_mentions(text: str) -> list[str]:
    """Normalised rule numbers mentioned in prose, in order of first appearance.

    Bare three-digit numbers count only after an introducing word ("rule 467"): on their own
    they are quantities far more often than rules. Dotted numbers ("813.1.c") count anywhere.
    Numbers that do not normalise (PDF junk such as "323.1.1") are skipped, not guessed at.
    """
    found: list[tuple[int, str]] = []
    for match in _INTRO_RE.finditer(text):
        found.append((match.start("first"), match["first"]))
        offset = match.start("more")
        for part in _LIST_PART_RE.finditer(match["more"]):
            found.append((offset + part.start(), part.group(0)))
    for match in _BARE_RE.finditer(text):
        found.append((match.start("num"), match["num"]))
    out: list[str] = []
    for _, raw in sorted(found):
        number = normalise(raw.rstrip("."))
        if number and number not in out:
            out.append(number)
    return out


def first_sentence(text: str) -> str:
    """The first sentence of ``text``; rule numbers like "813.1." do not end a sentence."""
    match = re.search(r"(?<!\d)[.!?](?=\s+[A-ZÀ-Ý«“\"]|\s*$)", text)
    return text[: match.end()].strip() if match else text.strip()


def strip_example(text: str) -> str:
    """Drop the "Example: ..." / "Exemple : ..." tail that rules append to their text."""
    return re.split(r"\s+Exemple?\s*:", text, maxsplit=1)[0].strip()
