"""Rule numbers: parsing loose input, normalising, sorting.

Numbers alternate numeric and letter components after a three-digit top level:
``813``, ``813.1``, ``813.1.c``, ``813.1.c.2``, ``135.2.e.7.a``. Printed forms carry a
trailing dot (``813.1.c.2.``); the normalised form never does, and it is the only form used in
URLs, element ids and JSON.
"""

from __future__ import annotations

import re

from . import languages

# A strict, printed or normalised number: "813", "813.1.c.2", "135.2.e.7.a." (trailing dot ok).
STRICT_RE = re.compile(r"^(?P<top>\d{3})(?P<rest>(?:\.(?:\d{1,3}|[a-z]{1,2}))*)\.?$")

# Loose user input: "rule 813.1c2", "CR 405.1", "r813", "813.1.C.2", "règle 349".
_PREFIX_RE = re.compile(
    rf"^\s*(?:{languages.rule_word_pattern(qualified=True)}|cr|r|§)\s*\.?\s*(?=\d)",
    re.IGNORECASE,
)
_LOOSE_BODY_RE = re.compile(r"^(?P<top>\d{3})(?!\d)(?P<rest>(?:\.?(?:\d{1,3}|[a-zA-Z]{1,2}))*)\.?$")
_TOKEN_RE = re.compile(r"\d+|[a-zA-Z]+")


def components(number: str) -> list[str]:
    """Split a normalised number into its components."""
    return number.split(".")


def normalise(value: str) -> str | None:
    """Return the normalised number for loose input, or None when it is not a rule number.

    Alternation is enforced so that "813.1c2" reads as 813 / 1 / c / 2 while garbage such as
    "813.c.c" is refused rather than guessed at.
    """
    if value is None:
        return None
    text = _PREFIX_RE.sub("", str(value).strip()).strip()
    text = text.rstrip(".").strip()
    match = _LOOSE_BODY_RE.match(text)
    if not match:
        return None
    tokens = [match.group("top"), *_TOKEN_RE.findall(match.group("rest"))]
    for index, token in enumerate(tokens[1:], start=1):
        # Components after the top level alternate: digit, letter, digit, letter ...
        wants_digit = index % 2 == 1
        if token.isdigit() != wants_digit:
            return None
    return ".".join(token.lower() for token in tokens)


# What readers type between components besides dots: "813-1-c-2", "813.1 c 2", "813 1 c 2".
_TYPED_SEPARATOR_RE = re.compile(r"(?<=[0-9A-Za-z])(?:\s*[-‐‑–]\s*|\s+)(?=[0-9A-Za-z])")
# A hyphen or space before three digits is a range or a second number ("405-407"), not a part.
_TYPED_RANGE_RE = re.compile(r"(?<=\d)(?:\s*[-‐‑–]\s*|\s+)\d{3}")


def typed(value: str) -> str | None:
    """``normalise`` for what a reader types into a short link or a search box, where hyphens
    and spaces separate components too: "813-1-c-2" and "813.1 c 2" are 813.1.c.2.

    Kept apart from ``normalise``, which reads the documents themselves: there "405-407" is a
    range, and a space ends a number.
    """
    if value is None:
        return None
    text = str(value).strip()
    if _TYPED_RANGE_RE.search(text):
        return None
    number = normalise(_TYPED_SEPARATOR_RE.sub(".", text))
    return number if number and STRICT_RE.match(number) else None  # not "402 2 players"


def is_strict(value: str) -> bool:
    """True for a number as a rules document prints it (no loose prefixes or glued letters)."""
    return bool(STRICT_RE.match(value.strip()))


def parent(number: str) -> str | None:
    """The numeric parent (813.1.c.2 -> 813.1.c); top-level numbers have none."""
    parts = components(number)
    return ".".join(parts[:-1]) if len(parts) > 1 else None


def ancestors(number: str) -> list[str]:
    """Numeric ancestors from the top level down, excluding the number itself."""
    parts = components(number)
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def depth(number: str) -> int:
    """0 for a top-level number, one more for each component."""
    return len(components(number)) - 1


def sort_key(number: str) -> str:
    """A string that sorts rule numbers in reading order (103.2 < 103.10, 813.1.c < 813.1.d).

    Each component is left-padded to five characters with zeros, so digits compare as numbers
    and "aa" follows "z". A parent is a prefix of its children and so sorts before them.
    """
    return ".".join(part.rjust(5, "0") for part in components(number))


def anchor(number: str, occurrence: int = 1) -> str:
    """The element id for a number; repeats in a source get ``~2``, ``~3``."""
    return number if occurrence <= 1 else f"{number}~{occurrence}"


def is_descendant(number: str, of: str) -> bool:
    """True when ``number`` sits numerically below ``of``."""
    return number.startswith(of + ".")


def successor_candidates(number: str) -> list[str]:
    """Numbers that may legally follow ``number`` in a document, used to vet glued splits.

    After 347.1.a the next rule can be a child (347.1.a.1), a sibling (347.1.b), or a sibling of
    any ancestor (347.2, 348).
    """
    parts = components(number)
    out = [number + (".1" if len(parts) % 2 == 1 else ".a")]
    for cut in range(len(parts), 0, -1):
        last = parts[cut - 1]
        bumped = str(int(last) + 1).zfill(len(last)) if last.isdigit() else _next_letter(last)
        out.append(".".join([*parts[: cut - 1], bumped]))
    return out


def _next_letter(letters: str) -> str:
    """ "a" -> "b", "z" -> "aa", "az" -> "ba": the sequence that sort_key orders."""
    if letters[-1] != "z":
        return letters[:-1] + chr(ord(letters[-1]) + 1)
    if len(letters) == 1:
        return "aa"
    return _next_letter(letters[:-1]) + "a"


_ANCHOR_RE = re.compile(r"^[a-z][a-z0-9-]{0,43}$")


def lookup_key(value: str) -> str | None:
    """What a URL segment names: a rule number in normal form, or a prose block's anchor.

    Prose games' blocks have readable anchors ("take-cover") instead of numbers; anything
    else that is not a number is refused.
    """
    value = (value or "").strip()
    if value[:1].isdigit() or value[:1].lower() in "rc§":
        normal = normalise(value.split("~")[0])
        if normal or value[:1].isdigit():
            return normal
    return value if _ANCHOR_RE.match(value) else None
