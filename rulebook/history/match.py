"""Pairing the rules of two versions by content, so that a renumbered rule reads as a move.

The matcher works in passes from the most certain evidence to the least, each pass only
looking at rules the earlier ones left unpaired:

1. anchors: a canonical text that occurs exactly once on each side;
2. context: children of paired parents are paired among each other (exact text, then the same
   trailing number components, then similarity), which carries a moved heading's subtree;
3. same number and same text (generic sentences such as "It is present on Units.");
4. same number and similar text (a reworded rule), when the parents agree;
5. similarity search through a shingle index (a moved and reworded rule);
6. bottom-up: an unpaired parent whose children went to one unpaired rule follows them.

Passes 2-6 repeat while they find pairs, because each pair seeds context for the next.
Nothing here is quadratic over a document: pass 5 only scores candidates that share word
pairs with the rule, and only among rules still unpaired.
"""

from __future__ import annotations

import heapq
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ingest.numbers import ancestors, components
from rulebook.history.splits import find_splits_and_merges
from rulebook.history.text import canonical, shingles, similarity, words

REWORD_MIN = 0.5  # same number (or same context): this similar counts as the same rule
MOVE_MIN = 0.6  # anywhere in the document, within the parent's context
FAR_MIN = 0.75  # anywhere, against the context: only for sentences of FAR_MIN_WORDS or more
FAR_MIN_WORDS = 5
MAX_CANDIDATES = 12
COMMON_SHINGLE = 60  # shingles in more rules than this do not select candidates


@dataclass
class Side:
    """Per-version lookups the passes share, computed once."""

    rules: list
    canon: list[str] = field(default_factory=list)
    words: list[list[str]] = field(default_factory=list)
    parent: list[int | None] = field(default_factory=list)
    children: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    by_number: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    by_canon: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    _shingles: dict[int, set] = field(default_factory=dict)
    _postings: dict | None = None

    @classmethod
    def build(cls, rules: list) -> Side:
        side = cls(rules)
        last_seen: dict[str, int] = {}
        for i, rule in enumerate(rules):
            side.canon.append(canonical(rule.text))
            side.words.append(words(side.canon[i], is_canonical=True))
            found = [last_seen[a] for a in ancestors(rule.number) if a in last_seen]
            side.parent.append(found[-1] if found else None)
            if found:
                side.children[found[-1]].append(i)
            side.by_number[rule.number].append(i)
            side.by_canon[side.canon[i]].append(i)
            last_seen[rule.number] = i
        return side

    def shingles(self, i: int) -> set:
        if i not in self._shingles:
            self._shingles[i] = shingles(self.words[i])
        return self._shingles[i]

    def candidates(self, query: set, exclude=(), limit: int = MAX_CANDIDATES) -> list[int]:
        """Rules sharing the most word pairs with ``query``, from an inverted index.

        Pairs found in more than COMMON_SHINGLE rules ("is a", "of the") select nothing: they
        would make every lookup a scan.
        """
        if self._postings is None:
            self._postings = defaultdict(list)
            for i in range(len(self.rules)):
                for sh in self.shingles(i):
                    self._postings[sh].append(i)
        counts: Counter = Counter()
        for sh in query:
            posting = self._postings.get(sh, ())
            if len(posting) <= COMMON_SHINGLE:
                counts.update(i for i in posting if i not in exclude)
        # Ties go to the earlier rule: ``query`` is a set of strings, whose order changes
        # with the hash seed, so insertion order would make comparisons differ per process.
        best = heapq.nsmallest(limit, counts.items(), key=lambda item: (-item[1], item[0]))
        return [i for i, _ in best]


@dataclass
class Matching:
    """Pairs of rule indices (old, new) and the split/merge relations found around them."""

    old_to_new: dict[int, int] = field(default_factory=dict)
    new_to_old: dict[int, int] = field(default_factory=dict)
    similarity: dict[int, float] = field(default_factory=dict)  # keyed by old index
    split_into: dict[int, list[int]] = field(default_factory=dict)  # old -> new parts
    merged_from: dict[int, list[int]] = field(default_factory=dict)  # new -> old parts

    def pair(self, o: int, n: int, score: float) -> None:
        self.old_to_new[o] = n
        self.new_to_old[n] = o
        self.similarity[o] = score


def match(old_rules: list, new_rules: list, sides=None) -> tuple[Matching, Side, Side]:
    """Pair the rules of two versions; see the module docstring for the passes.

    ``sides``: the two versions' Sides already built (a Side is never changed by a match,
    and its word pairs are most of what building it costs), else built here."""
    old, new = sides or (Side.build(old_rules), Side.build(new_rules))
    m = Matching()
    _anchor_unique_texts(old, new, m)
    for _ in range(6):
        before = len(m.old_to_new)
        _propagate_to_children(old, new, m)
        _same_number(old, new, m, exact=True)
        _exact_leftovers(old, new, m)
        _propagate_to_children(old, new, m)
        _same_number(old, new, m, exact=False)
        _similar_anywhere(old, new, m)
        _parents_follow_children(old, new, m)
        if len(m.old_to_new) == before:
            break
    find_splits_and_merges(old, new, m)
    return m, old, new


def _anchor_unique_texts(old: Side, new: Side, m: Matching) -> None:
    """Texts found once on each side pair up; short sub-rules wait for their context."""
    _pair_unique(old, new, m, range(len(old.rules)), range(len(new.rules)))


