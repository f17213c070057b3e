"""The names that rules, not headings, carry: what a reader types to mean one rule.

Two kinds. A rule that defines a term: by opening with it, "Conquer: A player gains Control
of a Battlefield…", « Occuper : … », or in a sentence the pages read as a definition too
(``ingest.terms``: "Damage is a marked value…", "A Showdown is…", « La focalisation est
la… »), so that typing a term lands where its links in rule text land. And a rule that is
only a title over its own sub-rules ("Trashes" above 108.2.a…, "The Hand"): a heading in all
but its markup. Typing the name should find that rule first, as typing a heading's name
finds the heading.

A name that is no name is left out: a label opening several rules of a document ("Setup:" in
each mode of play), a title that recurs ("A Game Object"), one that a heading of the same
document bears already (the heading is what the name means), and a title whose every word
a heading's name holds ("Priority", a step of removing a player, under *Priority and
Focus*'s words: the title labels a case of the heading's subject). Only the name bonus reads these:
in a question such a rule is rule text like any other, so heading priors do not apply.
"""

from __future__ import annotations

import re
from collections import Counter

from ingest import languages
from ingest import terms as document_terms
from rulebook.search import weights
from rulebook.search.query import name_key

EXAMPLE_RE = languages.example_re()
# "Term: definition" (French puts a space before the colon): no digit, and at most
# ``weights.TERM_MAX_WORDS`` words once an article is dropped (« Des coûts dans les
# instructions : »), so one more before. No number opens the definition: "Victory Score:
# 8", in each mode of play, gives a value; only "Victory Score: The point total…" says what
# the term is.
TERM_RE = re.compile(
    r"(?P<term>[^\W\d_][^\W\d_'’-]*(?:[ '’-][^\W\d_]+)"
    rf"{{0,{weights.TERM_MAX_WORDS}}})\s?:\s+(?!\d)\S"
)
# A title: words only, no sentence punctuation, at most ``weights.TERM_MAX_WORDS`` words.
TITLE_RE = re.compile(r"[^\W\d_][^\d.:;!?]*")
_WORD_RE = re.compile(r"[^\W\d_]+")


def unique_names(rules, language: str) -> list[tuple[str, str]]:
    """Per rule of one document, in reading order (headings included): the name it carries
    and which kind of name it is, "term" or "title", or ("", "") (see the module's note for
    what is left out)."""
    rules = list(rules)
    after = [r.number for r in rules[1:]] + [""]
    headings = [name_key(r.text) for r in rules if r.is_heading]
    covered = [set(h.split()) for h in headings]
    defined = sentence_definitions(rules, language)
    pairs = zip(rules, after, strict=True)
    found = [_name(r, following, language, covered, defined) for r, following in pairs]
    keys = [name_key(name) for name, _ in found]
    counts = Counter(keys)
    named = zip(found, keys, strict=True)
    return [pair if k and counts[k] == 1 and k not in headings else ("", "") for pair, k in named]


def unique_terms(rules, language: str) -> list[str]:
    """Per rule of one document, in reading order: the name it carries, or ""."""
    return [name for name, _ in unique_names(rules, language)]


def sentence_definitions(rules, language: str) -> dict[str, str]:
    """Rule number -> the term it defines, read as the pages' term links read it (headings
    left out: a heading's name is a name already); a term two rules define belongs to the
    first, where its links land."""
    rows = (document_terms.Row(r.number, r.text, int(r.is_heading)) for r in rules)
    out: dict[str, str] = {}
    for definition in document_terms.definitions(rows, language):
        out.setdefault(definition.number, definition.term)
    return out


def _name(rule, following: str, language: str, covered, defined) -> tuple[str, str]:
    if rule.is_heading:
        return "", ""
    term = defined_term(rule, language) or defined.get(rule.number, "")
    if term:
        return term, "term"
    term = title(rule, following)
    words = set(name_key(term).split())
    # "Priority", a step of removing a player, is a case of *Priority and Focus*'s subject.
    return (term, "title") if words and not any(words <= h for h in covered) else ("", "")


def defined_term(rule, language: str) -> str:
    """The term a rule's text opens by defining ("Hold: A player maintains…" -> "Hold"), its
    leading article dropped (« Des coûts supplémentaires : » -> « coûts supplémentaires »);
    "" for a heading, an example or a rule that defines nothing."""
    if rule.is_heading:
        return ""
    found = TERM_RE.match(rule.text)
    if not found or EXAMPLE_RE.match(rule.text):
        return ""
    words = _WORD_RE.findall(found["term"])
    filler = languages.get(language).filler_words
    while words and languages.fold(words[0]) in filler:
        words.pop(0)
    words = document_terms.without_trailing_verb(words, language)  # as the pages read it
    return " ".join(words) if len(words) <= weights.TERM_MAX_WORDS else ""


def title(rule, following: str) -> str:
    """The rule's text when it is only a title over sub-rules of its own (``following``, the
    number of the next rule, is below it): "Trashes", « Phase de pioche »; else ""."""
    text = rule.text.strip()
    if rule.is_heading or not following.startswith(f"{rule.number}."):
        return ""
    if (
        not TITLE_RE.fullmatch(text)
        or not 1 <= len(_WORD_RE.findall(text)) <= weights.TERM_MAX_WORDS
    ):
        return ""
    return text
