"""A full build's distinct texts analysed by two processes before the writer adds them.

Analysis is about two fifths of a full index build (1.9 of 4.5 s for the corpus), and the
writer analyses each distinct text once (``whoosh_writer``). Here the texts not analysed yet
are dealt out before the entries are added: a forked child analyses every other one while
this process analyses the rest, and the child's postings come back pickled through a pipe
(0.17 s). The writer then finds every text analysed, so the segment written is the one a
single process writes (``tests/search/test_whoosh_ahead.py``). Measured on the corpus: the
build takes 3.85 s instead of 4.5 s with the second core idle, and about 0.4 s more when
another process keeps that core busy. ``SEARCH_BACKEND["PROCESSES"]`` (environment
``RULEBOOK_INDEX_PROCESSES``) set to 1 analyses in this process only.

A child that fails or dies leaves its half to this process: the index is the same either way.
"""

from __future__ import annotations

import logging
import multiprocessing
import sys

from rulebook.search.whoosh_writer import analyse

logger = logging.getLogger(__name__)
MIN_TEXTS = 2000  # fewer distinct texts: forking costs more than it saves


def analyse_ahead(writer, docs: list[dict], processes: int, min_texts: int = MIN_TEXTS) -> int:
    """Analyse the distinct texts of ``docs`` into ``writer``; returns how many a child
    process analysed (0: this process analysed them all)."""
    todo = writer.unanalysed(docs)
    theirs = []
    if processes >= 2 and len(todo) >= min_texts and _can_fork():
        theirs, todo = todo[1::2], todo[0::2]
    receive, process = _start(theirs) if theirs else (None, None)
    try:
        for key, field, value in todo:
            writer.remember(key, analyse(field, value))
    except BaseException:
        if process is not None:
            process.kill()
        raise
    done = _collect(receive, process) if theirs else None
    for (key, field, value), postings in zip(theirs, done or [None] * len(theirs), strict=True):
        writer.remember(key, analyse(field, value) if postings is None else postings)
    return len(theirs) if done else 0


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def _start(items):
    for stream in (sys.stdout, sys.stderr):  # the child flushes what it inherits unwritten
        stream.flush()
    receive, send = multiprocessing.Pipe(duplex=False)
    context = multiprocessing.get_context("fork")  # the child shares the schema's analysers
    process = context.Process(target=_child, args=(items, send), daemon=True)
    process.start()
    send.close()
    return receive, process


def _child(items, send) -> None:
    try:
        send.send([analyse(field, value) for _, field, value in items])
    finally:
        send.close()


def _collect(receive, process):
    """The child's postings, or None when it sent none (it failed or died)."""
    try:
        return receive.recv()
    except (EOFError, OSError):
        logger.warning("index analysis process %s sent nothing; analysing here", process.pid)
        return None
    finally:
        receive.close()
        process.join()
