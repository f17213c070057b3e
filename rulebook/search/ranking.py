"""Ranking steps shared by every backend, applied to an engine's best matches.

A question is rarely answered by one sentence alone: the rules that answer it sit together in
one subtree (355.14.a to 355.14.i all say how split damage is targeted). So after the engine
has ranked rule text, each of the best matches lends a share of its score to its ancestors,
and a parent whose children match well can rise to the top: its page shows the whole subtree.
"""

from __future__ import annotations

import functools
import re

from ingest.languages import fold
from rulebook.search import weights

_WORD_RE = re.compile(r"[^\W_]+")

# A keyword page, card or FAQ answer that a name-like query does not name counts only a share
# of its score (each engine its own, ``weights.UNNAMED_KNOWLEDGE``: their scores favour short
# titles differently): a game term typed alone ("power", "energy", "players") is looked up in
# the rules, and a card whose name holds the word (*Power Nexus*), an FAQ question asking
# about it, or a keyword page whose summary uses it came first on their short titles and
# boosts. What the query names (its name, singular or plural) keeps its whole score; so do
# champions' names ("yasuo"), which rules name only in examples.
KNOWLEDGE_KINDS = ("keyword", "card", "faq")


def is_rule(key: str) -> bool:
    """Whether an index key is a rule's (``entries``: "rule:<game>:<document>:…")."""
    return key.startswith("rule:")


def ancestor_keys(key: str) -> list[str]:
    """Index keys of a rule's ancestors, nearest first ("...:355.14.a" -> 355.14, 355)."""
    if not is_rule(key):
        return []
    head, _, anchor = key.rpartition(":")
    number = anchor.split("~", 1)[0]
    if not number[:1].isdigit():
        return []
    parts = number.split(".")
    return [f"{head}:{'.'.join(parts[:i])}" for i in range(len(parts) - 1, 0, -1)]


def deciding(order: list[str], page: list[str]) -> dict[str, str]:
    """Per rule key of ``page``, the best-ranked key of ``order`` below it: for a question, a
    heading says only which section the answer is in ("413 Draw"), the rule below it says the
    answer ("413.2.a Each player draws 1 during the Draw Phase"), so a heading's hit shows
    that rule's words. Both engines call this with their own ranked keys."""
    wanted, below = set(page), {}
    for key in order:
        for ancestor in ancestor_keys(key):
            if ancestor in wanted and ancestor not in below:
                below[ancestor] = key
        if len(below) == len(wanted):
            break
    return below


def promote_ancestors(scored: list[tuple[float, str]]) -> dict[str, float]:
    """Extra score per ancestor key, lent by the ``weights.PROMOTE_TOP`` best (score, key)
    pairs (read per call: the training sweeps the share)."""
    extra: dict[str, float] = {}
    share = weights.PROMOTE_SHARE
    for score, key in scored[: weights.PROMOTE_TOP]:
        for parent in ancestor_keys(key):
            extra[parent] = extra.get(parent, 0.0) + share * score
    return extra


def lifted(scored: list[tuple[float, str]]) -> dict[str, float]:
    """Every key's score, best (score, key) pairs first, plus what the best of them lend their
    ancestors: the order a question's rows are shown in."""
    scores = {key: score for score, key in scored}
    for key, extra in promote_ancestors(scored).items():
        scores[key] = scores.get(key, 0.0) + extra
    return scores


def neighbours(text: str, pairs: list[list[str]]) -> int:
    """How many of the query's neighbouring word pairs (or synonym phrases) are neighbours in
    ``text`` too ("lethal damage", "swap back"), compared on their first letters so that
    "damage dealt" meets "damages dealt"."""
    if not pairs:
        return 0
    adjacent = _adjacent(text)
    return sum(
        all(
            (a[: weights.PREFIX], b[: weights.PREFIX]) in adjacent
            for a, b in zip(p, p[1:], strict=False)
        )
        for p in pairs
        if len(p) > 1
    )


@functools.lru_cache(maxsize=8192)
def _adjacent(text: str) -> frozenset[tuple[str, str]]:
    """Neighbouring word pairs of ``text``, on their first letters: the best rows recur
    across questions, and each is read for bigrams and for phrases."""
    words = [fold(w)[: weights.PREFIX] for w in _WORD_RE.findall(text)]
    return frozenset(zip(words, words[1:], strict=False))


def question_prior(entry) -> float:
    """An index entry's weight when the query is a question: headings name sections and
    cards print abilities, keyword pages define: none answers a question (FAQ and rules do)."""
    heading = entry.kind == "rule" and entry.extra.get("name")
    return (
        weights.HEADING_PRIOR
        if heading or entry.kind in ("card", "keyword")
        else weights.ANSWER_PRIOR
    )


def preferred(scored: list[tuple[float, object]], mine) -> list[tuple[float, object]]:
    """(score, entry) best first, every entry in ``mine`` before the others: with every
    language searched, "reaction" lists the English entries before their French copies,
    « réaction » the French ones first. A factor alone is not enough: a row found by its
    heading path alone scores 0, and no factor lifts 0 above an English row. So the entries
    of ``mine`` count ``weights.PREFER`` times and stand above the best of the others (no score is
    negative)."""
    lift = 1.0 + max((score for score, entry in scored if entry not in mine), default=0.0)
    again = [
        (score * weights.PREFER + lift if entry in mine else score, entry)
        for score, entry in scored
    ]
    return sorted(again, key=lambda pair: (-pair[0], pair[1]))


def with_neighbours(scored: list[tuple[float, int]], plan, text_of) -> list[tuple[float, int]]:
    """The best (score, row) pairs gain for each pair of the question's neighbouring words
    their text (``text_of(row)``) holds, and more for a phrase (quoted, or a synonym's): an
    engine whose phrase search costs too much (Whoosh walks every candidate's positions)
    scores neighbours here, as PostgreSQL does in SQL, where a phrase weighs more than two
    neighbouring words of the question."""
    if not (plan.bigrams or plan.phrases) or not scored:
        return scored
    top = scored[0][0]

    def bonus(row):
        text = text_of(row)
        pairs = weights.NEIGHBOUR_BONUS * neighbours(text, plan.bigrams)
        return top * (pairs + weights.PHRASE_BONUS * neighbours(text, plan.phrases))

    cut = weights.NEIGHBOUR_TOP
    head = [(score + bonus(row), row) for score, row in scored[:cut]]
    return sorted(head + scored[cut:], key=lambda pair: (-pair[0], pair[1]))


def rules_apart(rank, rows: list, rules: list, is_rule) -> list[tuple[float, object]]:
    """``rank(rows)`` (score, row) best first, with its rules in the order ``rank(rules)``
    gives them alone: a question's rules come in the same order whatever else is searched.
    Searched with them, FAQ answers and cards take places in the rerank's window and set the
    best score its features are added on, so the search box ranked rules unlike a search of
    rules (the FAQ tuning half's first ten rules: 0.394 / 0.557 strict / lenient MRR@10
    against 0.401 / 0.586 on PostgreSQL). The other kinds keep their places."""
    ranked = rank(rows)
    if not rules or len(rules) == len(rows):
        return ranked
    alone = iter(rank(rules))
    out = [(score, next(alone, (0.0, None))[1] if is_rule(row) else row) for score, row in ranked]
    out = [pair for pair in out if pair[1] is not None]
    low = out[-1][0] if out else 0.0
    return out + [(min(low, score), row) for score, row in alone]
