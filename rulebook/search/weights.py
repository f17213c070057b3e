"""Every number that decides what a search finds and in what order, in one place.

Grouped by the stage that reads it: reading the query (understanding, spelling), finding the
candidates (retrieval, per engine), ranking them (shared steps) and scoring the best again
(rerank; its learned feature weights are data, ``rerank.json``, beside this module). Each
number says why it has its value. Field boosts are declared once by what they mean, with each
engine's value side by side where the engines' scores run on different scales, and each engine
compiles its own from them (``field_boosts``, ``ts_rank_weights``). The numbers an index is
built with (entry boosts, the question prior, what names a row) take effect at the next
rebuild. Cache sizes, input limits of the API and the index format live with their code:
they change no ranking.
"""

from __future__ import annotations

ENGINES = ("whoosh", "postgres")

# -- understanding: reading the query ---------------------------------------------------------

MAX_QUERY_CHARS = 200  # longer input is cut: no rule is found by its 201st character
MAX_TERMS = 16  # terms kept: a pasted paragraph must not make AND match nothing
MIN_PREFIX = 2  # letters before a ``*``: one letter would match half the vocabulary
PLURAL_MIN_LENGTH = 3  # shorter words get no singular/plural variant ("as" is no "a")
NAME_MAX_WORDS = 3  # more content words than this is a question, whatever its form
# A named card's ability words: hints, weaker than the question's own. At 0.5 they drowned
# the question's words (FAQ tuning half, lenient: Whoosh 0.550 -> 0.568 at 0.25, PostgreSQL
# 0.560 -> 0.574; the bank's training folds level; at 0, no better than 0.25).
CARD_WORD_WEIGHT = 0.25
# A named card's keywords and types often decide a question about it: kept apart from its
# ability words (none is cut by MAX_CARD_WORDS); at SYNONYM_WEIGHT they cost tuning questions.
CARD_KIND_WEIGHT = 0.5
# A named card's full name leaves the searched words (a rule rarely bears it), yet the rules'
# examples name cards, and plain BM25, which keeps the name, found those examples first for
# the bank's questions naming a card: its words come back at this weight (bank fold 0,
# English questions naming a card: Whoosh 0.438 -> 0.467, PostgreSQL 0.435 -> 0.464 strict;
# the FAQ tuning half within 0.006 on both engines).
CARD_NAME_WEIGHT = 0.5
CARD_WORD_MIN_LENGTH = 3  # shorter ability words ("a", "to") say nothing about the card
MAX_CARD_WORDS = 24  # ability words kept per card: a long card must not drown the question
SYNONYM_WEIGHT = 0.8  # from this weight a word finds rows by itself and may name a section
MIN_MATCH = 2  # a question's row holds at least this many of its words (or half, if more)
FALLBACK_MAX_WORDS = 8  # words the degraded database search matches, one LIKE each

# -- retrieval: the request's engine calls (``steps``, ``service``) ---------------------------

MAX_ENGINE_CALLS = 3  # per request, second tries and the other-language panel included
ALSO_LIMIT = 5  # other-language hits shown beside a page's own: a panel, not a second list

# -- understanding: spelling ------------------------------------------------------------------

MIN_LENGTH = 4  # shorter words are too often abbreviations to respell
LONG_WORD = 8  # from this length two edits are allowed ...
MAX_EDITS = (1, 2)  # ... (edits below LONG_WORD letters, from it): long words hide more typos
MAX_NAME_WORDS = 4  # a query of more words is no whole name to respell
SLIP_MIN_LENGTH = 5  # a slip in the data: a word this long or longer ...
SLIP_MAX_FREQ = 2  # ... in at most this many entries ...
SLIP_RATIO = 5  # ... beside a swapped name word this many times as common
COMMON_ZIPF = 4.0  # once in 10,000 words or more often: a real word, not a typo
SURE_RATIO = 3  # the best respelling this many times as frequent as the next is trusted

# -- retrieval: name-like queries -------------------------------------------------------------

