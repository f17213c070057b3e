"""Real data and the demo live apart (issue 32 item 7): `make run` loads the made-up games into
a data directory of its own, so `make serve` after `make ingest-corpus` lists only the games
ingested there (Riftbound and Warcry)."""

import os
import re
import sqlite3
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
DATA_DIR_RE = re.compile(r'RULEBOOK_DATA_DIR="([^"]*)"')


def _dry(target: str, **env) -> list[tuple[str, str]]:
    """(data directory, manage.py command or gunicorn) of each line `make -n` would run."""
    environment = {k: v for k, v in os.environ.items() if k != "RULEBOOK_DATA_DIR"}
    out = subprocess.run(
        ["make", "-n", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**environment, **env},
    ).stdout
    lines = []
    for line in out.splitlines():
        found = DATA_DIR_RE.search(line)
        command = re.search(r"manage\.py (\w+)|(gunicorn)", line)
        if found and command:
            lines.append((found.group(1), command.group(1) or command.group(2)))
    return lines


def test_make_run_serves_the_demo_from_its_own_data_directory():
    run = _dry("run")
    assert ("var/demo", "ingest_demo") in run and ("var/demo", "gunicorn") in run
    assert {directory for directory, _command in run} == {"var/demo"}
    serve, corpus = _dry("serve"), _dry("ingest-corpus")
    assert {d for d, _c in serve} == {d for d, _c in corpus} == {"var"}
    assert "ingest_demo" not in {c for _d, c in serve + corpus}
    assert {"ingest", "load_questions"} <= {c for _d, c in corpus}
    moved = _dry("run", RULEBOOK_DATA_DIR="/srv/rulebook")
    assert {d for d, _c in moved} == {"/srv/rulebook/demo"}, "under the chosen data directory"


def test_the_demo_lands_in_its_own_database(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env.update(RULEBOOK_DATA_DIR=str(tmp_path), DJANGO_ALLOWED_HOSTS="127.0.0.1")
    subprocess.run(
        ["make", "-o", "install", "-o", ".venv/bin/activate", "demo"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    with sqlite3.connect(tmp_path / "demo" / "rulebook.sqlite3") as db:
        games = {slug for (slug,) in db.execute("SELECT slug FROM rulebook_game")}
    assert games == {"lanternfall", "hollowmere"}
    assert not (tmp_path / "rulebook.sqlite3").exists(), "`make serve`'s database is untouched"
