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
