"""A bigger card gallery of our own for the demo game: the demo's cards and made-up Moths.

The demo gallery holds fewer cards than one page of the card list; the paging tests, in-process
and in Chromium, ingest this one instead.
"""

from __future__ import annotations

import json
from pathlib import Path

GALLERY = "lanternfall/cards/card-gallery_2026-05-01.json"
# The Moths' text when a test wants them listed on Swift's keyword page (paged there too).
SWIFT_TEXT = "[Swift] (You may play me whenever you could respond.)"


def moth_gallery(
    demo_dir: Path, count: int = 130, ability: str = "Pay :rb_energy_1: to fly."
) -> dict:
    """The demo gallery with ``count`` Paper Moths of text ``ability``, every third one Cobalt,
    the others Amber."""
    gallery = json.loads((demo_dir / GALLERY).read_text(encoding="utf-8"))
    template = gallery["cards"][0]
    for number in range(1, count + 1):
        gallery["cards"].append(
            {
                **template,
                "id": f"mm-{number:03d}",
                "name": f"Paper Moth {number:03d}",
                "publicCode": f"MM-{number:03d}",
                "domains": ["Cobalt" if number % 3 == 0 else "Amber"],
                "abilityText": ability,
            }
        )
    gallery["count"] = len(gallery["cards"])
    return gallery


def write_moth_gallery(demo_dir: Path, directory: Path, **options) -> Path:
    """``moth_gallery(demo_dir, **options)`` written into ``directory``."""
    path = directory / Path(GALLERY).name
    path.write_text(json.dumps(moth_gallery(demo_dir, **options)), encoding="utf-8")
    return path
