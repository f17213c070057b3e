"""The YAML subset that the community FAQ front matter uses, read without a YAML library.

The front matter only ever holds scalars (quoted or bare), lists of scalars and one level of
mapping whose values are lists (``rulingRelations``). Reading that by hand keeps the project
free of a dependency and, unlike ``yaml.load``, can never construct objects from the input.
Anything outside the subset raises ValueError so a format change is noticed, not misread.
"""

from __future__ import annotations

import json
import re

_KEY_RE = re.compile(r"^(?P<indent> *)(?P<key>[A-Za-z_][\w-]*):(?:\s+(?P<value>.*))?$")
_ITEM_RE = re.compile(r"^(?P<indent> *)-\s+(?P<value>.*)$")


def scalar(raw: str) -> str:
    """A YAML scalar as text: double quotes follow JSON escapes, single quotes double up."""
    raw = raw.strip()
    if raw.startswith('"') and raw.endswith('"') and len(raw) >= 2:
        return json.loads(raw)
    if raw.startswith("'") and raw.endswith("'") and len(raw) >= 2:
        return raw[1:-1].replace("''", "'")
    return raw


def parse_front_matter(lines: list[str]) -> dict:
    """Parse front-matter lines (without the ``---`` fences) into nested dicts and lists."""
    root: dict = {}
    # Stack of (indent, container, key-in-parent) for open mappings.
    stack: list[tuple[int, dict]] = [(-1, root)]
    last_key: tuple[dict, str] | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = _ITEM_RE.match(line)
        if item:
            if last_key is None:
                raise ValueError(f"front matter line {number}: list item without a key")
            owner, key = last_key
            if not isinstance(owner.get(key), list):
                owner[key] = []
            owner[key].append(scalar(item["value"]))
            continue
        match = _KEY_RE.match(line)
        if not match:
            raise ValueError(f"front matter line {number}: not in the supported subset: {line!r}")
        indent = len(match["indent"])
        while stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1]
        key, value = match["key"], match["value"]
        if value is None or not value.strip():
            parent[key] = {}
            stack.append((indent, parent[key]))
        else:
            parent[key] = scalar(value)
        last_key = (parent, key)
    return root
