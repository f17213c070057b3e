"""Removing a game and everything under it, for a deployment that wants real data only.

The delete goes through Django's collector, so the counts a dry run prints are the counts a
real run deletes: a dry run performs the same delete inside a transaction and rolls it back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from rulebook.loading import generation, precompute
from rulebook.models import Game


class UnknownGame(LookupError):
    """No game has that slug; the message lists the slugs that exist."""


@dataclass
class Removal:
    game: str
    name: str
    total: int
    counts: dict[str, int] = field(default_factory=dict)  # model label -> rows
    dry_run: bool = False


def remove_game(slug: str, dry_run: bool = False) -> Removal:
    """Delete the game ``slug`` with its documents, rules, FAQ, cards and links, atomically."""
    with transaction.atomic():
        game = Game.objects.filter(slug=slug).first()
        if game is None:
            known = ", ".join(Game.objects.order_by("slug").values_list("slug", flat=True))
            raise UnknownGame(f"no game {slug!r}; games: {known or '(none)'}")
        name = game.name
        total, counts = game.delete()
        if dry_run:
            transaction.set_rollback(True)
        else:
            # Cached pages, validators and CSP hosts of that game go stale; the other games'
            # pages rendered ahead stay valid and move on to the new generation.
            precompute.forget_game(slug)
            precompute.ahead(generation.bump(), set())
    shown = {label: n for label, n in sorted(counts.items()) if n}
    return Removal(slug, name, total, shown, dry_run)
