"""Compare two versions of a rules document: what stayed, moved, changed, appeared, went.

Pure functions over plain dataclasses (no Django), so the same engine serves pages, the JSON
API, feeds, management commands and benchmarks. The pairing itself lives in :mod:`.match`;
this module turns pairs into classified, annotated :class:`Change` records and summaries.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ingest.numbers import ancestors, sort_key
from rulebook.history.diff import DELETE, INSERT, DiffOp, meaning_flips, word_diff
from rulebook.history.match import Side, match
from rulebook.history.text import canonical, mask_refs, refs, split_example

UNCHANGED = "unchanged"
RENUMBERED = "renumbered"
REWORDED = "reworded"
MOVED_REWORDED = "moved_reworded"
ADDED = "added"
REMOVED = "removed"
CLASSES = (UNCHANGED, RENUMBERED, REWORDED, MOVED_REWORDED, ADDED, REMOVED)


@dataclass(frozen=True)
class RuleVersion:
    """One rule as a version states it; ``position`` is its index in the document."""

    number: str
    text: str
    heading: bool = False
    position: int = 0

    def to_json(self) -> dict:
        return {"number": self.number, "text": self.text, "heading": self.heading}


def as_rule_versions(rules) -> list[RuleVersion]:
    """Accept RuleVersions, ParsedRules, model rows or dicts; positions follow list order."""
    out = []
    for i, rule in enumerate(rules):
        if isinstance(rule, dict):
            number, text, heading = rule["number"], rule.get("text", ""), rule.get("heading")
        else:
            number, text, heading = rule.number, rule.text, getattr(rule, "heading", False)
        out.append(RuleVersion(number, text or "", bool(heading), i))
    return out


@dataclass
class Change:
    """What happened to one rule between two versions.

    ``renumber_only``: the number changed and the text did not. ``xref_only``: the text
    changed, but only in cited rule numbers, and each new citation is what the old one maps
    to. ``example_only``: the text changed only in its "Example:" part.
    """

    cls: str
    old: RuleVersion | None
    new: RuleVersion | None
    similarity: float = 0.0
    diff: list[DiffOp] = field(default_factory=list)
    meaning_flips: list[str] = field(default_factory=list)
    renumber_only: bool = False
    xref_only: bool = False
    example_only: bool = False
    xref_changes: list[dict] = field(default_factory=list)
    split_into: list[str] = field(default_factory=list)  # on the old rule that was split
    split_from: str | None = None  # on each new part
    merged_from: list[str] = field(default_factory=list)  # on the new rule that merges
    merged_into: str | None = None  # on each old part

    @property
    def number(self) -> str:
        """The number a reader finds the rule under now (the old one if it was removed)."""
        return self.new.number if self.new else self.old.number

    @property
    def is_noise(self) -> bool:
        """Only numbers moved: a renumbering, a cross-reference update, or both."""
        return self.cls == RENUMBERED or self.xref_only

    def to_json(self) -> dict:
        return {
            "class": self.cls,
            "number": self.number,
            "old": self.old.to_json() if self.old else None,
            "new": self.new.to_json() if self.new else None,
            "similarity": round(self.similarity, 3),
            "diff": [op.to_json() for op in self.diff],
            "meaning_flips": list(self.meaning_flips),
            "renumber_only": self.renumber_only,
            "xref_only": self.xref_only,
            "example_only": self.example_only,
            "xref_changes": list(self.xref_changes),
            "split_into": list(self.split_into),
            "split_from": self.split_from,
            "merged_from": list(self.merged_from),
            "merged_into": self.merged_into,
        }


@dataclass
class Comparison:
    """All changes between two versions, in new-document order, with counts and the mapping."""

    old_label: str
    new_label: str
    changes: list[Change]
    summary: dict
    by_section: dict
    mapping: dict[str, str]  # old number -> new number, for every paired rule

    def __post_init__(self):
        self._by_old = {}
        self._by_new = {}
        for change in self.changes:
            if change.old:
                self._by_old.setdefault(change.old.number, change)
            if change.new:
                self._by_new.setdefault(change.new.number, change)

    def for_old(self, number: str) -> Change | None:
        return self._by_old.get(number)

    def for_new(self, number: str) -> Change | None:
        return self._by_new.get(number)

    def visible(self, hide_renumber_only=True, hide_xref_only=False, unchanged=False) -> list:
        """The changes a "what's new" page lists, with the noise toggles applied."""
        return [
            c
            for c in self.changes
            if (unchanged or c.cls != UNCHANGED)
            and not (hide_renumber_only and c.renumber_only)
            and not (hide_xref_only and c.xref_only)
        ]

    def to_json(self, unchanged: bool = False) -> dict:
        """A JSON-serialisable dict; unchanged rules are left out unless asked for."""
        return {
            "old_label": self.old_label,
            "new_label": self.new_label,
            "summary": self.summary,
            "by_section": self.by_section,
            "mapping": self.mapping,
            "changes": [c.to_json() for c in self.changes if unchanged or c.cls != UNCHANGED],
        }


def compare(
    old_rules, new_rules, old_label: str = "", new_label: str = "", sides=None
) -> Comparison:
    """Classify every rule of two versions; see :class:`Change` for the annotations.

    ``sides``: Sides built before for these two versions (``Version.side``), whose rules
    are then the ones compared."""
    if sides:
        old_rules, new_rules = sides[0].rules, sides[1].rules
    else:
        old_rules, new_rules = as_rule_versions(old_rules), as_rule_versions(new_rules)
    m, old, new = match(old_rules, new_rules, sides)
    mapping: dict[str, str] = {}
    for o, n in sorted(m.old_to_new.items()):
        mapping.setdefault(old_rules[o].number, new_rules[n].number)
    changes = [
        _paired_change(old, new, o, n, m.similarity[o], mapping) for o, n in m.old_to_new.items()
    ]
    changes += [
        _one_sided(ADDED, None, r) for n, r in enumerate(new_rules) if n not in m.new_to_old
    ]
    changes += [
        _one_sided(REMOVED, r, None) for o, r in enumerate(old_rules) if o not in m.old_to_new
    ]
    _annotate_splits(changes, m, old_rules, new_rules)
    changes = _in_reading_order(changes, m, old)
    return Comparison(
        old_label,
        new_label,
        changes,
        _summary(changes, old_rules, new_rules),
        _by_section(changes, old_rules, new_rules),
        mapping,
    )


def _paired_change(old: Side, new: Side, o: int, n: int, score: float, mapping) -> Change:
    a, b = old.rules[o], new.rules[n]
    same_text = old.canon[o] == new.canon[n]
    same_number = a.number == b.number
    if same_text:
        cls = UNCHANGED if same_number else RENUMBERED
        return Change(cls, a, b, 1.0, renumber_only=not same_number)
    change = Change(REWORDED if same_number else MOVED_REWORDED, a, b, score)
    change.diff = word_diff(a.text, b.text)
    change.meaning_flips = meaning_flips(a.text, b.text, change.diff)
    if mask_refs(a.text) == mask_refs(b.text):
        change.xref_changes = _xref_changes(a.text, b.text, mapping)
        change.xref_only = all(x["consistent"] for x in change.xref_changes)
    old_body, old_example = split_example(a.text)
    new_body, new_example = split_example(b.text)
    change.example_only = canonical(old_body) == canonical(new_body) and bool(
        old_example or new_example
    )
    return change


def _xref_changes(old_text: str, new_text: str, mapping: dict[str, str]) -> list[dict]:
    """Each cited number that differs, and whether the new one is where the old one went."""
    out = []
    for was, now in zip(refs(old_text), refs(new_text), strict=False):
        if was != now:
            consistent = successor_number(mapping, was) == now
            out.append({"old": was, "new": now, "consistent": consistent})
    return out


def successor_number(mapping: dict[str, str], number: str) -> str | None:
    """Where ``number`` went; a number the document lacks follows its nearest mapped ancestor."""
    if number in mapping:
        return mapping[number]
    for anc in reversed(ancestors(number)):
        if anc in mapping:
            return mapping[anc] + number[len(anc) :]
    return None


def _one_sided(cls: str, old: RuleVersion | None, new: RuleVersion | None) -> Change:
    rule = new or old
    op = DiffOp(INSERT if new else DELETE, [rule.text])
    return Change(cls, old, new, 0.0, diff=[op] if rule.text else [])


def _annotate_splits(changes: list[Change], m, old_rules, new_rules) -> None:
    by_old = {c.old.position: c for c in changes if c.old}
    by_new = {c.new.position: c for c in changes if c.new}
    for o, parts in m.split_into.items():
        by_old[o].split_into = [new_rules[n].number for n in parts]
        for n in parts:
            by_new[n].split_from = old_rules[o].number
    for n, parts in m.merged_from.items():
        by_new[n].merged_from = [old_rules[o].number for o in parts]
        for o in parts:
            by_old[o].merged_into = new_rules[n].number


def _in_reading_order(changes: list[Change], m, old: Side) -> list[Change]:
    """New-document order; a removed rule sits after the new place of its old predecessor."""
    anchor, after = {}, -1
    for o in range(len(old.rules)):
        if o in m.old_to_new:
            after = m.old_to_new[o]
        anchor[o] = after

    def key(c: Change):
        if c.new:
            return (c.new.position, 0, 0)
        return (anchor[c.old.position], 1, c.old.position)

    return sorted(changes, key=key)


def chapter(number: str) -> str:
    """The chapter of a rule number: "813.1.c" -> "800"."""
    return number[0] + "00"


def _summary(changes: list[Change], old_rules, new_rules) -> dict:
    counts = Counter(c.cls for c in changes)
    summary = {cls: counts.get(cls, 0) for cls in CLASSES}
    summary.update(
        old_rules=len(old_rules),
        new_rules=len(new_rules),
        renumber_only=sum(c.renumber_only for c in changes),
        xref_only=sum(c.xref_only for c in changes),
        example_only=sum(c.example_only for c in changes),
        meaning_flips=sum(bool(c.meaning_flips) for c in changes),
        split=sum(bool(c.split_into) for c in changes),
        merged=sum(bool(c.merged_from) for c in changes),
    )
    return summary


def _by_section(changes: list[Change], old_rules, new_rules) -> dict:
    """Counts per class for each chapter ("700"), titled by the chapter's heading text."""
    titles = {r.number: r.text for r in old_rules if r.number.isdigit()}
    titles.update({r.number: r.text for r in new_rules if r.number.isdigit()})
    sections: dict[str, dict] = {}
    for c in changes:
        key = chapter(c.number)
        entry = sections.setdefault(
            key, {"title": titles.get(key, ""), "counts": {cls: 0 for cls in CLASSES}}
        )
        entry["counts"][c.cls] += 1
    return {key: sections[key] for key in sorted(sections, key=sort_key)}