# What a match in each field adds, per engine. Whoosh adds each field's BM25 score, unbounded,
# so an exact name must outweigh many text matches; ts_rank stays near 1, so PostgreSQL adds
# bonuses on that scale, and weighs its two labels (A text, B path) inside one document.
FIELD_BOOSTS = {
    # the unit: rule text, and the question bank's questions indexed with it
    "text": {"whoosh": 1.0, "postgres": 1.0},
    # the heading path: Whoosh's head field is short, so it doubles; PostgreSQL's B label halves
    "path": {"whoosh": 2.0, "postgres": 0.5},
    # the word as typed, unstemmed (Whoosh only): an exact form edges out a stem's other forms
    "surface": {"whoosh": 0.3},
    # the query is a heading's, term's or card's name
    "name": {"whoosh": 25.0, "postgres": 1.5},
    # the query names a keyword: its definition before headings that share the name
    "keyword": {"whoosh": 40.0, "postgres": 3.0},
    # a rule number typed among words
    "number": {"whoosh": 20.0, "postgres": 2.0},
    # the words close together: on Whoosh within NEAR_SLOP words of each other; on
    # PostgreSQL side by side as typed (a phrase), a share added to the text's rank
    "near": {"whoosh": 1.5, "postgres": 0.75},
}
NEAR_SLOP = 6  # words apart that still count as close together (Whoosh)
TS_RANK_UNUSED = (0.1, 0.2)  # ts_rank's D and C labels, which no text carries: its defaults
TS_RANK_NORMALIZATION = 1  # ts_rank divides by 1 + log(length): long rules mention names idly
BROADENED_COORD = 0.9  # Whoosh's OR of every word: rows holding more words still come first
VARIANT_SHARE = 0.8  # a name matched in its plural or singular: the exact name stays first
NAME_BM25 = {"B": 0.75, "K1": 1.2}  # Whoosh's BM25 for names: the usual defaults
# The share of an unnamed keyword page, card or FAQ answer, per engine: each takes back its
# engine's favour for short titles (Whoosh's head field more than ts_rank); a smaller share
# let rule examples naming a champion outrank the champion's cards.
UNNAMED_KNOWLEDGE = {"whoosh": 0.5, "postgres": 0.75}
FEW_RESULTS = 10  # fewer rows hold every word than this: rank the rows holding any
CANDIDATES = 200  # an engine's best rows ranked further (boosts, rerank, ancestors)

# -- retrieval: index-time priors (take effect at the next rebuild) ---------------------------

RULE_BOOST = 1.0  # a rule of the Core Rules: the unit the other priors are set against
HEADING_BOOST = 1.0  # a section heading: its path is its text, neither favoured nor not
KEYWORD_HEADING_BOOST = 1.3  # a heading that defines a keyword: typing the keyword finds it
KEYWORD_PAGE_BOOST = 2.0  # a keyword's own page: before its defining heading (1.3)
FAQ_BOOST = 0.9  # an FAQ answer: rules first where both match alike
CARD_BOOST = 1.0  # a card: its name is rarely a rule's, and UNNAMED_KNOWLEDGE handles the rest
OTHER_DOCUMENT_BOOST = 0.8  # the Tournament Rules and the like: the Core Rules first
ANSWER_PRIOR = 1.0  # for a question: rule text and FAQ answers answer it ...
HEADING_PRIOR = 0.3  # ... a section name, a card or a keyword page does not
TERM_MAX_WORDS = 4  # a longer "Term:" opening (or title) is a sentence, not the row's name

# -- retrieval: questions ---------------------------------------------------------------------

QUESTION_BM25 = {"B": 0.5, "K1": 1.2}  # milder length norm: answers are often long sentences
PLAIN_BM25 = {"B": 0.75, "K1": 1.2}  # the rerank's textbook view of a row (``row_score``)
QUESTION_WORD_WEIGHT = 1.0  # a question's own content word: the unit of the weights below
COMMON_SHARE = 0.04  # a word in more of the entries than this only scores, it finds nothing
MAX_EXTRA = 10  # card words and synonyms kept (Whoosh), the rarest first
FEW_WORDS_FACTOR = 0.25  # a row holding fewer than MIN_MATCH of the words is demoted
BIGRAM_WEIGHT = 0.6  # two neighbouring words of the question found as neighbours (PostgreSQL)
PHRASE_WEIGHT = 1.0  # a quoted phrase or a synonym's phrase found (PostgreSQL)
PHRASE_IDF = 3.0  # a phrase's rarity, which ts_stat cannot count: about a rare word's
IDF_SMOOTHING = 0.5  # BM25's IDF: ln(1 + (n - df + s) / (df + s)) (PostgreSQL), never negative

