#!/usr/bin/env bash
# The whole test suite: ruff (lint and format), then pytest on SQLite in random order
# (pytest-randomly prints its seed in the header; replay an order with --randomly-seed=N),
# then the database-backed layers again on PostgreSQL when one answers (the search contract
# suite must run against both backends).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${VENV:-.venv}/bin
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/test}

"$BIN/ruff" check .
"$BIN/ruff" format --check .
"$BIN/python" -m pytest "$@"

if [ -n "${DATABASE_URL:-}" ]; then
  echo "DATABASE_URL is set: the run above already used it."
elif "$BIN/python" - "$PG_URL" <<'PY'
import sys, psycopg
try:
    psycopg.connect(sys.argv[1].replace("postgres://", "postgresql://"), connect_timeout=3).close()
except Exception as exc:
    print(f"PostgreSQL not reachable ({exc}); skipping the PostgreSQL run.")
    sys.exit(1)
PY
then
  echo "== PostgreSQL run: DATABASE_URL=$PG_URL =="
  DATABASE_URL="$PG_URL" "$BIN/python" -m pytest -m "not browser" tests/search tests/web tests/load "$@"
elif [ "${CI:-}" = "true" ]; then
  echo "CI requires PostgreSQL at $PG_URL" >&2
  exit 1
fi