def _exact_leftovers(old: Side, new: Side, m: Matching) -> None:
    """Texts that are unique among the rules still unpaired pair up, as anchors do."""
    olds = [o for o in range(len(old.rules)) if o not in m.old_to_new]
    news = [n for n in range(len(new.rules)) if n not in m.new_to_old]
    _pair_unique(old, new, m, olds, news)


def _pair_unique(old: Side, new: Side, m: Matching, olds, news) -> None:
    """Pair rules whose (text, depth) occurs once among ``olds`` and once among ``news``.

    Depth is part of the key so that a chapter heading "Keywords" is not confused with a
    sub-rule that reads "Keywords"; short sub-rules wait for context unless parents agree.
    """
    groups: dict[tuple, tuple[list, list]] = defaultdict(lambda: ([], []))
    for o in olds:
        groups[old.canon[o], old.rules[o].number.count(".")][0].append(o)
    for n in news:
        groups[new.canon[n], new.rules[n].number.count(".")][1].append(n)
    for (text, _), (os_, ns_) in groups.items():
        if not text or len(os_) != 1 or len(ns_) != 1:
            continue
        o, n = os_[0], ns_[0]
        top = old.parent[o] is None and new.parent[n] is None
        if top or len(old.words[o]) >= FAR_MIN_WORDS or _parents_agree(old, new, m, o, n, True):
            m.pair(o, n, 1.0)


def _propagate_to_children(old: Side, new: Side, m: Matching) -> None:
    """Pair unpaired children of paired parents among themselves, in document order."""
    for o in range(len(old.rules)):
        p = old.parent[o]
        if o in m.old_to_new or p is None or p not in m.old_to_new:
            continue
        pool = [n for n in new.children.get(m.old_to_new[p], []) if n not in m.new_to_old]
        if pool:
            best = _best_in_context(old, new, o, pool)
            if best is not None:
                m.pair(o, *best)


def _best_in_context(old: Side, new: Side, o: int, pool: list[int]) -> tuple[int, float] | None:
    """The sibling that is this rule: same text, else same suffix and similar, else similar."""
    for n in pool:
        if new.canon[n] == old.canon[o]:
            return n, 1.0
    suffix = components(old.rules[o].number)[-1]
    scored = []
    for n in pool:
        score = similarity(old.words[o], new.words[n], REWORD_MIN)
        same_suffix = components(new.rules[n].number)[-1] == suffix
        if score >= (REWORD_MIN if same_suffix else MOVE_MIN):
            scored.append((score + (0.05 if same_suffix else 0.0), n, score))
    if not scored:
        return None
    _, n, score = max(scored)
    return n, score


def _same_number(old: Side, new: Side, m: Matching, exact: bool) -> None:
    """Pair rules left at the same number: identical text, or similar when parents agree."""
    for number, olds in old.by_number.items():
        news = [n for n in new.by_number.get(number, []) if n not in m.new_to_old]
        for o in olds:
            if o in m.old_to_new or not news:
                continue
            for n in news:
                if exact and old.canon[o] == new.canon[n]:
                    m.pair(o, n, 1.0)
                elif not exact and _parents_agree(old, new, m, o, n):
                    score = similarity(old.words[o], new.words[n], REWORD_MIN)
                    if score >= REWORD_MIN:
                        m.pair(o, n, score)
                else:
                    continue
                news.remove(n)
                break


def _parents_agree(old: Side, new: Side, m: Matching, o: int, n: int, strict=False) -> bool:
    """False when the old parent is known to have gone somewhere other than the new parent.

    ``strict`` also asks that the parent pairing be known (or both rules be top-level).
    """
    po, pn = old.parent[o], new.parent[n]
    if po is None or pn is None or po not in m.old_to_new:
        return not strict or (po is None and pn is None)
    return m.old_to_new[po] == pn


def _similar_anywhere(old: Side, new: Side, m: Matching) -> None:
    """Pair leftovers with their most similar unpaired rule anywhere, best pairs first."""
    proposals = []
    for o in range(len(old.rules)):
        if o in m.old_to_new or not old.words[o]:
            continue
        for n in new.candidates(old.shingles(o), m.new_to_old):
            score = similarity(old.words[o], new.words[n], MOVE_MIN)
            in_context = _parents_agree(old, new, m, o, n)
            short = min(len(old.words[o]), len(new.words[n])) < FAR_MIN_WORDS
            wanted = MOVE_MIN if in_context else (2.0 if short else FAR_MIN)
            if score >= wanted:
                proposals.append((score + (0.1 if in_context else 0.0), o, n, score))
    for _, o, n, score in sorted(proposals, reverse=True):
        if o not in m.old_to_new and n not in m.new_to_old:
            m.pair(o, n, score)


def _parents_follow_children(old: Side, new: Side, m: Matching) -> None:
    """An unpaired parent pairs with the unpaired rule that holds most of its paired children.

    A renamed heading ("End of Turn Phase" -> "Ending Phase") is too short for similarity,
    but its sub-rules say where it went. One child alone is enough only for an only child.
    """
    for o, kids in old.children.items():
        if o in m.old_to_new:
            continue
        parents = Counter(new.parent[m.old_to_new[k]] for k in kids if k in m.old_to_new)
        parents.pop(None, None)
        if not parents:
            continue
        n, votes = parents.most_common(1)[0]
        paired = sum(parents.values())
        if n not in m.new_to_old and votes * 2 > paired and (votes >= 2 or votes == len(kids)):
            m.pair(o, n, similarity(old.words[o], new.words[n]))
