"""Query text handling shared by every backend: cleaning, parsing, folding and snippets.

User input is never handed to an engine's own query parser: raw syntax (``AND OR NOT (``,
unbalanced quotes, a lone ``*``) would either raise or change meaning. Instead the box's small
language (words, "quoted phrases", ``prefix*``) is parsed here into terms that each backend
turns into its own query objects.
"""

from __future__ import annotations

import html
import re
import unicodedata
from dataclasses import dataclass, field

from ingest import languages, numbers
from ingest.languages import fold
from rulebook.search import weights

OPERATORS = {"AND", "OR", "NOT"}
# Words that say "I am looking for a definition" but are not part of the thing's name, and
# question scaffolding that carries no meaning for the rules (dropped so that AND can succeed).
GENERIC_WORDS = languages.words("generic_words")
QUESTION_WORDS = languages.words("question_words")
FILLER_WORDS = languages.words("filler_words")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_QUOTES = str.maketrans({"“": '"', "”": '"', "«": '"', "»": '"', "„": '"', "’": "'"})
_PHRASE_RE = re.compile(r'"([^"]*)"')
_WORD_RE = re.compile(r"[^\W_]+")
_EDGE_PUNCT = "()[]{}<>?!,;:.\"'"
_HISSING_RE = re.compile(r"(?:s|sh|ch|x|z)$")


@dataclass
class QueryTerm:
    kind: str  # "word", "phrase", "prefix", "number"
    value: str  # the word / phrase / prefix stem as typed (lowercased), or a normalised number
    words: list[str] = field(default_factory=list)  # a phrase's words


@dataclass
class ParsedQuery:
    text: str
    terms: list[QueryTerm]

    @property
    def empty(self) -> bool:
        return not self.terms

    @property
    def words(self) -> list[str]:
        """Every plain word, phrase word and prefix stem, in order."""
        out = []
        for term in self.terms:
            out.extend(term.words if term.kind == "phrase" else [term.value])
        return out

    @property
    def name_key(self) -> str:
        """The query folded for comparison with heading names, minus words like "keyword"."""
        kept = [fold(w) for w in self.words if fold(w) not in GENERIC_WORDS]
        return " ".join(kept)

    @property
    def name_variants(self) -> list[str]:
        """The name key with the plural mark of its last or its first word added or taken off:
        players type "legend" for the heading *Legends* and « champ de bataille » for
        *Champs de bataille* (both languages mark the plural with an s, French on the head
        noun of "X de Y"). Empty when that cannot apply."""
        words = self.name_key.split()
        out = []
        for i in dict.fromkeys([len(words) - 1, 0]) if words else []:
            for other in _plural_toggled(words[i]):
                out.append(" ".join([*words[:i], other, *words[i + 1 :]]))
        return out


def _plural_toggled(word: str) -> list[str]:
    """The word with its plural mark taken off or added: an s, or es after a hissing end
    ("trash" / "trashes", "box" / "boxes")."""
    if len(word) < weights.PLURAL_MIN_LENGTH or not word.isalpha():
        return []
    if word.endswith("ss"):  # "glass" is no plural of "glas"
        return [word + "es"]
    if word.endswith("es") and _HISSING_RE.search(word[:-2]):
        return [word[:-2], word[:-1]]  # "trashes" -> "trash"; "phases" -> "phase"
    if word.endswith("s"):
        return [word[:-1]]
    return [word + "es", word + "s"] if _HISSING_RE.search(word) else [word + "s"]


def clean(text: str | None) -> str:
    """Strip NUL and control characters, normalise quotes and spaces, truncate.

    NUL bytes are removed here because PostgreSQL refuses them in any string parameter.
    """
    text = unicodedata.normalize("NFC", str(text or ""))
    text = _CONTROL_RE.sub(" ", text).translate(_QUOTES)
    return " ".join(text.split())[: weights.MAX_QUERY_CHARS].strip()


