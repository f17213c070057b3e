"""Reading a question bank: questions as players ask them, each filed under its rule.

A bank file is TOML, one per game, language and chapter hundred
(``data/<game>/questions/<language>/<hundred>.toml``)::

    version = "2026-07-16"    # the Core Rules version the numbers are read in
    language = "en"

    [rules]
    "116" = ["how many cards do I start with", "opening hand size"]

The numbers name rules of one version, so a question keeps answering the same rule when a
later version renumbers it: the loader follows each rule through the version history.
TOML was chosen over JSON because people write these files by hand, and a misplaced comma
must give a ``file:line`` error, not a silently dropped question.
"""

from __future__ import annotations

import re
import tomllib
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from ingest.model import IngestError

VERSION_RE = re.compile(r"^\d{4}-\d{2}(-\d{2})?$")
NUMBER_RE = re.compile(r"^\d{1,4}(\.[0-9a-z]{1,4})*$")
MAX_QUESTION = 300  # characters: a question, not a paragraph pasted by mistake
# The bank's held-back fifth is kept out of training, tuning and (for evaluation) the index:
# chosen by a hash of each question's text, so it spreads over every chapter and stays the
# same fifth when files are added, reordered or edited elsewhere.
HOLDOUT_EVERY = 5
# The other four fifths split the same way into folds, so that training can leave one fold out
# of an evaluation database's index and learn from questions its index has never seen
# (``load_questions --holdout --fold K``); the held-back fifth stays out of every fold.
TRAINING_FOLDS = 4


@dataclass(frozen=True)
class AskedQuestion:
    number: str
    text: str
    line: int
    position: int  # order within its file: a rule's page lists them as written


@dataclass
class QuestionFile:
    path: Path
    game: str
    language: str
    version: str
    questions: list[AskedQuestion] = field(default_factory=list)


def game_of(path: Path) -> str | None:
    """The game a bank file belongs to, from its folder: ``<game>/questions/<lang>/x.toml``."""
    parts = path.resolve().parts
    if len(parts) >= 4 and parts[-3] == "questions":
        return parts[-4]
    return None


def is_bank(path: Path) -> bool:
    return path.suffix == ".toml" and game_of(path) is not None


def bank_files(paths) -> list[Path]:
    """Every bank file under ``paths`` (files or folders), in a stable order."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(p for p in sorted(path.rglob("*.toml")) if is_bank(p))
        elif path.exists():
            found.append(path)
        else:
            raise IngestError(f"{path}: no such file or folder")
    return found


def parse_bank(path: Path, text: str | None = None, game: str | None = None) -> QuestionFile:
    text = path.read_text(encoding="utf-8") if text is None else text
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line = re.search(r"line (\d+)", str(exc))
        raise IngestError(f"{path}:{line.group(1) if line else 1}: {exc}") from exc
    game = game or data.get("game") or game_of(path)
    if not game:
        raise IngestError(f"{path}:1: no game (a 'game' key, or a <game>/questions/ folder)")
    version, language = data.get("version"), data.get("language")
    if not isinstance(version, str) or not VERSION_RE.match(version):
        raise IngestError(f"{path}:{_line_of(text, 'version')}: version must be YYYY-MM[-DD]")
    if not isinstance(language, str) or not re.fullmatch(r"[a-z]{2}", language):
        raise IngestError(f"{path}:{_line_of(text, 'language')}: language must be a code")
    rules = data.get("rules")
    if not isinstance(rules, dict) or not rules:
        raise IngestError(f"{path}:1: no [rules] table")
    bank = QuestionFile(path, game, language, version)
    seen: set[str] = set()
    lines = text.splitlines()
    for number, questions in rules.items():
        line = _line_of(text, f'"{number}"')
        if not NUMBER_RE.match(number):
            raise IngestError(f"{path}:{line}: {number!r} is not a rule number")
        if not isinstance(questions, list) or not all(isinstance(q, str) for q in questions):
            raise IngestError(f"{path}:{line}: {number} must be a list of questions")
        for question in questions:
            at = _line_after(lines, line, question)
            cleaned = " ".join(question.split())
            if not cleaned or len(cleaned) > MAX_QUESTION:
                raise IngestError(f"{path}:{at}: empty or overlong question")
            if cleaned.casefold() in seen:
                raise IngestError(f"{path}:{at}: {cleaned!r} is asked twice")
            seen.add(cleaned.casefold())
            bank.questions.append(AskedQuestion(number, cleaned, at, len(bank.questions)))
    return bank


def _line_of(text: str, needle: str) -> int:
    """The line a key starts on; TOML parsers keep no positions, and an error that points
    at the right line is what makes a hand-written file fixable."""
    for index, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(needle):
            return index
    return 1


def _line_after(lines: list[str], start: int, question: str) -> int:
    probe = question.strip()[:40]
    for index in range(start - 1, len(lines)):
        if probe and probe in lines[index]:
            return index + 1
    return start


def _text_hash(text: str) -> int:
    return zlib.crc32(" ".join(text.casefold().split()).encode())


def held_out(text: str) -> bool:
    """Whether a question is in the bank's held-back fifth."""
    return _text_hash(text) % HOLDOUT_EVERY == 0


def training_fold(text: str) -> int | None:
    """Which training fold a question is in (0 to ``TRAINING_FOLDS`` - 1), or None for the
    held-back fifth: a question is never in both."""
    digest = _text_hash(text)
    if digest % HOLDOUT_EVERY == 0:
        return None
    return digest // HOLDOUT_EVERY % TRAINING_FOLDS
