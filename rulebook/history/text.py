"""Text helpers shared by the matcher and the word diff: normalising, tokens, similarity.

Sources come from PDF conversions and scrapes, so the same sentence can differ between
versions only in quote style, spacing before punctuation or whitespace. Those differences are
not changes a reader cares about, so every comparison goes through :func:`canonical` first,
while diffs are still rendered from the original text.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from difflib import SequenceMatcher

# A cross-reference number inside rule text: "739", "813.1.c", "437." (trailing dot dropped).
REF_RE = re.compile(r"(?<![\w.])(\d{3}(?:\.(?:\d{1,3}|[a-z]{1,2}))*)(?![\w])")

# Tokens for diffs: a word (with inner apostrophes: can't, n'est) or one punctuation mark,
# each with the whitespace that precedes it so that joining the tokens restores the text.
TOKEN_RE = re.compile(r"\s*(?:\w+(?:['’]\w+)*['’]?|[^\w\s])|\s+$")
_WORD_RE = re.compile(r"\w+(?:['’]\w+)*")

_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'"})
_SPACE_BEFORE_PUNCT_RE = re.compile(r"\s+([,.;:!?)\]])")
_SPACE_AFTER_OPEN_RE = re.compile(r"([(\[])\s+")
_WS_RE = re.compile(r"\s+")


def canonical(text: str) -> str:
    """Text with scrape noise removed: Unicode form, quote style, spacing around punctuation.

    Two rules whose canonical texts are equal are reported as unchanged.
    """
    text = unicodedata.normalize("NFKC", text or "").translate(_QUOTES)
    text = _WS_RE.sub(" ", text).strip()
    text = _SPACE_BEFORE_PUNCT_RE.sub(r"\1", text)
    return _SPACE_AFTER_OPEN_RE.sub(r"\1", text)


def mask_refs(text: str) -> str:
    """Canonical text with every rule number replaced by ``#``, for xref-insensitive equality."""
    return REF_RE.sub("#", canonical(text))


def refs(text: str) -> list[str]:
    """Rule numbers cited in ``text``, in order, normalised (no trailing dot)."""
    return [m.group(1) for m in REF_RE.finditer(canonical(text))]


def tokens(text: str) -> list[str]:
    """Diff tokens: each word or punctuation mark with its leading whitespace."""
    return [tok for tok in TOKEN_RE.findall(text or "") if tok]


def token_key(token: str) -> str:
    """What two tokens must share to be equal in a diff: the token, spacing and quotes aside."""
    return token.strip().translate(_QUOTES)


def words(text: str, is_canonical: bool = False) -> list[str]:
    """Lower-case words of the xref-masked text: the unit of similarity and of the index."""
    masked = REF_RE.sub("#", text if is_canonical else canonical(text))
    return _WORD_RE.findall(masked.lower().replace("#", " ref "))


def similarity(a: list[str], b: list[str], floor: float = 0.0) -> float:
    """Word-sequence similarity in [0, 1].

    Cheap upper bounds come first (length, then shared words) and are returned as soon as
    they fall below ``floor``: most candidate pairs are rejected without a SequenceMatcher.
    """
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    total = len(a) + len(b)
    bound = 2.0 * min(len(a), len(b)) / total
    if bound < floor:
        return bound
    bound = 2.0 * sum((Counter(a) & Counter(b)).values()) / total
    if bound < floor:
        return bound
    return SequenceMatcher(None, a, b, autojunk=False).ratio()


def shingles(seq: list[str], size: int = 2) -> set[tuple[str, ...]]:
    """Word n-grams (a single short word counts as its own shingle) for the candidate index."""
    if len(seq) < size:
        return {tuple(seq)} if seq else set()
    return {tuple(seq[i : i + size]) for i in range(len(seq) - size + 1)}


_EXAMPLE_RE = re.compile(r"\b(?:Examples?|Exemples?)\s*:", re.IGNORECASE)


def split_example(text: str) -> tuple[str, str]:
    """The rule body and its trailing "Example: ..." part ("" when there is none)."""
    found = _EXAMPLE_RE.search(text or "")
    if not found:
        return text or "", ""
    return text[: found.start()], text[found.start() :]
