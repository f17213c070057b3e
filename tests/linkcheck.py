"""A bounded link checker over the Django test client (issue 14, item 8).

It follows every internal link a page shows (``<a href>``, and the canonical and oEmbed
``<link>`` tags), fails on any non-200 (redirects are followed to their end), and checks that
a page reached through a link carrying ``data-rule`` shows the rule with that identity.
"""

from __future__ import annotations

import html
import re
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urldefrag, urlsplit

ANCHOR = re.compile(r"<a\s[^>]*>", re.I)
LINK_TAG = re.compile(r"<link\s[^>]*rel=\"(?:canonical|alternate)\"[^>]*>", re.I)
HREF = re.compile(r'href="([^"]*)"')
DATA_RULE = re.compile(r'data-rule="([^"]*)"')
PAGE_RULE = re.compile(r'class="(?:rules|timeline|compare)"[^>]*?data-rule="([^"]*)"')
SKIP = ("/static/", "/admin/", "/media/")


@dataclass
class Result:
    pages: int = 0
    links: int = 0
    checked_identities: int = 0
    seen: int = 0  # link occurrences read on the pages opened
    failures: list[str] = field(default_factory=list)
    stopped_early: bool = False


def links_of(page: str) -> list[tuple[str, str | None]]:
    """(url, identity key or None) for every internal link of a page, fragments dropped."""
    out = []
    for tag in [*ANCHOR.findall(page), *LINK_TAG.findall(page)]:
        href = HREF.search(tag)
        if not href:
            continue
        url = _internal(html.unescape(href.group(1)))
        if url:
            key = DATA_RULE.search(tag)
            out.append((url, html.unescape(key.group(1)) if key else None))
    return out


def _internal(href: str) -> str | None:
    href = urldefrag(href)[0]
    parts = urlsplit(href)
    if parts.scheme and parts.netloc != "testserver":
        return None
    if parts.scheme not in ("", "http", "https") or not parts.path.startswith("/"):
        return None
    if parts.path.startswith(SKIP):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def crawl(client, starts, max_pages=400, max_seconds=None, follow=None) -> Result:
    """Breadth first from ``starts`` (links that carry an identity first); ``follow(url)``
    decides which pages have their links followed in turn."""
    result = Result()
    began = time.monotonic()
    queue = deque((url, None, "(start)") for url in starts)
    seen_pages: set[str] = set()
    checked: set[tuple[str, str | None]] = set()
    cache: dict[str, tuple[int, str, str]] = {}
    while queue:
        url, key, referrer = queue.popleft()
        if (url, key) in checked:
            continue
        checked.add((url, key))
        if len(seen_pages) >= max_pages or (max_seconds and time.monotonic() - began > max_seconds):
            result.stopped_early = True
            break
        result.links += 1
        if url not in cache:
            response = client.get(url, follow=True)
            body = response.content.decode("utf-8", "replace")
            cache[url] = (response.status_code, body, response.get("Content-Type", ""))
        status, body, content_type = cache[url]
        if status != 200:
            result.failures.append(f"{status} {url} (from {referrer})")
            continue
        if key is not None:
            result.checked_identities += 1
            found = PAGE_RULE.search(body)
            if not found or html.unescape(found.group(1)) != key:
                shown = found.group(1) if found else "none"
                result.failures.append(f"identity {key} != {shown}: {url} (from {referrer})")
        if url in seen_pages or "text/html" not in content_type:
            continue
        seen_pages.add(url)
        result.pages += 1
        if follow is None or follow(url):
            found_links = links_of(body)
            result.seen += len(found_links)
            for link, link_key in found_links:
                if (link, link_key) in checked:
                    continue
                if link_key is None:
                    queue.append((link, link_key, url))
                else:  # identities first: a bounded crawl must still check them
                    queue.appendleft((link, link_key, url))
    return result
