"""SQL for question-like queries on PostgreSQL: BM25 over rule text, in one statement.

PostgreSQL's own ``ts_rank`` knows no inverse document frequency, so a question's common words
("card", "play") would weigh as much as its rare ones. The rebuild stores each lexeme's
document frequency and each configuration's mean text length (``postgres_sql.fill_stats``);
here every query word is one row of a small table with its weight and IDF, and an entry's
score is BM25 with binary term frequency (rules rarely repeat a word), b = 0.5, times its
boost and its question prior (headings answer no question), demoted when it holds too few of
the words. Neighbouring words and synonym phrases add phrase matches. The rows found are then
put in order in Python (``in_order``), as Whoosh orders its own.
"""

from __future__ import annotations

import json

from rulebook.search import postgres_sql as sql
from rulebook.search import weights
from rulebook.search.nearest import fuse, tie
from rulebook.search.ranking import ancestor_keys, lifted, preferred
from rulebook.search.rerank import Candidate, rerank
from rulebook.search.understand import Plan

# A word in more entries than ``weights.COMMON_SHARE`` only adds to the score of rows that a
# rarer word (or a synonym) found, as in the Whoosh backend: card words never find rows either.
# Walking the rows of "card" or "play" for every question would cost more than all the rest.


def term_rows(plan: Plan) -> tuple[list[str], list[float], list[str]]:
    """(text, weight, role) per row: role ``core`` (a word of the question), ``extra``
    (card words), ``synonym`` (matched in the heading path too) or ``phrase`` (neighbours,
    synonym phrases)."""
    rows = [(word, weights.QUESTION_WORD_WEIGHT, "core") for word in plan.words]
    for word, weight in plan.extra:
        # A synonym stands for words the rules lack: it may name the section instead.
        rows.append((word, weight, "synonym" if weight >= weights.SYNONYM_WEIGHT else "extra"))
    rows += [(" ".join(pair), weights.BIGRAM_WEIGHT, "phrase") for pair in plan.bigrams]
    rows += [(" ".join(phrase), weights.PHRASE_WEIGHT, "phrase") for phrase in plan.phrases]
    return [text for text, _, _ in rows], [w for _, w, _ in rows], [role for _, _, role in rows]


def term_statistics() -> str:
    """The CTEs ``t`` (each term's tsquery per configuration, from the four arrays of
    ``term_rows`` and the configurations) and ``q`` (with its IDF and the share of entries
    holding it), which every question statement starts from."""
    phrase_idf, s = sql.number(weights.PHRASE_IDF), sql.number(weights.IDF_SMOOTHING)
    return f"""t AS (
        SELECT t.text, t.weight, t.role, c.cfg,
               CASE WHEN t.role = 'phrase' THEN phraseto_tsquery(c.cfg, t.text)
                    ELSE plainto_tsquery(c.cfg, t.text) END AS tq
        FROM unnest(%s::text[], %s::real[], %s::text[]) AS t(text, weight, role),
             unnest(%s::regconfig[]) AS c(cfg)),
      q AS (
        SELECT t.*, CASE WHEN t.role = 'phrase' THEN {phrase_idf}
               ELSE ln(1 + (m.n - coalesce(d.ndoc, 0) + {s}) / (coalesce(d.ndoc, 0) + {s}))
               END AS idf, coalesce(d.ndoc, 0)::real / greatest(m.n, 1) AS share
        FROM t JOIN {sql.META_TABLE} m ON m.cfg = t.cfg
        LEFT JOIN {sql.STAT_TABLE} d ON d.cfg = t.cfg
             AND d.lexeme = (tsvector_to_array(to_tsvector(t.cfg, t.text)))[1]
        WHERE numnode(t.tq) > 0)"""


