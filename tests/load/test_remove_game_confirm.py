"""``remove_game`` asks before it deletes: the game's slug typed back on a terminal, or
``--yes`` where there is no terminal to ask on; a refusal removes nothing."""

import io

import pytest
from django.core.management import CommandError, call_command

from rulebook.models import Game
from tests.load.fingerprint import database_fingerprint

pytestmark = pytest.mark.django_db


class Terminal(io.StringIO):
    """Typed answers on a stdin that says it is a terminal."""

    def isatty(self):
        return True


class Pipe(io.StringIO):
    def isatty(self):
        return False


@pytest.fixture
def game(demo_data, settings, tmp_path):
    """A removal rebuilds the search index: a Whoosh index of this test's own, not the one
    other tests read (on PostgreSQL the rebuild is inside the test's transaction)."""
    settings.SEARCH_BACKEND = {**settings.SEARCH_BACKEND, "PATH": tmp_path / "index"}
    return "hollowmere"


@pytest.fixture
def remove(monkeypatch):
    """Run the command with ``stdin`` standing in for the process's standard input."""

    def run(*args, stdin) -> str:
        monkeypatch.setattr("sys.stdin", stdin)
        out = io.StringIO()
        call_command("remove_game", *args, stdout=out, stderr=io.StringIO())
        return out.getvalue()

    return run


def test_without_a_terminal_and_without_yes_nothing_is_removed(game, remove):
    before = database_fingerprint()
    with pytest.raises(CommandError, match="not a terminal. Pass --yes"):
        remove(game, stdin=Pipe("hollowmere\n"))
    assert database_fingerprint() == before


def test_yes_removes_without_asking(game, remove):
    output = remove(game, "--yes", stdin=Pipe(""))
    assert output.startswith("Removed Hollowmere (hollowmere):")
    assert not Game.objects.filter(slug=game).exists()


def test_a_wrong_answer_on_a_terminal_removes_nothing(game, remove):
    before = database_fingerprint()
    with pytest.raises(CommandError, match="'lanternfall' is not 'hollowmere'; nothing"):
        remove(game, stdin=Terminal("lanternfall\n"))
    assert database_fingerprint() == before


def test_an_empty_answer_on_a_terminal_removes_nothing(game, remove):
    with pytest.raises(CommandError, match="nothing was removed"):
        remove(game, stdin=Terminal(""))
    assert Game.objects.filter(slug=game).exists()


def test_the_slug_typed_back_on_a_terminal_removes_the_game(game, remove):
    output = remove(game, stdin=Terminal("hollowmere\n"))
    assert "Would remove Hollowmere (hollowmere):" in output  # shown before the question
    assert "Type the game's slug (hollowmere)" in output
    assert "Removed Hollowmere (hollowmere):" in output
    assert not Game.objects.filter(slug=game).exists()


def test_a_dry_run_needs_no_confirmation(game, remove):
    before = database_fingerprint()
    output = remove(game, "--dry-run", stdin=Pipe(""))
    assert "Dry run: nothing changed." in output and database_fingerprint() == before
