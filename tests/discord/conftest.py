"""Signed interactions shaped like Discord's documented examples, against a key made here.

Every request goes through the real endpoint: a fresh Ed25519 key pair per session, its public
half in the settings, each body signed over timestamp + raw bytes exactly as Discord signs.
"""

from __future__ import annotations

import json
import time

import pytest
from nacl.signing import SigningKey

URL = "/discord/interactions"
APPLICATION_ID = "775799577604522054"


@pytest.fixture(scope="session")
def signing_key():
    return SigningKey.generate()


@pytest.fixture
def index(demo_index):
    """Searches find things: the session's demo index."""


@pytest.fixture
def discord(settings, signing_key, client):
    settings.RULEBOOK_DISCORD_PUBLIC_KEY = signing_key.verify_key.encode().hex()
    settings.RULEBOOK_DISCORD_DEFERRED = []
    return Discord(client, signing_key)


def envelope(kind: int, data: dict | None, locale: str = "en-US") -> dict:
    """The parts of an interaction every example in Discord's documentation carries."""
    payload = {
        "app_permissions": "442368",
        "application_id": APPLICATION_ID,
        "channel_id": "772908445358620702",
        "entitlements": [],
        "guild_id": "772904309264089089",
        "guild_locale": "en-US",
        "id": "867794291820986368",
        "locale": locale,
        "member": {
            "deaf": False,
            "joined_at": "2017-03-13T19:19:14.040000+00:00",
            "mute": False,
            "nick": None,
            "permissions": "2147483647",
            "roles": [],
            "user": {
                "avatar": "a_d5efa99b3eeaa7dd43acca82f5692432",
                "discriminator": "0",
                "global_name": "Mason",
                "id": "53908232506183680",
                "public_flags": 131141,
                "username": "mason",
            },
        },
        "token": "A_UNIQUE_TOKEN",
        "type": kind,
        "version": 1,
    }
    if data is not None:
        payload["data"] = data
    return payload


def options(values: dict, focused: str | None = None) -> list[dict]:
    out = []
    for name, value in values.items():
        option = {"name": name, "type": 3, "value": value}
        if name == focused:
            option["focused"] = True
        out.append(option)
    return out


class Discord:
    def __init__(self, client, key):
        self.client, self.key = client, key

    def post(self, body: bytes, timestamp: str | None = None, signature: str | None = None):
        timestamp = str(int(time.time())) if timestamp is None else timestamp
        if signature is None:
            signature = self.key.sign(timestamp.encode() + body).signature.hex()
        return self.client.post(
            URL,
            body,
            content_type="application/json",
            headers={"X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp},
        )

    def send(self, payload) -> dict:
        response = self.post(json.dumps(payload).encode())
        assert response.status_code == 200, response.content[:500]
        return response.json()

    def command(self, name: str, /, locale: str = "en-US", **values) -> dict:
        data = {
            "id": "771825006014889984",
            "name": name,
            "options": options(values),
            "type": 1,
        }
        return self.send(envelope(2, data, locale))

    def autocomplete(self, name: str, focused: str, /, locale: str = "en-US", **values) -> dict:
        data = {"id": "771825006014889984", "name": name, "type": 1}
        data["options"] = options(values, focused)
        return self.send(envelope(4, data, locale))

    def click(self, custom_id: str, locale: str = "en-US") -> dict:
        data = {"component_type": 2, "custom_id": custom_id}
        payload = envelope(3, data, locale)
        payload["message"] = {"id": "1", "content": "", "embeds": []}
        return self.send(payload)

    def link_rules(self, content: str, locale: str = "en-US") -> dict:
        message = {
            "id": "1118199486231515136",
            "channel_id": "772908445358620702",
            "content": content,
            "author": {"id": "53908232506183680", "username": "mason"},
        }
        data = {
            "id": "1118199486231515137",
            "name": "Link rules",
            "type": 3,
            "target_id": message["id"],
            "resolved": {"messages": {message["id"]: message}},
        }
        return self.send(envelope(2, data, locale))


def embed(reply: dict) -> dict:
    return reply["data"]["embeds"][0]


def buttons(reply: dict) -> list[dict]:
    rows = reply["data"].get("components", [])
    return [button for row in rows for button in row["components"]]


def everything(reply: dict) -> str:
    """Every text Discord would show for an embed reply, for "contains" checks."""
    item = embed(reply)
    parts = [
        item.get("title", ""),
        item.get("description", ""),
        item.get("footer", {}).get("text", ""),
    ]
    for field in item.get("fields", []):
        parts += [field["name"], field["value"]]
    return "\n".join(parts)
