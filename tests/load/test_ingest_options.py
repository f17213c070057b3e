"""A run settles what the database says on a copy of its options, never on the caller's."""

import dataclasses

import pytest

from rulebook.loading.run import IngestOptions, run_ingest

pytestmark = pytest.mark.django_db


def test_run_ingest_leaves_the_options_it_was_given_unchanged(sample_file):
    options = IngestOptions(game="testgame", allow_prose=False)
    before = dataclasses.asdict(options)
    run_ingest([sample_file], options)
    assert dataclasses.asdict(options) == before
    assert options.limits is None and options.allow_prose is False


def test_options_cannot_be_assigned():
    options = IngestOptions(game="testgame")
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.allow_prose = False
