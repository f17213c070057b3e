"""The layering the README's "Where things live" promises, checked on the code itself.

Every import statement of ``rulebook`` and ``ingest`` is read with ``ast`` (function-level
imports included, since those are where cycles used to hide) and held against the allowed
directions. A violation names the file, the line and the rule it breaks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("rulebook", "ingest")

# (importing package, imported package): never allowed.
FORBIDDEN = [
    *((low, face) for low in ("rulebook.pages", "rulebook.models", "rulebook.search",
                              "rulebook.loading", "rulebook.history")
      for face in ("rulebook.web", "rulebook.api", "rulebook.discord")),
    ("rulebook.loading", "rulebook.pages"),
    ("rulebook.search", "rulebook.pages"),
    ("rulebook.search", "rulebook.loading"),
    ("rulebook.pages", "rulebook.loading"),
    *(("rulebook.models", upper) for upper in ("rulebook.pages", "rulebook.loading",
                                                 "rulebook.search")),
    ("rulebook.web", "rulebook.api"),
    ("rulebook.api", "rulebook.web"),
    ("rulebook.history", "rulebook.models"),
    ("ingest", "rulebook"),
    ("ingest", "django"),
]  # fmt: skip


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def source_files() -> list[Path]:
    files = []
    for package in PACKAGES:
        files += [p for p in (ROOT / package).rglob("*.py") if "migrations" not in p.parts]
    return sorted(files)


def imports(path: Path, source: str):
    """(line, imported module, names) for every import in the file, relative ones resolved."""
    tree = ast.parse(source, filename=str(path))
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base, [alias.name for alias in node.names]


def within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def violations(sources: dict[Path, str] | None = None) -> list[str]:
    """Every broken rule in ``sources`` ({path: text}; default: the package files on disk)."""
    if sources is None:
        sources = {path: path.read_text(encoding="utf-8") for path in source_files()}
    found = []
    for path, source in sources.items():
        here = module_name(path)
        where = path.relative_to(ROOT)
        for line, target, names in imports(path, source):
            for low, high in FORBIDDEN:
                if within(here, low) and within(target, high):
                    found.append(f"{where}:{line}: {low} must not import {high} ({target})")
            for name in names:
                private = name.startswith("_") and not name.startswith("__")
                if private and not within(target, here):
                    found.append(f"{where}:{line}: private name {target}.{name} imported")
    return found


def test_sources_are_found():
    assert len(source_files()) > 50
    names = {module_name(p) for p in source_files()}
    assert {"rulebook.pages.rules", "rulebook.loading.run", "ingest.numbers"} <= names


def test_no_forbidden_import_and_no_private_name_across_modules():
    assert violations() == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from rulebook.web import urls\n", "rulebook.pages must not import rulebook.web"),
        ("from rulebook.api.http import Lazy\n", "rulebook.pages must not import rulebook.api"),
        ("from .rules import _with_references\n", "private name rulebook.pages.rules._with_"),
    ],
)
def test_the_checker_catches_what_it_should(source, expected):
    """A bad import planted in an imaginary page module is reported."""
    found = violations({ROOT / "rulebook" / "pages" / "planted.py": source})
    assert any(expected in line for line in found), found
