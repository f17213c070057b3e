"""What a rule number meant in other versions, said where a link to that number lands.

Renumbering reuses numbers: in the Riftbound rules 729 was "Reaction" in 2025-10, which is
813 now, and 729 is another rule. A link written then (``/r/729``) lands on today's 729; its
page says what 729 used to be and where that rule is now. A pinned page (``/r/2025-10/729``)
says the other way round where its rule went, or that the newest version words it
differently.

Which rule is which across versions comes from the version history (never from the numbers
alone): a rule of an older version is followed through each comparison to the newest.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from rulebook.history import REMOVED
from rulebook.models import DataGeneration
from rulebook.pages.history import history_of, successor_notice
from rulebook.pages.preview import opening

TITLE_LENGTH = 60


def earlier_meanings(document, number: str, versions=None) -> list[dict]:
    """What ``number`` was in older versions while another rule held it, oldest first; empty
    unless ``document`` is the newest of its family.

    Each entry: ``versions`` (written out), ``title`` and ``old_url`` (the old rule's pinned
    page), ``now`` and ``now_url`` (where that rule is in the newest version; None when it
    went away). ``versions``: the family in this language, when the page has read them.
    """
    if versions is not None and len(versions) < 2:
        return []
    key = f"reused-numbers:{document.game.slug}:{document.kind}:{document.language}"
    found = DataGeneration.kept(key, lambda: reused_numbers(document))
    if found["newest"] != document.version:
        return []
    return [_entry(document, number, *reuse) for reuse in found["numbers"].get(number, ())]


def reused_numbers(document) -> dict:
    """Every number of the newest version that a different rule held in an older one: the
    newest version's label, and number -> [(older labels, old title, number now or None)]."""
    history, _documents = history_of(document)
    versions = history.versions
    newest = versions[-1]
    now = {rule.number: rule.number for rule in newest.rules}
    groups: dict[str, dict[tuple, list]] = {}
    for i in range(len(versions) - 2, -1, -1):
        comparison = history.comparison(i)
        mapped: dict[str, str | None] = {}
        for rule in versions[i].rules:
            if rule.number in mapped:
                continue
            mapped[rule.number] = now.get(_next_number(comparison, rule.number))
            became = mapped[rule.number]
            if became != rule.number and newest.get(rule.number) is not None:
                title = _title(rule)
                key = (became,) if became else (None, title)
                group = groups.setdefault(rule.number, {}).setdefault(key, [[], title, became])
                group[0].insert(0, versions[i].label)
        now = mapped
    numbers = {
        number: sorted(((tuple(g[0]), g[1], g[2]) for g in found.values()), key=lambda g: g[0])
        for number, found in groups.items()
    }
    return {"newest": newest.label, "numbers": numbers}


def _next_number(comparison, number: str) -> str | None:
    """The number a rule has in the next version (its merged rule's, if merged), else None."""
    change = comparison.for_old(number)
    if change is None:
        return None
    if change.cls != REMOVED:
        return change.new.number
    return change.merged_into


def _title(rule) -> str:
    return " ".join(rule.text.split()) if rule.heading else opening(rule.text, TITLE_LENGTH)


def _entry(document, number: str, labels, title: str, now: str | None) -> dict:
    game, kind = document.game.slug, document.kind_slug
    with translation.override(document.language):
        old_url = reverse(
            "rule_version",
            kwargs={"game": game, "kind": kind, "version": labels[-1], "number": number},
        )
        now_url = now and reverse("rule", kwargs={"game": game, "kind": kind, "number": now})
    return {
        "number": number,
        "versions": _written(labels),
        "title": title,
        "old_url": old_url,
        "now": now,
        "now_url": now_url,
    }


def _written(labels) -> str:
    """ "2025-10", "2025-10 and 2025-12-01", "2025-10, 2025-12-01 and 2026-03-30"."""
    if len(labels) == 1:
        return labels[0]
    return _("%(earlier)s and %(last)s") % {"earlier": ", ".join(labels[:-1]), "last": labels[-1]}


def pinned_notice(document, number: str) -> dict | None:
    """What a pinned page of an older version says about its rule in the newest version: that
    it moved or went away (``successor_notice``), or that it kept its number and was reworded
    (``changed``)."""
    notice = successor_notice(document, number)
    if notice is not None:
        return notice
    history, documents = history_of(document)
    if documents[-1].pk == document.pk:
        return None
    old = history.versions[history.index(document.version)].get(number)
    new = history.versions[-1].get(number)
    if old is None or new is None or old.text.split() == new.text.split():
        return None
    return {"removed": False, "changed": True, "document": documents[-1], "number": number}


def version_notices(document, number: str, version, versions) -> dict:
    """What a rule page says of its number in other versions: on a pinned page, where its
    rule is now (``successor``); on the newest, what other rules the number named before
    (``earlier``)."""
    if version:
        return {"pinned": True, "successor": pinned_notice(document, number), "earlier": []}
    earlier = earlier_meanings(document, number, versions)
    return {"pinned": False, "successor": None, "earlier": earlier}
