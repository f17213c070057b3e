"""The endpoint's gate: size, configuration, method, signature, freshness, and no 5xx on any
signed body, however hostile."""

import json
import logging
import random
import time

import pytest
from nacl.signing import SigningKey

from tests.discord.conftest import URL, envelope

pytestmark = pytest.mark.django_db

PING = json.dumps({"id": "1", "application_id": "2", "type": 1, "token": "t", "version": 1})


def test_ping_answers_pong(discord):
    response = discord.post(PING.encode())
    assert response.status_code == 200
    assert response.json() == {"type": 1}
    assert response["Content-Type"] == "application/json"


def test_a_bad_signature_is_refused(discord):
    other = SigningKey.generate()
    timestamp = str(int(time.time()))
    forged = other.sign(timestamp.encode() + PING.encode()).signature.hex()
    assert discord.post(PING.encode(), signature=forged).status_code == 401


def test_a_signature_over_another_body_is_refused(discord, signing_key):
    timestamp = str(int(time.time()))
    signed = signing_key.sign(timestamp.encode() + PING.encode()).signature.hex()
    tampered = PING.replace('"type": 1', '"type": 2').encode()
    assert discord.post(tampered, timestamp=timestamp, signature=signed).status_code == 401


@pytest.mark.parametrize("age", [301, 3600, -301])
def test_a_stale_or_future_timestamp_is_refused(discord, age):
    timestamp = str(int(time.time()) - age)
    assert discord.post(PING.encode(), timestamp=timestamp).status_code == 401


def test_a_recent_timestamp_is_accepted(discord):
    assert discord.post(PING.encode(), timestamp=str(int(time.time()) - 120)).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"X-Signature-Timestamp": "1700000000"},
        {"X-Signature-Ed25519": "00" * 64},
        {"X-Signature-Ed25519": "zz" * 64, "X-Signature-Timestamp": "now"},
        {"X-Signature-Ed25519": "ab", "X-Signature-Timestamp": "1e9"},
    ],
)
def test_missing_or_garbled_signature_headers_are_refused(discord, client, headers):
    response = client.post(URL, PING, content_type="application/json", headers=headers)
    assert response.status_code == 401 and response.json()["status"] == 401


def test_a_body_over_64_kb_is_refused_first(discord, client):
    body = json.dumps({"type": 1, "padding": "x" * 70 * 1024}).encode()
    assert len(body) > 70 * 1024
    assert discord.post(body).status_code == 413
    unsigned = client.post(URL, body, content_type="application/json")
    assert unsigned.status_code == 413  # before the signature is even looked at


def test_no_key_configured_answers_404(discord, settings):
    settings.RULEBOOK_DISCORD_PUBLIC_KEY = ""
    assert discord.post(PING.encode()).status_code == 404


def test_only_post(discord, client):
    response = client.get(URL)
    assert response.status_code == 405 and response["Allow"] == "POST"


