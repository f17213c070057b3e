"""The data directory, made when something is about to write to it.

Importing the settings creates nothing (a check, a test or a process that only reads must not
leave a ``var/`` behind). Django's file cache, the Whoosh index, ``collectstatic`` and
``scripts/secret_key.py`` each create their own directory at their first write; SQLite does
not, and fails with "unable to open database file" when the database's directory is missing,
so ``manage.py`` makes that one before running any command.
"""

from __future__ import annotations

from pathlib import Path


def ensure_database_dir() -> Path | None:
    """Create the directory of the default SQLite database file (None: not SQLite, in memory,
    or settings that do not load, which the command then reports itself)."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    try:
        database = settings.DATABASES["default"]
    except (ImproperlyConfigured, ImportError):
        return None
    name = str(database.get("NAME") or "")
    if not database.get("ENGINE", "").endswith("sqlite3") or name in ("", ":memory:"):
        return None
    if name.startswith("file:"):  # a URI: SQLite's own options, left as they are
        return None
    parent = Path(name).parent
    parent.mkdir(parents=True, exist_ok=True)
    return parent
