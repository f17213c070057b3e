"""Who may call the endpoint: Discord, proven by an Ed25519 signature over timestamp + body.

PyNaCl does the cryptography; this module only decides what counts as signed. A timestamp
far from now (either way) is refused even with a valid signature, so a captured request
cannot be replayed later.
"""

from __future__ import annotations

import re
import time

from nacl.exceptions import BadSignatureError, CryptoError
from nacl.signing import VerifyKey

MAX_AGE = 5 * 60  # seconds
_HEX_KEY_RE = re.compile(r"^[0-9a-fA-F]{64}$")
_HEX_SIGNATURE_RE = re.compile(r"^[0-9a-fA-F]{128}$")
_TIMESTAMP_RE = re.compile(r"^\d{1,12}$")


def valid_public_key(key: str) -> bool:
    """A 32-byte Ed25519 public key written as 64 hexadecimal digits, as Discord shows it."""
    return bool(_HEX_KEY_RE.match(key or ""))


def verify(public_key: str, signature: str, timestamp: str, body: bytes, now=None) -> bool:
    """True when ``signature`` signs ``timestamp + body`` with ``public_key`` and the
    timestamp is within five minutes of ``now``."""
    if not (valid_public_key(public_key) and _HEX_SIGNATURE_RE.match(signature or "")):
        return False
    if not _TIMESTAMP_RE.match(timestamp or ""):
        return False
    now = time.time() if now is None else now
    if abs(now - int(timestamp)) > MAX_AGE:
        return False
    try:
        VerifyKey(bytes.fromhex(public_key)).verify(
            timestamp.encode("ascii") + body, bytes.fromhex(signature)
        )
    except (BadSignatureError, CryptoError, ValueError, TypeError):
        return False
    return True
