# The two commands the README promises: `make run` and `make test`; `make serve` serves only
# what is already ingested (no demo games), e.g. after `make ingest-corpus`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
# Production settings with a secret key: $DJANGO_SECRET_KEY, else the one generated into the
# data directory on first use (scripts/secret_key.py) and reused after.
PROD = DJANGO_SETTINGS_MODULE=rulebook.settings.prod \
	DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$($(BIN)/python scripts/secret_key.py)}"

.PHONY: install run serve demo test test-sqlite test-postgres lint ingest-corpus clean

$(BIN)/activate: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(BIN)/activate

install: $(BIN)/activate

demo: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) $(BIN)/python manage.py ingest_demo

run: demo
	$(MAKE) serve

serve: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) $(BIN)/python manage.py collectstatic --noinput -v0
	$(PROD) $(BIN)/python manage.py rebuild_index --if-outdated
	$(PROD) $(BIN)/gunicorn rulebook.wsgi:application \
		--bind 127.0.0.1:$(PORT) --workers 2 --access-logfile -

ingest-corpus: install
	$(PROD) $(BIN)/python manage.py migrate --noinput -v0
	$(PROD) $(BIN)/python manage.py ingest \
		../shared/corpus/riftbound/core-rules/en ../shared/corpus/riftbound/core-rules/fr \
		../shared/corpus/riftbound/faq ../shared/corpus/riftbound/cards
	$(PROD) $(BIN)/python manage.py ingest \
		../shared/seeds/004_6fc11672a70a860d.txt --game warcry --doc-version 2025-11-01

test: install
	bash scripts/test.sh

lint: install
	$(BIN)/ruff check .

clean:
	rm -rf var .pytest_cache