def parse(text: str) -> ParsedQuery:
    """Split cleaned input into phrases, prefixes, numbers and words; never raises."""
    text = clean(text)
    terms: list[QueryTerm] = []
    rest = []
    last = 0
    for match in _PHRASE_RE.finditer(text):
        rest.append(text[last : match.start()])
        words = [w.lower() for w in _WORD_RE.findall(match.group(1))]
        if len(words) > 1:
            terms.append(QueryTerm("phrase", " ".join(words), words))
        elif words:
            terms.append(QueryTerm("word", words[0]))
        last = match.end()
    rest.append(text[last:].replace('"', " "))
    for chunk in " ".join(rest).split():
        terms.extend(_chunk_terms(chunk))
    content = [t for t in terms if not (t.kind == "word" and fold(t.value) in QUESTION_WORDS)]
    return ParsedQuery(text, (content or terms)[: weights.MAX_TERMS])


def name_key(name: str) -> str:
    """A name as the index keeps it for the exact-name bonus: the key a query typing it gets
    (``ParsedQuery.name_key``), so that "The Board", "Jinx, Rebel" and « Les états du tour »
    are named by what a reader types, articles, commas and apostrophes and all."""
    return parse(name).name_key if name else ""


def _chunk_terms(chunk: str) -> list[QueryTerm]:
    if chunk in OPERATORS:
        return []
    stripped = chunk.strip(_EDGE_PUNCT)
    if any(c.isdigit() for c in stripped):
        number = numbers.normalise(stripped)
        if number:
            return [QueryTerm("number", number)]
    if stripped.endswith("*"):
        stem = "".join(_WORD_RE.findall(stripped.rstrip("*"))).lower()
        return [QueryTerm("prefix", stem)] if len(stem) >= weights.MIN_PREFIX else []
    return [QueryTerm("word", w.lower()) for w in _WORD_RE.findall(stripped)]


def surface_words(text: str) -> list[str]:
    """Lowercased words worth completing or correcting to (letters only, three or more)."""
    return [w for w in (m.lower() for m in re.findall(r"[^\W\d_]{3,}", text))]


def snippet(text: str, spans: list[tuple[int, int]], width: int = 240) -> str:
    """Escape ``text`` and wrap each (start, end) span in <mark>, cut to a window of ``width``.

    The window is placed where the most spans fall, so long rules show their relevant part.
    This function is the one place snippets become HTML, which is why templates may mark the
    result safe: everything outside the <mark> tags went through html.escape.
    """
    spans = sorted({(s, e) for s, e in spans if 0 <= s < e <= len(text)})
    start, end = _window(text, spans, width)
    out, pos = [], start
    for s, e in spans:
        if s < pos or e > end:
            continue
        out.append(html.escape(text[pos:s]))
        out.append(f"<mark>{html.escape(text[s:e])}</mark>")
        pos = e
    out.append(html.escape(text[pos:end]))
    return ("… " if start > 0 else "") + "".join(out) + (" …" if end < len(text) else "")


def _window(text: str, spans, width):
    if len(text) <= width:
        return 0, len(text)
    best, best_count = 0, -1
    for s, _ in spans:
        lo = max(0, s - width // 4)
        count = sum(1 for a, b in spans if a >= lo and b <= lo + width)
        if count > best_count:
            best, best_count = lo, count
    start = best
    if start > 0:  # begin on a word boundary
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 20 else start
    end = min(len(text), start + width)
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start + width // 2 else end
    return start, end


def word_spans(text: str, wanted, analyse) -> list[tuple[int, int]]:
    """Spans of words in ``text`` whose analysed form (``analyse(word)``) is in ``wanted``."""
    spans = []
    if not wanted:
        return spans
    for match in re.finditer(r"\w+(?:\.\w+)*", text):
        if analyse(match.group()) in wanted:
            spans.append(match.span())
    return spans