def test_no_csrf_token_is_needed(discord, signing_key, settings):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    timestamp = str(int(time.time()))
    signature = signing_key.sign(timestamp.encode() + PING.encode()).signature.hex()
    response = strict.post(
        URL,
        PING,
        content_type="application/json",
        headers={"X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp},
    )
    assert response.status_code == 200


def test_a_malformed_key_fails_the_system_check(settings):
    from rulebook.discord.apps import check_public_key

    settings.RULEBOOK_DISCORD_PUBLIC_KEY = "not-a-key"
    assert [e.id for e in check_public_key()] == ["rulebook_discord.E001"]
    settings.RULEBOOK_DISCORD_PUBLIC_KEY = "ab" * 32
    assert check_public_key() == []


# Fuzzing: signed bodies that are not what Discord sends ------------------------------------

HOSTILE = [
    b"",
    b'{"type": 2, "data": {"name": "rule", "options": [{"name": "number", "value": "\\ud800"}]}}',
    b"not json",
    b"\xff\xfe\x00",
    b"null",
    b"[]",
    b"42",
    b'"text"',
    b"{}",
    b'{"type": null}',
    b'{"type": true}',
    b'{"type": "1"}',
    b'{"type": 1.0}',
    b'{"type": 99}',
    b'{"type": -1}',
    b'{"type": 2}',
    b'{"type": 2, "data": []}',
    b'{"type": 2, "data": {"name": 5}}',
    b'{"type": 2, "data": {"name": "rule", "options": {}}}',
    b'{"type": 2, "data": {"name": "rule", "options": [1, 2]}}',
    b'{"type": 2, "data": {"name": "rule", "options": [{"name": "number", "value": {}}]}}',
    b'{"type": 2, "data": {"name": "rule", "options": [{"name": "number", "value": null}]}}',
    b'{"type": 2, "data": {"name": "rule", "type": 3}}',
    b'{"type": 2, "data": {"name": "Link rules", "type": 3, "target_id": "1", "resolved": 7}}',
    b'{"type": 3, "data": {}}',
    b'{"type": 3, "data": {"custom_id": "rule|de|lanternfall|711||1"}}',
    b'{"type": 3, "data": {"custom_id": "rule|fr|no-such-game|711||1"}}',
    b'{"type": 3, "data": {"custom_id": "rule|fr|lanternfall|711||99999999"}}',
    b'{"type": 3, "data": {"custom_id": "rule|fr|lanternfall"}}',
    b'{"type": 3, "data": {"custom_id": "||||||"}}',
    b'{"type": 4, "data": {"name": "rule", "options": [{"name": "number", "focused": true}]}}',
    b'{"type": 4, "data": {"name": "nope", "options": [{"name": "x", "focused": "yes"}]}}',
    b'{"type": 5, "data": {"custom_id": "modal", "components": []}}',
    b'{"type": 2, "locale": 5, "data": {"name": "rule"}}',
    b'{"type": 2, "data": {"name": "rule", "options": [{"name": "number", "value": 1e999}]}}',
    b'{"type": 2, "data": {"name": "rule", "options": [{"name": "number", "value": '
    + b"9" * 5000
    + b"}]}}",
    b"[" * 20000 + b"]" * 20000,
    b'{"a":' * 5000 + b"1" + b"}" * 5000,
    b'{"type": 1, "type": 2}',
    b'{"type": 2, "data": {"name": "search", "options": [{"name": "query", "value": "\\u0000'
    b'<script>alert(1)</script> @everyone \\ud800"}]}}',
]

STRINGS = [
    "",
    " ",
    "711",
    "813.1c2",
    "999.9",
    "rule 711",
    "x" * 3000,
    "@everyone",
    "<@&123>",
    "[a](javascript:alert(1))",
    "'; DROP TABLE rulebook_rule; --",
    "\u202e\u0000\ufffd",
    "swift \ufeff rule",  # lone surrogates are refused (400): see HOSTILE
    "*_~`|>",
    "../../etc/passwd",
    "%s%s%n",
    "{{7*7}}",
    "Célérité",
    "swift",
    "2026-01",
    "😀" * 50,
]
COMMANDS = ["rule", "search", "keyword", "card", "Link rules", "nope", ""]
OPTIONS = ["number", "lang", "version", "game", "query", "name", "x"]


def _random_value(rng):
    if rng.random() < 0.7:
        return rng.choice(STRINGS)
    return rng.choice([rng.randint(-(10**12), 10**12), rng.random(), None, True, [], {}])


def _random_interaction(rng) -> dict:
    kind = rng.choice([1, 2, 2, 2, 2, 3, 4, 4, 4, 5, 7])
    data = {"name": rng.choice(COMMANDS), "type": rng.choice([1, 1, 1, 1, 2, 3, "1"])}
    data["options"] = [
        {"name": rng.choice(OPTIONS), "type": 3, "value": _random_value(rng)}
        for _ in range(rng.randint(0, 4))
    ]
    if data["options"] and rng.random() < 0.5:
        rng.choice(data["options"])["focused"] = rng.choice([True, True, "yes"])
    if rng.random() < 0.3:
        data["custom_id"] = "|".join(
            [
                rng.choice(["rule", "keyword", "card", "search", "x"]),
                rng.choice(["en", "fr", "de"]),
                rng.choice(["lanternfall", "hollowmere", "riftbound", ""]),
                *(rng.choice(STRINGS)[:20] for _ in range(rng.randint(0, 4))),
            ]
        )
    if rng.random() < 0.2:
        data["target_id"] = "9"
        data["resolved"] = {"messages": {"9": {"content": rng.choice(STRINGS)}}}
    payload = envelope(kind, data, rng.choice(["en-US", "fr", "de", "", 5]))
    if rng.random() < 0.3:  # now and then, any part of the envelope is garbage
        for key in rng.sample(list(payload), rng.randint(1, 3)):
            payload[key] = _random_value(rng)
    return payload


def test_no_signed_body_gets_a_5xx_or_reaches_the_last_guard(index, discord, caplog):
    """≥ 200 signed bodies: hostile byte strings, then random interactions of every type."""
    rng = random.Random(18)
    bodies = list(HOSTILE)
    bodies += [json.dumps(_random_interaction(rng)).encode() for _ in range(220)]
    assert len(bodies) >= 200
    statuses = {}
    with caplog.at_level(logging.ERROR, logger="rulebook.discord"):
        for body in bodies:
            response = discord.post(body[: 64 * 1024])
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            assert response.status_code < 500, body[:300]
            if response.status_code == 200:
                reply = response.json()
                assert reply["type"] in (1, 4, 5, 8)
                mentions = reply.get("data", {}).get("allowed_mentions")
                assert reply["type"] != 4 or mentions == {"parse": []}
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert statuses.get(200, 0) > 100 and statuses.get(400, 0) > 10


def test_a_lone_surrogate_is_a_json_400(discord):
    payload = envelope(2, {"name": "rule", "options": [{"name": "number", "value": "X"}]})
    body = json.dumps(payload).replace('"X"', '"\\ud800"').encode()
    response = discord.post(body)
    assert response.status_code == 400, response.content[:200]
    assert response["Content-Type"].startswith("application/json")
