"""Version comparison for rules documents: matching, classification, diffs, histories.

Pure Python over plain dataclasses; nothing here imports Django, so pages, the JSON API,
feeds, commands and benchmarks share one engine.
"""

from rulebook.history.diff import DiffOp, meaning_flips, render_html, word_diff
from rulebook.history.engine import (
    ADDED,
    CLASSES,
    MOVED_REWORDED,
    REMOVED,
    RENUMBERED,
    REWORDED,
    UNCHANGED,
    Change,
    Comparison,
    RuleVersion,
    as_rule_versions,
    compare,
)
from rulebook.history.timeline import History, Step, Version, successor, timeline

__all__ = [
    "ADDED",
    "CLASSES",
    "MOVED_REWORDED",
    "REMOVED",
    "RENUMBERED",
    "REWORDED",
    "UNCHANGED",
    "Change",
    "Comparison",
    "DiffOp",
    "History",
    "RuleVersion",
    "Step",
    "Version",
    "as_rule_versions",
    "compare",
    "meaning_flips",
    "render_html",
    "successor",
    "timeline",
    "word_diff",
]
