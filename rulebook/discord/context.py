"""What every handler needs: who asked, in which language, about which game, and how to make
the site's links absolute (Discord shows them outside the site)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from rulebook import kinds, languages
from rulebook.discord.interaction import Interaction
from rulebook.languages import KNOWLEDGE_LANGUAGE
from rulebook.models import Document, Game


class Refusal(Exception):
    """A question we cannot answer as asked; its reply is shown to the asker alone."""

    def __init__(self, reply: dict):
        super().__init__("refused")
        self.reply = reply


@dataclass
class Ask:
    request: object
    interaction: Interaction
    language: str  # the reader's: the interface, and the texts when they exist in it
    game: Game

    def url(self, path: str) -> str:
        return self.request.build_absolute_uri(path)

    def option(self, name: str) -> str:
        return " ".join(self.interaction.options.get(name, "").split())


def default_game() -> Game | None:
    return Game.objects.short_link_default(settings.RULEBOOK_DEFAULT_GAME)


def find_game(written: str) -> Game | None:
    """A game by slug or name in any case; blank means the default game, as for ``/r/``."""
    written = " ".join((written or "").split())
    if not written:
        return default_game()
    games = Game.objects.with_rules()
    return (
        games.filter(slug=written.lower()[:50]).first()
        or games.filter(name__iexact=written[:100]).first()
    )


def rules_document(
    game: Game, language: str, version: str = "", kind: str = kinds.CORE_RULES
) -> Document | None:
    """The newest Core Rules (or document of ``kind``) in ``language``, or the named version,
    without its report."""
    if not version and kind == kinds.CORE_RULES:
        return Document.objects.newest_rules(game, language)
    documents = Document.objects.of(game, kind, language).select_related("game").defer("report")
    if not version:
        return documents.newest_first().first()
    return documents.filter(version=version[:10]).first()


def other_language(language: str) -> str:
    """The language a button offers: the knowledge language, or from it the next one."""
    if language != KNOWLEDGE_LANGUAGE:
        return KNOWLEDGE_LANGUAGE
    return next(iter(languages.others(language)), language)
