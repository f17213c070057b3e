"""Template tags write out what the page was given; none of them reads the database.

Every module of ``rulebook/web/templatetags/`` is read with ``ast`` (imports inside functions
included) and may import none of the modules that run queries: the models, Django's database
layer, or page assembly whose job is a query (a page's view reads that and hands it over).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.structure.test_imports import ROOT, imports, within

TAGS = ROOT / "rulebook" / "web" / "templatetags"
QUERYING = (
    "rulebook.models",
    "django.db",
    "rulebook.pages.document_nav",  # the game's documents, read per data generation
)


def query_imports(sources: dict[Path, str] | None = None) -> list[str]:
    """``file:line: module`` of every querying import in the tag modules (or ``sources``)."""
    if sources is None:
        sources = {path: path.read_text(encoding="utf-8") for path in sorted(TAGS.glob("*.py"))}
    found = []
    for path, source in sources.items():
        for line, target, names in imports(path, source):
            # ``from rulebook import models`` imports rulebook.models as much as ``import`` does.
            for module in (target, *(f"{target}.{name}" for name in names)):
                if any(within(module, querying) for querying in QUERYING):
                    found.append(f"{path.relative_to(ROOT)}:{line}: {module}")
                    break
    return found


def test_the_tag_modules_are_found():
    names = {path.name for path in TAGS.glob("*.py")}
    assert {"rulebook_tags.py", "history_tags.py"} <= names


def test_no_template_tag_module_imports_a_querying_module():
    assert query_imports() == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from rulebook.models import Document\n", "rulebook.models"),
        ("def tag():\n    from rulebook.models.rules import Rule\n", "rulebook.models.rules"),
        ("from rulebook import models\n", "rulebook.models"),
        ("import django.db.models\n", "django.db.models"),
        ("from django.db import connection\n", "django.db"),
        ("from ...pages.document_nav import document_nav\n", "rulebook.pages.document_nav"),
    ],
)
def test_the_checker_catches_what_it_should(source, expected):
    """A querying import planted in an imaginary tag module is reported."""
    found = query_imports({TAGS / "planted.py": source})
    assert [line.rsplit(": ", 1)[1] for line in found] == [expected], found


def test_the_checker_lets_plain_imports_pass():
    source = "from django.urls import reverse\nfrom rulebook.pages import terms\n"
    assert query_imports({TAGS / "planted.py": source}) == []
