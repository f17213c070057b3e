"""Anomalies in the numbering: reported, never silently fixed.

Duplicates are kept (both rules stay addressable as ``461`` and ``461~2``); a gap or an
out-of-order number may be the source's own mistake or a defect of the conversion, and only a
person can tell which.
"""

from __future__ import annotations

from collections import Counter

from . import numbers
from .model import Finding, ParsedRule


def check_numbering(rules: list[ParsedRule]) -> list[Finding]:
    return [*_duplicates(rules), *_out_of_order(rules), *_gaps(rules)]


def _duplicates(rules: list[ParsedRule]) -> list[Finding]:
    seen: Counter = Counter()
    out = []
    for rule in rules:
        seen[rule.number] += 1
        if seen[rule.number] > 1:
            detail = f"{rule.number} occurs again (occurrence {seen[rule.number]}); both kept"
            out.append(Finding("duplicate-number", detail, rule.number, rule.line))
    return out


def _out_of_order(rules: list[ParsedRule]) -> list[Finding]:
    out = []
    seen: set[str] = set()
    previous = None
    for rule in rules:
        repeated = rule.number in seen
        seen.add(rule.number)
        if previous and not repeated and numbers.sort_key(rule.number) < numbers.sort_key(previous):
            detail = f"{rule.number} comes after {previous}"
            out.append(Finding("out-of-order", detail, rule.number, rule.line))
        previous = rule.number
    return out


def _gaps(rules: list[ParsedRule]) -> list[Finding]:
    """Missing siblings: 103.1 then 103.3. Top-level numbers jump between chapters, so there
    only a single missing number (176 then 178) is reported."""
    present = {rule.number for rule in rules}
    out = []
    reported: set[str] = set()
    previous_top = None
    for rule in rules:
        parts = numbers.components(rule.number)
        last = parts[-1]
        if len(parts) == 1:
            value = int(last)
            if previous_top is not None and value == previous_top + 2:
                missing = str(value - 1).zfill(3)
                if missing not in present and missing not in reported:
                    reported.add(missing)
                    out.append(_gap(missing, rule))
            previous_top = max(previous_top or 0, value)
            continue
        before = _predecessor(last)
        if before is None:
            continue
        missing = ".".join([*parts[:-1], before])
        if missing not in present and missing not in reported:
            reported.add(missing)
            out.append(_gap(missing, rule))
    return out


def _gap(missing: str, rule: ParsedRule) -> Finding:
    return Finding("gap", f"{missing} is missing before {rule.number}", missing, rule.line)


def _predecessor(component: str) -> str | None:
    if component.isdigit():
        value = int(component)
        return str(value - 1) if value > 1 else None
    if component in ("a", ""):
        return None
    if len(component) == 2:  # "aa" follows "z"
        return "z" if component == "aa" else component[0] + chr(ord(component[1]) - 1)
    return chr(ord(component) - 1)