# -- ranking: shared steps after the engine ---------------------------------------------------

PREFER = 1000.0  # with every language searched, the query's own language's rows first
PROMOTE_TOP = 30  # only the engine's best matches lend to their ancestors
PROMOTE_SHARE = 0.15  # what each lends: a parent of several good children can rise
NEIGHBOUR_TOP = 40  # rows whose text is read for neighbouring query words (Whoosh)
NEIGHBOUR_BONUS = 0.15  # per pair of neighbours found, as a share of the best score
PHRASE_BONUS = 0.25  # per phrase found: PostgreSQL's PHRASE_WEIGHT / BIGRAM_WEIGHT ratio
PREFIX = 5  # letters compared: enough to tell words apart, few enough to ignore endings
# The encoder's nearest rules fused with the engine's ranking by reciprocal rank (``nearest``):
# a key scores 1 / (NEAREST_K + rank) per list, the encoder's list NEAREST_SHARE of that.
# Chosen on the bank's training folds, the FAQ tuning half and the judged questions; a small
# K lets the first places of either list lead, a share under 1 keeps the engine ahead.
NEAREST_K = 5
NEAREST_SHARE = 0.5
NEAREST_ASKED = 0.3  # a rule's vector moved toward its bank questions' mean by this much
# The map from players' questions to their rules' wording, fitted on the bank (ridge
# regression, pulled toward leaving the question as it is by this much; 0: no map).
NEAREST_RIDGE = 1.0
# The languages whose questions are mapped: the encoder was trained on English, and a map
# fitted on its French vectors moved French questions a little away from their rules.
NEAREST_MAP_LANGUAGES = ("en",)
# The engine's place in the fusion: its rank, or NEAREST_GAP times the share of the best
# score a row lacks where that is less (a row 2% behind the best sits 0.2 places behind).
NEAREST_GAP = 10.0
# A query of a few words (NAME_MAX_WORDS or fewer content words): its first places within
# this share of the best fused score are put in the encoder's order (``nearest.settled``),
# where each engine's statistics split hundredths its own way. The same first result on both
# engines over the 176 judged queries 0.886 -> 0.915 (0.04: 0.909, 0.1: 0.915), PostgreSQL's
# French keywords 0.894 -> 0.916; Whoosh's English keywords 0.943 -> 0.929. Over every query
# it cost the FAQ tuning half 0.03 to 0.04 lenient (encoder's order worse on long questions).
NEAREST_TIE = 0.06
NEAREST_DEPTH = 200  # the encoder's rules fused: about as many as the engine hands the rerank

# -- rerank: the best rows scored again (feature weights: rerank.json) ------------------------

RERANK_TOP = 100  # rows scored again; rows below keep the engine's order
SUBTREE_CAP = 3.0  # the subtree feature's ceiling, in best scores: a big chapter saturates
SIBLINGS_CAP = 10  # the siblings feature's ceiling, in rows


def field_boosts(engine: str) -> dict[str, float]:
    """One engine's boost per field meaning (the meanings it has a field for)."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}")
    return {meaning: per[engine] for meaning, per in FIELD_BOOSTS.items() if engine in per}


def ts_rank_weights() -> str:
    """ts_rank's weight array ``{D, C, B, A}``: the path is label B, the text label A."""
    boosts = field_boosts("postgres")
    values = (*TS_RANK_UNUSED, boosts["path"], boosts["text"])
    return "{" + ", ".join(repr(float(v)) for v in values) + "}"


def as_dict() -> dict:
    """Every number above, and the rerank's feature weights in use, by name: what a benchmark
    ran with, printed beside its figures."""
    from rulebook.search import rerank

    numbers = {
        name: value for name, value in globals().items() if name.isupper() and _numeric(value)
    }
    return numbers | {"RERANK_WEIGHTS": dict(zip(rerank.FEATURES, rerank.weights(), strict=True))}


def _numeric(value) -> bool:
    if isinstance(value, dict):
        return all(_numeric(v) for v in value.values())
    if isinstance(value, tuple):
        return all(_numeric(v) for v in value)
    return isinstance(value, int | float) and not isinstance(value, bool)
