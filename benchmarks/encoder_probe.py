"""Measure a sentence encoder against the rerank in use, on captured training questions.

The rerank's only feature that reaches past shared words is ``meaning`` (WordLlama's averaged
token vectors). This asks, without changing the site, what a contextual sentence encoder would
add, in two ways, each scored as the site scores (``rerank_train.ranked_numbers``):

* **as the meaning feature**: the encoder's cosine of the question to each captured row
  replaces WordLlama's, at the weights in use and at ``--weight``;
* **as a second retriever**: the encoder ranks every rule of the question's language on its
  own (its heading path and text), and that list is fused with the site's by reciprocal
  rank (``1 / (k + rank)``, the encoder's list weighed ``alpha``), which also reaches the
  rules the engine never handed to the rerank.

It reads captures of ``rerank_train.py capture`` (the training side only: the tuning half,
the judged questions and a bank fold the index lacks)::

    python benchmarks/rerank_train.py capture --backend whoosh --fold 1 --out w1.pickle
    python benchmarks/encoder_probe.py w1.pickle

By default the encoder is the site's own (all-MiniLM-L6-v2, read with numpy, which the site
fuses with the engine's ranking: ``rulebook.search.nearest``); ``--model`` names another
sentence-transformers model folder to compare (that package and PyTorch are not the
site's: install them to try one).
"""

from __future__ import annotations

import argparse
import pickle

import corpus
import numpy
from rerank_train import ranked_numbers
from search_eval import metrics

FUSIONS = ((5, 0.3), (10, 0.3), (10, 1.0))  # (k, alpha) of reciprocal-rank fusion
DEPTH = 200  # rows of each list fused: the engine hands the rerank about as many


def load_encoder(path: str | None):
    """The site's encoder (``rulebook.search.encoder``: all-MiniLM-L6-v2 read with numpy),
    or, with ``--model``, a sentence-transformers model folder, to try another model."""
    if path is None:
        from rulebook.search import encoder

        return encoder
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(path, device="cpu")


def embed(encoder, texts: list[str]):
    if hasattr(encoder, "digest"):  # the site's own
        return encoder.embed(texts)
    return encoder.encode(texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False)


def rule_texts() -> dict[str, tuple[list[str], list[str]]]:
    """language -> (numbers, "path text") of every Core Rules rule of the default version,
    as the index holds them."""
    from rulebook.search.base import row_text
    from rulebook.search.entries import entries_from_database

    out: dict[str, tuple[list[str], list[str]]] = {}
    for e in entries_from_database():
        core = e.extra.get("doc_kind") == "core-rules" and e.game == corpus.GAME
        if core and e.is_default_version and e.number:
            numbers, texts = out.setdefault(e.language, ([], []))
            numbers.append(e.number)
            texts.append(row_text(e.path, e.text))
    return out


def with_meaning(items, encoder, column: int) -> None:
    """Replace each captured row's ``meaning`` with the encoder's cosine, in place: every
    distinct row text embedded once (rows recur across questions)."""
    from rulebook.search.base import row_text

    texts = sorted({row_text(c.path, c.text) for i in items if i["seen"] for c in i["seen"][0][0]})
    vectors = dict(zip(texts, embed(encoder, texts), strict=True)) if texts else {}
    questions = embed(encoder, [i["q"] for i in items])
    for item, question in zip(items, questions, strict=True):
        if not item["seen"] or not item["seen"][0][1]:
            continue
        candidates, rows = item["seen"][0]
        near = [float(vectors[row_text(c.path, c.text)] @ question) for c in candidates]
        rows = [(*r[:column], v, *r[column + 1 :]) for r, v in zip(rows, near, strict=False)]
        item["seen"] = [(candidates, rows)]
        for cached in ("_matrix", "_keys", "_top", "_tail"):  # ``rerank_train``'s per-item cache
            item.pop(cached, None)


def fused(first: list[str], second: list[str], k: int, alpha: float) -> list[str]:
    score: dict[str, float] = {}
    for weight, ranked in ((1.0, first), (alpha, second)):
        for rank, number in enumerate(list(dict.fromkeys(ranked))[:DEPTH]):
            score[number] = score.get(number, 0.0) + weight / (k + rank)
    return sorted(score, key=lambda n: -score[n])


def line(label: str, ranked, items) -> str:
    relevant = [set(i["relevant"]) for i in items]
    ranked = [r[:10] for r in ranked]
    strict, lenient = metrics(ranked, relevant, False), metrics(ranked, relevant, True)
    return f"{label} {strict['MRR@10']:.3f} / {lenient['MRR@10']:.3f}"


def probe(path: str, encoder, weight: float, rules) -> None:
    from rulebook.search import rerank

    with open(path, "rb") as f:
        cap = pickle.load(f)
    w = list(rerank.weights())
    column = rerank.FEATURES.index("meaning")
    print(f"{path} ({cap['backend']}); in use: meaning {w[column]}; encoder at {weight}")
    for name, items in cap["sets"].items():
        if name == "named" or not items:
            continue
        language = "fr" if name.endswith("_fr") else "en"
        cells = [line("in use", [ranked_numbers(i, w, cap["top"]) for i in items], items)]
        with_meaning(items, encoder, column)
        w_enc = [*w[:column], weight, *w[column + 1 :]]
        site = [ranked_numbers(i, w_enc, cap["top"], depth=None) for i in items]
        cells.append(line("encoder meaning", site, items))
        numbers, vectors = rules[language]
        near = embed(encoder, [i["q"] for i in items]) @ vectors.T
        alone = [[numbers[j] for j in numpy.argsort(-row)[:DEPTH]] for row in near]
        cells.append(line("encoder alone", alone, items))
        for k, alpha in FUSIONS:
            both = [fused(a, b, k, alpha) for a, b in zip(site, alone, strict=True)]
            cells.append(line(f"fused k={k} a={alpha}", both, items))
        print(f"  {name:10} n={len(items):4} | " + " | ".join(cells))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("captures", nargs="+")
    parser.add_argument("--model", help="a sentence-transformers model folder")
    parser.add_argument("--weight", type=float, default=0.7, help="the encoder's meaning weight")
    args = parser.parse_args()
    corpus.setup_django()
    encoder = load_encoder(args.model)
    rules = {}
    for language, (numbers, texts) in rule_texts().items():
        rules[language] = (numbers, embed(encoder, texts))
    for path in args.captures:
        probe(path, encoder, args.weight, rules)


if __name__ == "__main__":
    main()
