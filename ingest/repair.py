"""Safe repairs shared by every format, each one recorded as a Finding.

A repair is only made when the fix is unambiguous; everything else becomes an anomaly and the
text is kept (attached to the rule before it) so that nothing in the source is lost. The
glued-split repair lives in :mod:`ingest.glued` because it needs the whole document.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from . import languages, numbers
from .formats.base import Row
from .model import Finding, ParsedRule


@dataclass
class Item:
    """A rule being repaired, with the format's hints that ParsedRule does not carry."""

    rule: ParsedRule
    hint: int | None = None  # heading level suggested by the format
    section: str | None = None


@dataclass
class Log:
    repairs: list[Finding] = field(default_factory=list)
    anomalies: list[Finding] = field(default_factory=list)

    def repair(self, kind: str, detail: str, item: Item | None = None, line: int | None = None):
        number = item.rule.number if item else None
        if item and kind not in item.rule.repairs:
            item.rule.repairs.append(kind)
        line = line or (item.rule.line if item else None)
        self.repairs.append(Finding(kind, detail, number, line))

    def anomaly(self, kind: str, detail: str, number: str | None = None, line: int | None = None):
        self.anomalies.append(Finding(kind, detail, number, line))


def short(text: str, width: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


# --- numbers -------------------------------------------------------------------------------

_DIGIT_LOOKALIKES = str.maketrans({"O": "0", "o": "0", "I": "1", "l": "1"})
_TOP_LOOKALIKE_RE = re.compile(r"^[0-9OoIl]{3}")


def fix_mangled(raw: str) -> str | None:
    """The only plausible reading of a misprinted number, or None.

    Letters that look like digits are replaced only in the three-digit top level, where a
    letter can never belong; doubled dots and commas collapse to one dot; glued letters such
    as "103.2b" are separated by :func:`numbers.normalise`.
    """
    text = raw.strip().rstrip(".,")
    text = _TOP_LOOKALIKE_RE.sub(lambda m: m.group(0).translate(_DIGIT_LOOKALIKES), text)
    text = re.sub(r"[.,]+", ".", text)
    return numbers.normalise(text)


def fits(number: str, previous: str | None, following: str | None) -> bool:
    """True when ``number`` can stand between two numbers of a well-ordered document."""
    if previous is not None and number not in numbers.successor_candidates(previous):
        return False
    if following is not None and numbers.sort_key(number) >= numbers.sort_key(following):
        return False
    return True


def number_rows(rows: list[Row], log: Log) -> list[tuple[Row, str | None]]:
    """Pair each row with its normalised number; repair or demote misprinted numbers."""
    strict = [
        numbers.normalise(r.number_raw)
        if r.number_raw and numbers.is_strict(r.number_raw)
        else None
        for r in rows
    ]
    present = {n for n in strict if n}
    out: list[tuple[Row, str | None]] = []
    previous = None
    for index, row in enumerate(rows):
        number = strict[index]
        if row.number_raw and number is None:
            following = next((n for n in strict[index + 1 :] if n), None)
            number = _repair_number(row, previous, following, present, log)
        out.append((row, number))
        previous = number or previous
    return out


def missing_level(raw: str, previous: str | None, following: str | None, present) -> str | None:
    """The one number a row printed with a level missing can be: "412.c." between 412.1.b.1
    and 412.1.d is 412.1.c. It must follow ``previous``, come before ``following``, be new, and
    read as the printed parts with exactly one part added; None unless exactly one fits."""
    if previous is None:
        return None
    printed = [p for p in re.split(r"[.,]+", raw.strip().lower()) if p]
    found = [
        candidate
        for candidate in numbers.successor_candidates(previous)
        if candidate not in present
        and fits(candidate, previous, following)
        and _one_part_added(printed, numbers.components(candidate))
    ]
    return found[0] if len(found) == 1 else None


def _one_part_added(printed: list[str], parts: list[str]) -> bool:
    if len(parts) != len(printed) + 1:
        return False
    return any(parts[:i] + parts[i + 1 :] == printed for i in range(len(parts)))


def _repair_number(row: Row, previous, following, present: set, log: Log) -> str | None:
    fixed = fix_mangled(row.number_raw)
    if not (fixed and fixed not in present and fits(fixed, previous, following)):
        gap = missing_level(row.number_raw, previous, following, present)
        if gap:
            present.add(gap)
            detail = f"{row.number_raw!r} read as {gap}: the one number missing between"
            detail += f" {previous} and {following}"
            log.repairs.append(Finding("mangled-number", detail, gap, row.line))
            row.counts["mangled-number"] = 1
            return gap
    if fixed and fixed not in present and fits(fixed, previous, following):
        present.add(fixed)
        detail = f"{row.number_raw!r} read as {fixed}"
        log.repairs.append(Finding("mangled-number", detail, fixed, row.line))
        row.counts["mangled-number"] = 1
        return fixed
    log.anomaly(
        "unparsable-number",
        f"{row.number_raw!r} is not a rule number; text kept with the rule before it",
        None,
        row.line,
    )
    row.text = f"{row.number_raw} {row.text}".strip()
    row.number_raw = None
    return None


# --- fragments -------------------------------------------------------------------------------


def build_items(numbered: list[tuple[Row, str | None]], log: Log) -> list[Item]:
    """Make rules from rows, merging number-less fragments into the rule they came from.

    A run of fragments (a sentence the converter split one word per row) is one repair.
    """
    items: list[Item] = []
    run: list[Row] = []
    for row, number in numbered:
        if number is None:
            run.append(row)
            continue
        _merge_run(run, items, log)
        run = []
        rule = ParsedRule(row.number_raw, number, row.text, line=row.line)
        if "mangled-number" in row.counts:
            rule.repairs.append("mangled-number")
        items.append(Item(rule, row.heading_level, row.section))
        _count_syntax_repairs(row, items[-1], log)
    _merge_run(run, items, log)
    return items


def _merge_run(run: list[Row], items: list[Item], log: Log) -> None:
    if not run:
        return
    text = " ".join(row.text for row in run if row.text)
    if not items:
        log.anomaly("orphan-text", f"text before the first rule: {text!r}", None, run[0].line)
        return
    item = items[-1]
    glue = " " if item.rule.text and text else ""
    item.rule.text = f"{item.rule.text}{glue}{text}"
    rows = f"{len(run)} number-less rows" if len(run) > 1 else "number-less row"
    log.repair("merged-fragment", f"{rows} merged: {short(text, 50)!r}", item, run[0].line)
    for row in run:
        _count_syntax_repairs(row, item, log)


def _count_syntax_repairs(row: Row, item: Item, log: Log) -> None:
    for kind, count in row.counts.items():
        if kind == "mangled-number":
            continue
        label = "entities unescaped" if kind == "html-entities" else "emphasis markers removed"
        log.repair(kind, f"{count} {label}", item, row.line)


# --- punctuation ---------------------------------------------------------------------------


def fix_spacing(items: list[Item], language: str | None, log: Log) -> None:
    """Each language's typography decides which spaces before punctuation are defects."""
    regex = languages.space_before_punctuation_re(language)
    for item in items:
        text, count = regex.subn("", item.rule.text)
        if count:
            item.rule.text = text
            log.repair("space-before-punctuation", f"{count} space(s) removed", item)
