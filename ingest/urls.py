"""The one test of whether a URL taken from data may become a link or an image.

Only absolute ``http``/``https`` URLs with a host pass. Anything else (``javascript:``,
``data:``, ``vbscript:``, scheme-relative ``//host``, text with control characters or spaces)
is refused, because the data comes from third-party files and pasted messages, and a stored
``javascript:`` href runs in our visitors' browsers. The same function is used at ingest
(where a refused URL is dropped and reported), at render (a template filter), in the API
(``null``) and in the autolinker's outputs.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from .model import Finding

_FORBIDDEN_RE = re.compile(r"[\x00-\x20\x7f<>\"'`\\]")


def safe_url(value) -> str | None:
    """``value`` (stripped) when it is an absolute http(s) URL with a host; otherwise None."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    if not url or len(url) > 2000 or _FORBIDDEN_RE.search(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    return url


def checked_url(value, findings: list[Finding], where: str) -> str:
    """The URL if safe, else "" with an ``unsafe-url`` finding naming where it was."""
    if not value:
        return ""
    url = safe_url(value)
    if url is None:
        shown = str(value)[:60].encode("unicode_escape").decode("ascii")
        findings.append(Finding("unsafe-url", f"{where}: dropped {shown!r} (only http/https)"))
        return ""
    return url


# A CSP host-source we write ourselves: https, a DNS name (labels of letters, digits and inner
# hyphens), an optional port. Anything looser could carry ";" or "," into the header and add
# directives of its own ("https://cdn.example;sandbox" from a card file).
_ORIGIN_RE = re.compile(r"https://(?P<host>[a-z0-9.-]{1,253})(?::(?P<port>[0-9]{1,5}))?")
_LABEL_RE = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?")


def csp_origin(value) -> str | None:
    """``value`` when it is exactly ``https://host[:port]`` with a valid host name and a port
    in 1-65535 (lower case; leading zeros of the port dropped), else None.

    Plain http origins are refused too: the site is served over https, where a browser
    blocks (or upgrades) http images anyway, so the policy only ever names https origins.
    """
    if not isinstance(value, str):
        return None
    match = _ORIGIN_RE.fullmatch(value.lower())
    if match is None or not all(_LABEL_RE.fullmatch(label) for label in match["host"].split(".")):
        return None
    port = match["port"]
    if port is not None and not 1 <= int(port) <= 65535:
        return None
    return f"https://{match['host']}" + (f":{int(port)}" if port else "")


def url_origin(value) -> str | None:
    """The CSP origin (``csp_origin``) of a safe https URL, or None."""
    url = safe_url(value)
    if url is None:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() != "https":
        return None
    return csp_origin(f"https://{parts.netloc}")
