#!/usr/bin/env bash
# The whole test suite: ruff (lint and format), then pytest on SQLite in random order
# (pytest-randomly prints its seed in the header; replay an order with --randomly-seed=N),
# then the database-backed layers again on PostgreSQL when one answers, as the scale path runs:
# PostgreSQL full-text search, and Redis as the cache when REDIS_URL is set (.ci/run sets it).
# Both runs spread the tests over every core (pytest-xdist; PYTEST_WORKERS=0 runs them in one
# process), a module's tests on one worker, so its fixtures are built once. Each worker has its
# own data directory, test database and Redis prefix. Extra arguments go to both pytest runs.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${VENV:-.venv}/bin
PARALLEL=(-n "${PYTEST_WORKERS:-auto}" --dist loadscope)
PG_URL=${PG_URL:-postgres://postgres@127.0.0.1:5432/test}

"$BIN/ruff" check .
"$BIN/ruff" format --check .
# The SQLite pass is the single-machine default: Whoosh and the file/memory caches.
env -u REDIS_URL -u RULEBOOK_SEARCH_BACKEND "$BIN/python" -m pytest "${PARALLEL[@]}" "$@"

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
  echo "== PostgreSQL run: DATABASE_URL=$PG_URL, PostgreSQL search, REDIS_URL=${REDIS_URL:-unset} =="
  DATABASE_URL="$PG_URL" RULEBOOK_LINKCHECK_SECONDS=60 \
    RULEBOOK_SEARCH_BACKEND=rulebook.search.postgres_backend.PostgresBackend \
    "$BIN/python" -m pytest "${PARALLEL[@]}" -m "not browser" tests/search tests/web tests/load "$@"
elif [ "${CI:-}" = "true" ]; then
  echo "CI requires PostgreSQL at $PG_URL" >&2
  exit 1
fi
