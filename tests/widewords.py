"""Widewords: a tiny made-up game of our own whose rules are full of long unbroken words.

Real rules carry words no phone can fit on one line beside another column: a French term
beside its English twin in the glossary, a compound name, a URL. The demo's words are short,
so the phone tests ingest this game too: English rules in two versions (for history and
changes) and a French twin (for the glossary and the side-by-side view).
"""

from __future__ import annotations

import json
from pathlib import Path

GAME = "widewords"
# Unbroken words, each wider than half of a 360 px screen at the body's size.
LONG_EN = "Overwinterlanternkeepership"
LONG_FR = "Gardiennagedeslanternesdhiver"
LONG_KEYWORD_EN = "Lanternwardenreawakening"
LONG_KEYWORD_FR = "Réveildesgardiensdelanterne"
LONG_URL = "https://example.org/widewords/rules/errata/2026/overwinterlanternkeepership-clarified"

EN_V1 = f"""# Widewords Core Rules

### Last Updated: 2026-02-01

## 100. Game Concepts

### 101. {LONG_EN}

102. The {LONG_EN} of a player is the set of Lanterns they keep lit through the winter round.
102.1. A player begins the game with three Lanterns in their {LONG_EN}.
103. Unlit Lanterns are set aside.

## 500. Keywords

### 501. {LONG_KEYWORD_EN}

501.1. {LONG_KEYWORD_EN} lets a Warden come back when a Lantern is lit.
"""

EN_V2 = f"""# Widewords Core Rules

### Last Updated: 2026-05-01

## 100. Game Concepts

### 101. {LONG_EN}

102. The {LONG_EN} of a player is every Lantern they keep lit through the long winter round \
(see {LONG_URL}).
102.1. A player begins the game with four Lanterns in their {LONG_EN}.
103. Unlit Lanterns go to the {LONG_KEYWORD_EN}pile.

## 500. Keywords

### 501. {LONG_KEYWORD_EN}

501.1. {LONG_KEYWORD_EN} lets a Warden come back when a Lantern is lit.
501.2. A Warden may use {LONG_KEYWORD_EN} once a round.
"""

FR_V2 = [  # (number, text); the numbers without a dot are headings
    ("100", "Notions du jeu"),
    ("101", LONG_FR),
    ("102", f"La {LONG_FR} d'un joueur réunit ses Lanternes allumées ({LONG_URL})."),
    ("102.1", f"Un joueur commence avec quatre Lanternes dans sa {LONG_FR}."),
    ("103", f"Les Lanternes éteintes vont dans la pile de {LONG_KEYWORD_FR}."),
    ("500", "Mots-clés"),
    ("501", LONG_KEYWORD_FR),
    ("501.1", f"{LONG_KEYWORD_FR} ramène un Gardien quand une Lanterne s'allume."),
    ("501.2", f"Un Gardien peut utiliser {LONG_KEYWORD_FR} une fois par manche."),
]


def french_rows() -> list[dict]:
    """The French file's JSON rows, each with the latest heading as its section."""
    rows, section = [], ""
    for number, text in FR_V2:
        if number in ("100", "101", "500", "501"):
            section = text
        rows.append({"id": number, "text": text, "section": section, "top": number.split(".")[0]})
    return rows


def write_widewords(directory: Path) -> list[Path]:
    """The game's three files, in the order an ingest should read them."""
    english = directory / "en"
    french = directory / "fr"
    english.mkdir(parents=True, exist_ok=True)
    french.mkdir(parents=True, exist_ok=True)
    paths = [english / "2026-02-01_v1.0.md", english / "2026-05-01_v1.1.md"]
    paths[0].write_text(EN_V1, encoding="utf-8")
    paths[1].write_text(EN_V2, encoding="utf-8")
    paths.append(french / "2026-05-01_v1.1.json")
    paths[2].write_text(json.dumps(french_rows(), ensure_ascii=False, indent=1), encoding="utf-8")
    return paths
