"""Reading a JSON request body, shared by every endpoint that takes one (API and Discord).

A body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` makes ``request.body`` raise ``RequestDataTooBig``,
which Django answers with an HTML 400; the API turns it into a JSON 413 (``api.http``), with
the message below.

``json.loads`` accepts ``"\\ud800"``: an escaped lone surrogate becomes a Python string that
cannot be encoded, and the failure surfaces much later (a database query, a template) as a
500. Checking the encoding once, right after parsing, turns it into the client's error.
"""

from __future__ import annotations

import json

from django.conf import settings


class BadJson(ValueError):
    """The body is not JSON, or holds text that cannot be encoded as UTF-8."""


def loads(body: bytes | str):
    """The parsed body; ``BadJson`` for anything a client must be told is malformed."""
    try:
        payload = json.loads(body or b"")
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise BadJson(str(exc)[:100]) from None
    try:
        json.dumps(payload, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJson("text that cannot be encoded (a lone surrogate)") from None
    except RecursionError:
        raise BadJson("nested too deeply") from None
    return payload


def too_big_message() -> str:
    return f"The body is over the limit of {settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes."
