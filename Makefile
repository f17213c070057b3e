# The two commands the README promises: `make run` and `make test`; `make serve` serves only
# what is already ingested (no demo games), e.g. after `make ingest-corpus`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
PG_URL ?= postgres://postgres@127.0.0.1:5432/test

.PHONY: install run serve demo test test-sqlite test-postgres lint ingest-corpus clean

$(BIN)/activate: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $(BIN)/activate

install: $(BIN)/activate

demo: install
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py migrate --noinput -v0
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py ingest_demo

run: demo
	$(MAKE) serve

serve: install
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py migrate --noinput -v0
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py collectstatic --noinput -v0
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/gunicorn rulebook.wsgi:application \
		--bind 127.0.0.1:$(PORT) --workers 2 --access-logfile -

ingest-corpus: install
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py migrate --noinput -v0
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py ingest \
		../shared/corpus/riftbound/core-rules/en ../shared/corpus/riftbound/core-rules/fr \
		../shared/corpus/riftbound/faq ../shared/corpus/riftbound/cards
	DJANGO_SETTINGS_MODULE=rulebook.settings.prod $(BIN)/python manage.py ingest \
		../shared/seeds/004_6fc11672a70a860d.txt --game warcry --doc-version 2025-11-01

test: install
	bash scripts/test.sh

lint: install
	$(BIN)/ruff check .

clean:
	rm -rf var .pytest_cache
