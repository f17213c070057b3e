"""Pure-Python ingest: source text in, dataclasses out. Nothing here imports Django."""
