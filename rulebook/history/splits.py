"""Split and merged rules: one old rule whose text now lives in two new ones, or the reverse.

These are annotations on top of the one-to-one matching: a split still leaves one part paired
with the old rule (or none) and the other parts "added"; the annotation tells the reader where
the old sentences went. Containment, not similarity, is the test: a part of a split rule is
short compared with the whole, so it is similar to it only in the sense that the whole
contains its word pairs. Parts must sit next to each other (same parent or within a few
rules), because a sentence that turns up far away is a coincidence, not a split.
"""

from __future__ import annotations

CONTAINED = 0.7  # share of a part's word pairs that must appear in the whole
NOT_IN_PAIR = 0.5  # a split part must not still be in the rule the whole was paired with
MIN_WORDS = 4
NEAR = 3  # "next to each other": within this many rules, or under the same parent


def containment(part: set, whole: set) -> float:
    return len(part & whole) / len(part) if part else 0.0


def find_splits_and_merges(old, new, m) -> None:
    """Fill ``m.split_into`` and ``m.merged_from`` from unpaired rules (see module doc)."""
    splits = _parts(new, old, m.new_to_old, m.old_to_new, check_pair=True)
    for o, added in splits.items():
        whole = _whole(m.old_to_new.get(o), added, new)
        if len(whole) >= 2:
            m.split_into[o] = whole
    merges = _parts(old, new, m.old_to_new, m.new_to_old, check_pair=False)
    for n, removed in merges.items():
        whole = _whole(m.new_to_old.get(n), removed, old)
        if len(whole) >= 2:
            m.merged_from[n] = whole


def _parts(side, other, paired_here: dict, paired_there: dict, check_pair: bool) -> dict:
    """Unpaired rules of ``side`` grouped by the rule of ``other`` that contains their text."""
    groups: dict[int, list[int]] = {}
    for i in range(len(side.rules)):
        if i in paired_here or len(side.words[i]) < MIN_WORDS:
            continue
        sh = side.shingles(i)
        score, whole = max(
            ((containment(sh, other.shingles(j)), j) for j in other.candidates(sh, limit=8)),
            default=(0.0, None),
        )
        if whole is None or score < CONTAINED:
            continue
        pair = paired_there.get(whole)
        if pair is not None:
            if not _near(side, i, pair):
                continue
            if check_pair and containment(sh, side.shingles(pair)) > NOT_IN_PAIR:
                continue
        groups.setdefault(whole, []).append(i)
    return groups


def _near(side, a: int, b: int) -> bool:
    return abs(a - b) <= NEAR or side.parent[a] == side.parent[b]


def _whole(pair: int | None, parts: list[int], side) -> list[int]:
    return sorted(([pair] if pair is not None else []) + parts)
