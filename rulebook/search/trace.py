"""What one search did, for ``debug=1`` on the API: each engine call (which step made it,
what text it searched, what it found, whether its answer was kept) and, for a question, each
reranked candidate's features and weighted score.

A search is only traced when asked: the record lives in a context variable that is unset
otherwise, so the ranking code pays one lookup per call and keeps nothing.
"""

from __future__ import annotations

import contextlib
import contextvars
from dataclasses import dataclass, field

SHOWN = 20  # candidates listed per engine call: a page of results, and then some

_current: contextvars.ContextVar[Trace | None] = contextvars.ContextVar(
    "search_trace", default=None
)


@dataclass
class Trace:
    calls: list[dict] = field(default_factory=list)
    pending: dict | None = None  # the rerank's record of the engine call under way
    index: dict[int, int] = field(default_factory=dict)  # id(results) -> its call

    def as_dict(self) -> dict:
        return {"engine_calls": len(self.calls), "calls": self.calls}


@contextlib.contextmanager
def tracing():
    """A fresh trace for the searches run inside the block."""
    trace = Trace()
    token = _current.set(trace)
    try:
        yield trace
    finally:
        _current.reset(token)


def engine_call(step: str, text: str, results) -> None:
    """Record an engine call's outcome, with its candidates if the rerank ran."""
    trace = _current.get()
    if trace is None:
        return
    call = {
        "step": step,
        "text": text,
        "total": results.total,
        "broadened": results.broadened,
        "kept": False,
        "top": [_hit(h) for h in results.hits[:SHOWN]],
        "weights": {},
        "candidates": [],
    }
    call.update(trace.pending or {})
    trace.pending = None
    trace.index[id(results)] = len(trace.calls)
    trace.calls.append(call)


def kept(results) -> None:
    """Mark the engine call whose answer the request returns."""
    trace = _current.get()
    if trace is not None and id(results) in trace.index:
        trace.calls[trace.index[id(results)]]["kept"] = True


def reranked(names: tuple[str, ...], ordered, rows, weights, scored) -> None:
    """The rerank's view of the engine call under way: features and final score of its best
    candidates, best first."""
    pending = _pending()
    if pending is None:
        return
    final = {key: score for score, key in scored}
    listed = [
        {
            "key": c.key,
            "number": c.number or None,
            "engine_score": round(c.score, 4),
            "score": round(final.get(c.key, c.score), 4),
            "features": {n: round(v, 4) for n, v in zip(names, row, strict=True)},
        }
        for c, row in zip(ordered, rows, strict=False)
    ]
    listed.sort(key=lambda item: -item["score"])
    pending["weights"] = {n: w for n, w in zip(names, weights, strict=True) if w}
    pending["candidates"] = listed[:SHOWN]


def nearest(found: list[tuple[str, float]], mapped: list[str]) -> None:
    """The encoder's nearest rules for the engine call under way (``nearest``), and the
    games whose bank's map carried the question first."""
    pending = _pending()
    if pending is None:
        return
    pending["nearest"] = [{"key": key, "cosine": round(c, 4)} for key, c in found[:SHOWN]]
    pending["nearest_mapped"] = mapped


def settled(tie: float, places: int, moved: bool) -> None:
    """How many first places of the engine call under way the encoder's order settled
    (``nearest.settled``), within what share of the best score, and whether it moved one."""
    pending = _pending()
    if pending is None:
        return
    pending["settled"] = {"within": tie, "places": places, "moved": moved}


def _pending() -> dict | None:
    """What the engine call under way has noted so far (the rerank, the encoder's nearest
    rules and its settling, in whichever order the engine runs them); None when no request
    is traced, so that nothing is built for an untraced search."""
    trace = _current.get()
    if trace is None:
        return None
    trace.pending = trace.pending or {}
    return trace.pending


def _hit(hit) -> dict:
    return {"number": hit.number, "title": hit.title, "score": round(hit.score, 4)}
