"""Word-level diffs of rule text and detection of changes that flip a rule's meaning.

A reader scanning a new rules version mostly wants two things: to see what words changed
(rendered as <ins>/<del>) and to be warned when a small edit reverses a rule ("may" becoming
"must", a "not" appearing). Both work on plain strings so templates and the JSON API can use
them without the matcher.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from rulebook.history.text import token_key, tokens

EQUAL, INSERT, DELETE = "equal", "insert", "delete"


@dataclass
class DiffOp:
    """A run of tokens that is unchanged, inserted or deleted; tokens keep their spacing."""

    op: str
    tokens: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "".join(self.tokens)

    def to_json(self) -> dict:
        return {"op": self.op, "text": self.text, "tokens": list(self.tokens)}


def word_diff(old: str, new: str) -> list[DiffOp]:
    """Token diff from ``old`` to ``new``; a replacement becomes a delete then an insert.

    Tokens compare by their canonical form, so a change of quote style or of spacing is not
    shown as an edit; equal runs carry the new text's tokens.
    """
    old_tokens, new_tokens = tokens(old), tokens(new)
    matcher = SequenceMatcher(
        None,
        [token_key(t) for t in old_tokens],
        [token_key(t) for t in new_tokens],
        autojunk=False,
    )
    ops: list[DiffOp] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            _append(ops, EQUAL, new_tokens[j1:j2])
            continue
        if i2 > i1:
            _append(ops, DELETE, old_tokens[i1:i2])
        if j2 > j1:
            _append(ops, INSERT, new_tokens[j1:j2])
    return ops


def _append(ops: list[DiffOp], op: str, toks: list[str]) -> None:
    if ops and ops[-1].op == op:
        ops[-1].tokens.extend(toks)
    else:
        ops.append(DiffOp(op, list(toks)))


def render_html(ops: list[DiffOp]) -> str:
    """Escaped HTML of a diff; the only markup produced is <ins> and <del>.

    Leading whitespace stays outside the tags so that struck-out words do not swallow the
    space before them.
    """
    out = []
    for op in ops:
        text = op.text
        if op.op == EQUAL:
            out.append(html.escape(text))
            continue
        body = text.lstrip()
        lead = text[: len(text) - len(body)]
        tag = "ins" if op.op == INSERT else "del"
        out.append(f"{html.escape(lead)}<{tag}>{html.escape(body)}</{tag}>")
    return "".join(out)


def changed_text(ops: list[DiffOp]) -> tuple[str, str]:
    """The deleted and the inserted text of a diff, for quick tests and summaries."""
    deleted = "".join(op.text for op in ops if op.op == DELETE)
    inserted = "".join(op.text for op in ops if op.op == INSERT)
    return deleted, inserted


# Word classes whose swap reverses a rule. Counting them on each side (rather than pairing
# diff hunks) is robust to fragmented diffs: equal runs cancel out of the difference.
_PERMISSIVE = {"may", "can", "peut", "peuvent", "pouvez", "pouvons", "pourra", "pourront"}
_MANDATORY = {"must", "doit", "doivent", "devez", "devons", "devra", "devront"}
_CAN = {"can"}
_CANNOT = {"can't", "cannot", "can’t"}
_NEGATION_EN = {"not", "never", "don't", "doesn't", "isn't", "aren't", "won't", "didn't"}
_NEGATION_FR = {"pas", "jamais"}


def _count(words: list[str], vocab: set[str]) -> int:
    return sum(1 for w in words if w in vocab)


def _flip(old: list[str], new: list[str], a: set[str], b: set[str]) -> int:
    """+1 when ``a`` words gave way to ``b`` words, -1 for the reverse, 0 otherwise."""
    da, db = _count(new, a) - _count(old, a), _count(new, b) - _count(old, b)
    if da < 0 < db:
        return 1
    if db < 0 < da:
        return -1
    return 0


def meaning_flips(old: str, new: str, ops: list[DiffOp] | None = None) -> list[str]:
    """Labels for meaning-reversing edits: "may→must", "can→can't", "not added", ...

    Works for English and French (peut ↔ doit, ne…pas) without knowing the language. A
    negation counts only when it comes and goes in a short edit: "not" inside a newly added
    clause ("... that don't specify a player") qualifies the rule rather than reversing it.
    ``ops`` is the word diff of the two texts, when the caller already has it.
    """
    o, n = _norm_words(tokens(old)), _norm_words(tokens(new))
    flips = []
    for a, b, forward, backward in (
        ({"may"}, {"must"}, "may→must", "must→may"),
        (_PERMISSIVE - {"may", "can"}, _MANDATORY - {"must"}, "peut→doit", "doit→peut"),
        (_CAN, _CANNOT, "can→can't", "can't→can"),
    ):
        flip = _flip(o, n, a, b)
        flips += [forward] if flip > 0 else [backward] if flip < 0 else []
    ops = word_diff(old, new) if ops is None else ops
    short = [op for op in ops if op.op != EQUAL and len(op.tokens) <= SHORT_EDIT]
    for vocab, added, removed in (
        (_NEGATION_EN, "not added", "not removed"),
        (_NEGATION_FR, "ne…pas added", "ne…pas removed"),
    ):
        delta = sum(
            _count(_norm_words(op.tokens), vocab) * (1 if op.op == INSERT else -1) for op in short
        )
        flips += [added] if delta > 0 else [removed] if delta < 0 else []
    return flips


SHORT_EDIT = 3  # tokens: the largest insert/delete in which a "not" is read as a flip


def _norm_words(toks: list[str]) -> list[str]:
    return [t.strip().lower().replace("’", "'") for t in toks]
