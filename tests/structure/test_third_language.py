"""Adding a language is a row in each half of the language table: proven in a subprocess.

``override_settings`` would pass falsely: module-level language lists, URL patterns and the
search index's fields are fixed when the modules are imported, so the checks run in a fresh
interpreter whose settings add German before anything is imported.
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_third_language_keeps_english_and_french_working(tmp_path):
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.structure.german_settings"}
    env.pop("DATABASE_URL", None)  # a throwaway SQLite database of its own
    env["RULEBOOK_TEST_DATA_DIR"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/structure/german_checks.py", "-q",
         "-p", "no:randomly", "-p", "no:cacheprovider",
         "--ds", "tests.structure.german_settings"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "4 passed" in result.stdout
