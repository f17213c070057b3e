"""Rulebook's JSON API v1, oEmbed, OpenSearch and the autolinker's views.

Resources register themselves (``registry.resource``); ``urls`` and ``openapi`` are generated
from that registry. See docs/API.md.
"""
