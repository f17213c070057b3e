"""A rule's history across many versions, and where a version-pinned rule lives today.

Both follow a number through the pairings of successive versions (never by number alone), so
"Reaction" is followed 729 -> 739 -> 813 -> 813 although the numbers change. Comparisons are
computed lazily and cached on a :class:`History`, so one page that asks for several rules
pays for each pair of versions once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ingest.numbers import ancestors
from rulebook.history.engine import (
    REMOVED,
    Change,
    Comparison,
    RuleVersion,
    as_rule_versions,
    compare,
)
from rulebook.history.match import Side


@dataclass
class Version:
    """One version of a document: a label (a date such as "2026-03-30") and its rules."""

    label: str
    rules: list[RuleVersion]

    def __post_init__(self):
        self.rules = as_rule_versions(self.rules)
        self._numbers: dict[str, RuleVersion] = {}
        for rule in self.rules:
            self._numbers.setdefault(rule.number, rule)

    def get(self, number: str) -> RuleVersion | None:
        return self._numbers.get(number)

    def side(self) -> Side:
        """The matcher's view of this version, built once for every comparison it is in
        (a version is compared with its neighbours and with the newest)."""
        if getattr(self, "_side", None) is None:
            self._side = Side.build(self.rules)
        return self._side

    def __getstate__(self):
        # The Side is a cache: stored histories hold the versions, not their word pairs.
        state = self.__dict__.copy()
        state.pop("_side", None)
        return state


@dataclass
class Step:
    """The rule in one version; ``change`` leads here from the previous step (None first).

    A final step with ``number`` None records the version in which the rule was removed.
    """

    version: str
    number: str | None
    rule: RuleVersion | None
    change: Change | None = None

    def to_json(self) -> dict:
        return {
            "version": self.version,
            "number": self.number,
            "rule": self.rule.to_json() if self.rule else None,
            "change": self.change.to_json() if self.change else None,
        }


@dataclass
class History:
    """Ordered versions (oldest first) with their pairwise comparisons cached."""

    versions: list[Version]
    _cache: dict[int, Comparison] = field(default_factory=dict)

    def __post_init__(self):
        self.versions = [v if isinstance(v, Version) else Version(*v) for v in self.versions]

    def index(self, label: str) -> int:
        for i, version in enumerate(self.versions):
            if version.label == label:
                return i
        raise KeyError(f"no version labelled {label!r}")

    def comparison(self, i: int) -> Comparison:
        """The comparison of version ``i`` with version ``i + 1``."""
        if i not in self._cache:
            a, b = self.versions[i], self.versions[i + 1]
            self._cache[i] = compare(a.rules, b.rules, a.label, b.label, (a.side(), b.side()))
        return self._cache[i]

    def adopt(self, i: int, comparison: Comparison) -> None:
        """Take the comparison of versions ``i`` and ``i + 1`` made before (an ingest reuses
        the stored payload's when neither text changed)."""
        self._cache[i] = comparison

    def made(self) -> dict[tuple[str, str], Comparison]:
        """The comparisons made so far, keyed by the (older, newer) version labels."""
        return {
            (self.versions[i].label, self.versions[i + 1].label): comparison
            for i, comparison in self._cache.items()
        }

    def timeline(self, label: str, number: str) -> list[Step]:
        """Every version's form of the rule, oldest first, found from any one version."""
        start = self.index(label)
        rule = self.versions[start].get(number)
        if rule is None:
            return []
        steps = self._backwards(start, number)
        steps.append(Step(label, number, rule))
        steps.extend(self._forwards(start, number))
        for before, step in zip(steps, steps[1:], strict=False):
            if step.change is None:
                step.change = self._change_into(before, step)
        return steps

    def _backwards(self, start: int, number: str) -> list[Step]:
        steps: list[Step] = []
        for i in range(start - 1, -1, -1):
            change = self.comparison(i).for_new(number)
            if change is None or change.old is None:
                break
            number = change.old.number
            steps.insert(0, Step(self.versions[i].label, number, change.old))
        return steps

    def _forwards(self, start: int, number: str) -> list[Step]:
        steps: list[Step] = []
        for i in range(start, len(self.versions) - 1):
            change = self.comparison(i).for_old(number)
            label = self.versions[i + 1].label
            if change is None or change.new is None:
                steps.append(Step(label, None, None, change))
                break
            number = change.new.number
            steps.append(Step(label, number, change.new, change))
        return steps

    def _change_into(self, before: Step, step: Step) -> Change | None:
        i = self.index(before.version)
        return self.comparison(i).for_old(before.number) if before.number else None

    def successor(
        self, from_label: str, number: str, follow_merges: bool = True, to_parent: bool = False
    ) -> tuple[str, str] | None:
        """Where a rule cited in ``from_label`` lives in the newest version, or None.

        A removed rule whose text was merged into another follows the merge; with
        ``to_parent`` a rule removed outright falls back to its nearest surviving ancestor.
        """
        start = self.index(from_label)
        if self.versions[start].get(number) is None:
            return None
        for i in range(start, len(self.versions) - 1):
            comparison = self.comparison(i)
            change = comparison.for_old(number)
            if change is not None and change.cls != REMOVED:
                number = change.new.number
            elif change is not None and follow_merges and change.merged_into:
                number = change.merged_into
            elif to_parent:
                number = self._surviving_ancestor(comparison, number)
                if number is None:
                    return None
            else:
                return None
        return self.versions[-1].label, number

    @staticmethod
    def _surviving_ancestor(comparison: Comparison, number: str) -> str | None:
        for anc in reversed(ancestors(number)):
            if anc in comparison.mapping:
                return comparison.mapping[anc]
        return None


def timeline(versions, version_label: str, number: str) -> list[Step]:
    """Shortcut for ``History(versions).timeline(...)``; pass a History to reuse its cache."""
    history = versions if isinstance(versions, History) else History(list(versions))
    return history.timeline(version_label, number)


def successor(versions, from_version: str, number: str, **options) -> tuple[str, str] | None:
    """Shortcut for ``History(versions).successor(...)``; pass a History to reuse its cache."""
    history = versions if isinstance(versions, History) else History(list(versions))
    return history.successor(from_version, number, **options)
