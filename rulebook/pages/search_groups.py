"""Search results of every game, grouped by game: the one the reader was reading first.

A search that names no game ranks every game's hits together, so another game's "Reactions"
can sit between the two Riftbound rules a Riftbound player wanted. Grouped, each game's hits
keep their order, the reader's game comes first and the others follow by their best hit.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GameGroup:
    slug: str
    name: str
    hits: list = field(default_factory=list)


def group_by_game(hits, first: str | None, names: dict[str, str]) -> list[GameGroup]:
    """The hits in one group per game; empty when they are all of one game (no headings)."""
    groups: dict[str, GameGroup] = {}
    for hit in hits:
        group = groups.get(hit.game)
        if group is None:
            group = groups[hit.game] = GameGroup(hit.game, names.get(hit.game, hit.game))
        group.hits.append(hit)
    if len(groups) < 2:
        return []
    ordered = list(groups.values())  # by each game's best hit
    return sorted(ordered, key=lambda g: g.slug != first)