def ranked(plan: Plan, filters: tuple[str, list], limit: int, mine=("FALSE", [])):
    """(key, number, score, total, path, body, mine, asked, prior) of the best ``limit``
    entries: the path, text and prior are what the shared rerank reads; ``mine``, whether the
    entry is in the scope of the language the query is written in (every language searched).

    ``anyq`` is materialised: inlined, its aggregate ran again for every entry of the
    language the planner walked (84 ms of a 100 ms question)."""
    texts, weighed, roles = term_rows(plan)
    where, fparams, configs = filters
    need = min(plan.min_match, len(plan.words))
    # Weights are formatted into the statement as numbers (``sql.number``), never from input.
    k1, b = (sql.number(weights.QUESTION_BM25[name]) for name in ("K1", "B"))
    common, few = sql.number(weights.COMMON_SHARE), sql.number(weights.FEW_WORDS_FACTOR)
    statement = f"""
      WITH {term_statistics()},
      anyq AS MATERIALIZED (SELECT cfg, tsquery_or_all(array_agg(tq)) AS tq FROM q
               WHERE role = 'synonym' OR role = 'core' AND (share > 0 AND share <= {common}
                 OR NOT EXISTS (SELECT 1 FROM q r WHERE r.cfg = q.cfg AND r.role = 'core'
                                AND r.share > 0 AND r.share <= {common}))
               GROUP BY cfg)
      SELECT e.key, e.number,
             m.s * ({k1} + 1) * e.boost * e.qboost
               / (1 + {k1} * (1 - {b} + {b} * e.body_len / mm.avglen))
               * CASE WHEN m.hits < %s THEN {few} ELSE 1 END AS score,
             count(*) OVER () AS total, e.path, e.body, {mine[0]} AS mine,
             e.extra->'asked' AS asked, e.boost * e.qboost AS prior
      FROM {sql.ENTRY_TABLE} e
      JOIN anyq a ON a.cfg = e.cfg
      JOIN {sql.META_TABLE} mm ON mm.cfg = e.cfg
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(q.weight * q.idf), 0) AS s,
               count(*) FILTER (WHERE q.role = 'core') AS hits
        FROM q WHERE q.cfg = e.cfg
          AND (CASE WHEN q.role = 'synonym' THEN e.document ELSE e.body_doc END) @@ q.tq) m
      WHERE {where} AND e.document @@ a.tq
      ORDER BY score DESC, e.key LIMIT %s"""
    params = [texts, weighed, roles, configs, need, *mine[1], *fparams, limit]
    return statement, params


def page(keys: list[str], plan: Plan) -> tuple[str, list]:
    """The hit fields and a headline of each entry in ``keys`` (the query is made for the
    configurations of those entries only)."""
    words = [*plan.words, *(w for w, _ in plan.extra)]
    statement = f"""
      WITH q AS (
        SELECT c.cfg, tsquery_or_all(array_agg(plainto_tsquery(c.cfg, w))) AS tq
        FROM (SELECT DISTINCT cfg FROM {sql.ENTRY_TABLE} WHERE key = ANY(%s)) AS c,
             unnest(%s::text[]) AS w GROUP BY c.cfg)
      SELECT e.key, e.kind, e.game, e.number, e.title, e.url, e.language, e.version, e.path,
             e.kind = 'rule' AND e.extra ? 'name' AS heading,
             ts_headline(e.cfg, e.body, q.tq,
               'StartSel={sql.START}, StopSel={sql.STOP}, MaxWords=40, MinWords=15,
                MaxFragments=2') AS headline
      FROM {sql.ENTRY_TABLE} e JOIN q ON q.cfg = e.cfg
      WHERE e.key = ANY(%s)"""
    return statement, [keys, words, keys]


def candidate(row) -> Candidate:
    """A row of ``ranked`` as the shared rerank reads it. Django reads jsonb as its text:
    the bank's questions come back as JSON."""
    found = json.loads(row.asked) if isinstance(row.asked, str) else row.asked
    asked = tuple(found) if isinstance(found, list) else ()
    fields = (row.number or "", row.path or "", row.body or "")
    return Candidate(float(row.score), row.key, *fields, asked, row.prior)


def in_order(rows, plan, prefer, near) -> list[tuple[float, str]]:
    """(score, key) best first: the rerank, the ancestors' lift, the page's language first
    (after the rerank, which adds to scores: as on Whoosh), and the encoder's fusion."""
    scores = lifted(rerank(plan, [candidate(row) for row in rows]))
    if prefer:
        mine = {row.key for row in rows if row.mine}
        mine |= {parent for key in mine for parent in ancestor_keys(key)}
        scores = {k: s for s, k in preferred([(s, k) for k, s in scores.items()], mine)}
    order = sorted(scores, key=lambda k: (-scores[k], k))
    return fuse([(scores[k], k) for k in order], near, tie(plan))
