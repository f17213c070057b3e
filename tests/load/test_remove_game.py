"""``remove_game``: a game goes with everything under it, in one transaction; a dry run only
counts."""

import io

import pytest
from django.core.management import CommandError, call_command

from rulebook.loading.remove import remove_game
from rulebook.models import (
    Card,
    DataGeneration,
    Document,
    FaqEntry,
    Game,
    Link,
    Precomputed,
    Rule,
    rendered,
)

pytestmark = pytest.mark.django_db


def snapshot():
    return {
        model.__name__: model.objects.count()
        for model in (Game, Document, Rule, FaqEntry, Card, Link)
    }


def run(*args):
    out = io.StringIO()
    call_command("remove_game", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_dry_run_prints_counts_and_changes_nothing(demo_data):
    before = snapshot()
    output = run("lanternfall", "--dry-run")
    assert snapshot() == before
    assert output.startswith("Would remove Lanternfall (lanternfall):")
    lanternfall_rules = Rule.objects.filter(document__game__slug="lanternfall").count()
    assert f"rulebook.Rule: {lanternfall_rules}" in output
    assert "rulebook.FaqEntry:" in output and "rulebook.Card:" in output
    assert "Dry run: nothing changed." in output


def test_removal_takes_the_game_and_everything_under_it_only(demo_data):
    hollowmere_rules = Rule.objects.filter(document__game__slug="hollowmere").count()
    removal = remove_game("lanternfall")
    assert not Game.objects.filter(slug="lanternfall").exists()
    for model, path in ((Document, "game"), (Rule, "document__game"), (Card, "game")):
        assert not model.objects.filter(**{f"{path}__slug": "lanternfall"}).exists()
    assert not FaqEntry.objects.filter(page__game__slug="lanternfall").exists()
    assert Rule.objects.filter(document__game__slug="hollowmere").count() == hollowmere_rules
    assert removal.counts["rulebook.Rule"] > 0 and removal.total >= sum(removal.counts.values())


def test_unknown_game_fails_and_names_the_known_ones(demo_data):
    with pytest.raises(CommandError, match="no game 'nope'.*lanternfall"):
        run("nope", "--yes")


def test_dry_run_counts_are_what_a_real_run_removes(demo_data):
    dry = remove_game("hollowmere", dry_run=True)
    real = remove_game("hollowmere")
    assert (dry.total, dry.counts) == (real.total, real.counts) and dry.dry_run


def test_a_removal_changes_the_data_generation_and_a_dry_run_does_not(demo_data):
    """Cached pages, validators and CSP hosts are keyed on the generation: a removed game's
    pages must not be served from the cache afterwards."""
    from rulebook.models.generation import DataGeneration

    before = DataGeneration.current()
    remove_game("hollowmere", dry_run=True)
    assert DataGeneration.current() == before
    remove_game("hollowmere")
    assert DataGeneration.current()[0] != before[0]


def _copies(slug: str) -> dict[str, int]:
    """The game's pages rendered ahead and histories, key -> generation."""
    rows = Precomputed.objects.filter(key__regex=rf"^(history|{rendered.PREFIX}.*?):{slug}:")
    return dict(rows.values_list("key", "generation"))


def test_the_other_games_pages_rendered_ahead_stay_readable(demo_data):
    """A removal bumps the generation; the pages written ahead for the games that stay move on
    to it (else each is rendered again for its first reader), and the removed game's go."""
    kept = _copies("hollowmere")
    assert kept and _copies("lanternfall")
    remove_game("lanternfall")
    current = DataGeneration.objects.get(pk=1).number
    assert _copies("hollowmere") == {
        key: current if key.startswith(rendered.PREFIX) else generation
        for key, generation in kept.items()
    }
    assert _copies("lanternfall") == {}
