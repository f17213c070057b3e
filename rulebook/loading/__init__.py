"""Every database write of an ingest: rules documents, knowledge sources and the link pass.

Nothing else in ``rulebook`` writes parsed data. This package reads ``ingest`` (pure parsers)
and ``rulebook.models``, and never the web, the API or page assembly.
"""
