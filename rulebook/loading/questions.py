"""Loading the question bank, then placing each question on its rule in every version.

One atomic load syncs the questions of each bank file on their natural key (language,
version, number, text); the second pass places them: a question written against one
version's number follows that rule through the version history into every version of its
language, so a renumbering moves it with its rule. A question whose rule is in no version is
reported, never guessed at.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction

from ingest.questions import QuestionFile, held_out, training_fold
from rulebook import kinds
from rulebook.loading import generation, precompute
from rulebook.loading.precompute import family_history
from rulebook.loading.sync import CREATED, REMOVED, UPDATED, new_tally, sync_rows
from rulebook.models import AskedQuestion, Document, Game, Rule


@dataclass
class BankResult:
    """What a load did: counts per outcome, and what could not be placed."""

    counts: dict = field(default_factory=new_tally)
    placed: int = 0
    unplaced: list[str] = field(default_factory=list)  # "file:line: 813.9 (2026-07-16)"
    skipped_games: list[str] = field(default_factory=list)
    held_out: int = 0

    @property
    def changed(self) -> bool:
        return any(self.counts[k] for k in (CREATED, UPDATED, REMOVED))


def load_banks(
    banks: list[QuestionFile], holdout: bool = False, fold: int | None = None
) -> BankResult:
    """Sync and place ``banks`` in one transaction. ``holdout``: leave the bank's held-back
    fifth out, as the evaluation's databases do (``load_questions --holdout``), so that the
    questions it asks are not in the index it searches; ``fold``: leave that training fold
    out too, so that training can ask questions its index has never seen (a training
    database never holds the held-back fifth either, whatever ``holdout`` says)."""
    result = BankResult()
    with transaction.atomic():
        games = {g.slug: g for g in Game.objects.filter(slug__in={b.game for b in banks})}
        families = set()
        for bank in banks:
            game = games.get(bank.game)
            if game is None:
                result.skipped_games.append(bank.game)
                continue
            kept = [q for q in bank.questions if not _left_out(q.text, holdout, fold)]
            result.held_out += len(bank.questions) - len(kept)
            _sync_file(game, bank, kept, result)
            families.add((game, bank.language))
        for game, language in sorted(families, key=lambda f: (f[0].slug, f[1])):
            place(game, language, result)
        if result.changed:
            # The pages rendered ahead show no question: they stay valid for the new generation.
            precompute.ahead(generation.bump(), set())
    return result


def _left_out(text: str, holdout: bool, fold: int | None) -> bool:
    if fold is None:
        return holdout and held_out(text)
    return training_fold(text) in (None, fold)  # None: the held-back fifth


def _sync_file(game: Game, bank: QuestionFile, questions, result: BankResult) -> None:
    source = f"{bank.language}/{bank.path.name}"
    rows = [
        (
            (q.number, q.text),
            {"language": bank.language, "version": bank.version, "number": q.number}
            | {"text": q.text, "source": source, "position": q.position},
        )
        for q in questions
    ]
    existing = AskedQuestion.objects.of_game(game).filter(source=source)
    fixed = {"game": game}
    _rows, tally = sync_rows(AskedQuestion, existing, lambda q: (q.number, q.text), rows, fixed)
    for outcome, count in tally.items():
        result.counts[outcome] += count


def place(game: Game, language: str, result: BankResult | None = None) -> int:
    """Link each question of ``game`` in ``language`` to its rule in every version.

    Also run after a rules ingest (a new version's rules get their questions). Returns how
    many (question, rule) links there are."""
    result = result or BankResult()
    documents = list(
        Document.objects.filter(game=game, kind=kinds.CORE_RULES, language=language)
        .defer("report")
        .order_by("version")
    )
    questions = list(AskedQuestion.objects.of_game(game).in_language(language))
    through = AskedQuestion.rules.through
    through.objects.filter(askedquestion__in=questions).delete()
    if not documents or not questions:
        result.unplaced.extend(_where(q) for q in questions)
        return 0
    history = family_history((game.slug, kinds.CORE_RULES, language), documents)
    labels = {d.version: d for d in documents}
    wanted: dict[tuple[int, str], list[AskedQuestion]] = {}
    for question in questions:
        steps = _steps(history, labels, question)
        if not steps:
            result.unplaced.append(_where(question))
        for version, number in steps:
            wanted.setdefault((labels[version].pk, number), []).append(question)
    rules = Rule.objects.filter(document__in=documents, occurrence=1).values_list(
        "pk", "document_id", "number"
    )
    links = [
        through(askedquestion_id=q.pk, rule_id=pk)
        for pk, document_id, number in rules
        for q in wanted.get((document_id, number), ())
    ]
    through.objects.bulk_create(links, batch_size=1000)
    result.placed += len(links)
    return len(links)


def _steps(history, labels, question) -> list[tuple[str, str]]:
    if question.version not in labels:
        return []
    try:
        steps = history.timeline(question.version, question.number)
    except KeyError:
        return []
    return [(s.version, s.number) for s in steps if s.number is not None]


def _where(question: AskedQuestion) -> str:
    return f"{question.source}: {question.number} ({question.version}) {question.text!r}"


def place_all(game_slugs=None) -> int:
    """Place every game's questions again: the second pass of a rules ingest."""
    games = Game.objects.all()
    if game_slugs is not None:
        games = games.filter(slug__in=list(game_slugs))
    total = 0
    for game in games:
        languages = AskedQuestion.objects.of_game(game).values_list("language", flat=True)
        for language in sorted(set(languages)):
            total += place(game, language)
    return total
