"""A game's own words, read from its data directory instead of being spelled in the parsers.

A game's keywords, stat names and icon names are facts about that game, not about a file
format or a language: they live in ``data/<game>/vocabulary.toml``, beside the game's question
bank, and change with the game's releases without a change of code. TOML, like the question
bank, because people write it by hand and a slip must give a ``file:line`` error. A game
without the file has no words of its own.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from ingest.model import IngestError

DATA_ROOT = Path(__file__).resolve().parent.parent / "data"
FILENAME = "vocabulary.toml"


@dataclass(frozen=True)
class Icon:
    symbol: str  # what is drawn; "{value}" is the tag's value
    label: str  # what a screen reader says ("{value} Energy")


@dataclass(frozen=True)
class Vocabulary:
    # Words after a number that make it an amount of a stat ("4 Might"), by language.
    quantity_words: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The community FAQ's inline tags (``ingest.knowledge.mdx``).
    keywords: tuple[str, ...] = ()
    keyword_spellings: dict[str, str] = field(default_factory=dict)
    terms: tuple[str, ...] = ()
    powers: tuple[str, ...] = ()
    icons: dict[str, Icon] = field(default_factory=dict)


def read(path: Path) -> Vocabulary:
    """The vocabulary of one file; a malformed file fails with its ``file:line``."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        line = getattr(exc, "lineno", None) or 1
        raise IngestError(f"not a vocabulary file: {exc}", f"{path}:{line}") from exc
    tags = data.get("faq_tags", {})
    try:
        return Vocabulary(
            quantity_words={
                code: tuple(words) for code, words in data.get("quantity_words", {}).items()
            },
            keywords=tuple(tags.get("keywords", ())),
            keyword_spellings=dict(tags.get("keyword_spellings", {})),
            terms=tuple(tags.get("terms", ())),
            powers=tuple(tags.get("powers", ())),
            icons={name: Icon(**icon) for name, icon in tags.get("icons", {}).items()},
        )
    except (AttributeError, TypeError) as exc:
        raise IngestError(f"not a vocabulary file: {exc}", f"{path}:1") from exc


@functools.cache
def of_game(slug: str, root: Path = DATA_ROOT) -> Vocabulary:
    """The game's vocabulary, read once per process; empty when the game has no file."""
    path = root / slug / FILENAME
    return read(path) if path.is_file() else Vocabulary()


def games(root: Path = DATA_ROOT) -> list[str]:
    """Every game with a vocabulary file, by slug."""
    return sorted(path.parent.name for path in root.glob(f"*/{FILENAME}"))


def quantity_words(language: str, root: Path = DATA_ROOT) -> tuple[str, ...]:
    """Every game's stat words in one language: a number before any of them is an amount.
    The autolinker reads running text of any game, so no game's stats may become links."""
    words = (
        w for game in games(root) for w in of_game(game, root).quantity_words.get(language, ())
    )
    return tuple(dict.fromkeys(words))
