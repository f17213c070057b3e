"""The index format stamp: which code built the live index, and rebuilding when it is not ours."""

import os
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import override_settings

from rulebook.search import get_backend
from rulebook.search.base import INDEX_FORMAT

from .conftest import WHOOSH
from .fixtures import GAME

pytestmark = pytest.mark.django_db


def test_every_backend_stamps_its_index_with_this_code_s_format(backend):
    assert backend.built_format() == INDEX_FORMAT


def test_a_postgres_index_without_a_stamp_reads_as_the_first_format(backend):
    if type(backend).__name__ != "PostgresBackend":
        pytest.skip("the Whoosh stamp is a file: see the test below")
    with connection.cursor() as cur:  # rolled back with the test's transaction
        cur.execute("COMMENT ON TABLE rulebook_search_entry IS NULL")
    assert backend.built_format() == 1


@pytest.fixture
def index_dir(tmp_path, starfall):
    with override_settings(SEARCH_BACKEND={"BACKEND": WHOOSH, "PATH": tmp_path / "index"}):
        with override_settings(RULEBOOK_DEFAULT_GAME=GAME):
            yield tmp_path / "index"


def rebuild_if_outdated() -> str:
    out = StringIO()
    call_command("rebuild_index", "--if-outdated", stdout=out)
    return out.getvalue()


def test_rebuild_if_outdated_builds_a_missing_index_then_leaves_a_current_one(index_dir):
    assert get_backend().built_format() is None
    assert "no index" in rebuild_if_outdated()
    first = os.readlink(index_dir / "current")
    assert "current" in rebuild_if_outdated()
    assert os.readlink(index_dir / "current") == first


def test_an_index_built_before_stamps_is_rebuilt(index_dir):
    call_command("rebuild_index", verbosity=0)
    first = os.readlink(index_dir / "current")
    (index_dir / first / "FORMAT").unlink()  # as every index built by older code
    assert get_backend().built_format() == 1
    assert f"format 1, this code writes {INDEX_FORMAT}" in rebuild_if_outdated()
    assert os.readlink(index_dir / "current") != first
    assert get_backend().built_format() == INDEX_FORMAT
