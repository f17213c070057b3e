"""The OpenAPI document is true: schemathesis, with every check it has, against the app.

Runs schemathesis's own engine (every phase the CLI runs: examples, coverage, fuzzing,
stateful) in-process through Django's WSGI handler, with rate limiting off and a bounded
number of examples per operation. The one tuning: oEmbed's documented 501 (a format other
than JSON, as the oEmbed specification demands) is not counted as a server crash.

The engine rather than ``schema.parametrize()``: schemathesis's lazy pytest loader (needed
because the schema lists the games in the database) does not work with pytest 9.2.
"""

import pytest
import schemathesis
from django.core import signals
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, events, from_schema

pytestmark = pytest.mark.django_db

load_all_checks()
ALL_CHECKS = CHECKS.get_all_names()

CONFIG = f"""
workers = 1
max-failures = 20
[generation]
max-examples = 30
[checks]
enabled = false
{chr(10).join(f"[checks.{name}]{chr(10)}enabled = true" for name in ALL_CHECKS)}

[[operations]]
include-operation-id = "api_oembed"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "501"]
"""


@pytest.fixture
def wsgi_app(demo_data, api_settings):
    # The WSGI handler would close the test's connection (and its transaction) after each
    # request; Django's own test client switches this off in the same way.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield get_wsgi_application()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def run_schemathesis(app) -> tuple[list[str], list[str], set[str]]:
    """Failures (check, operation, reproducing curl), engine errors, operations exercised."""
    config = SchemathesisConfig.from_str(CONFIG)
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app, config=config)
    failures, errors, operations = [], [], set()
    for event in from_schema(schema).execute():
        if isinstance(event, events.NonFatalError | events.FatalError):
            errors.append(f"{getattr(event, 'label', '')}: {event.info}")
        if not isinstance(event, events.ScenarioFinished) or event.recorder is None:
            continue
        operations.add(event.recorder.label)
        for nodes in event.recorder.checks.values():
            failures.extend(
                f"{node.name} on {event.recorder.label}: {node.failure_info.failure}\n"
                f"{node.failure_info.code_sample}"
                for node in nodes
                if node.status != Status.SUCCESS and node.failure_info
            )
    return failures, errors, operations


def test_api_conforms_to_its_openapi_document(wsgi_app):
    failures, errors, operations = run_schemathesis(wsgi_app)
    assert not errors, "\n".join(errors)
    assert not failures, "\n\n".join(dict.fromkeys(failures))
    exercised = {label.split(" ", 1)[-1] for label in operations}
    for path in [
        "/api/v1/games",
        "/api/v1/linkify",
        "/api/v1/oembed",
        "/api/v1/search",
        "/api/v1/suggest",
        "/api/v1/games/{game}/{kind}/{lang}/rules/{number}",
    ]:
        assert path in exercised, sorted(exercised)


def test_every_check_is_enabled():
    assert {
        "not_a_server_error",
        "response_schema_conformance",
        "negative_data_rejection",
        "positive_data_acceptance",
        "unsupported_method",
        "use_after_free",
        "response_headers_conformance",
        "allow_header_conformance",
    } <= set(ALL_CHECKS)
