"""``benchmarks/encoder_train.py``: what the encoder's adapter may learn from, and the
batches it learns in (the parts that need no PyTorch)."""

import random

import numpy
import pytest

from .benchmark_modules import load


def _trainer():
    return load("encoder_train")


QUESTIONS = [
    {"q": "lantern lit twice?", "relevant": ["101.1", "101.2"], "half": "tuning", "side": 0},
    {"q": "does the moth fly?", "relevant": ["202.3", "999.9"], "half": "tuning", "side": 1},
    {"q": "who keeps the wick?", "relevant": ["101.1"], "half": "reporting", "side": None},
]
NUMBERED = {"101.1": "k:101.1", "101.2": "k:101.2", "202.3": "k:202.3"}


def test_the_reporting_half_is_never_learned_from():
    pairs = _trainer().faq_pairs(QUESTIONS, "all", NUMBERED)
    assert {question for question, _, _ in pairs} == {"lantern lit twice?", "does the moth fly?"}
    assert ["lantern lit twice?", "k:101.2", "en"] in pairs  # each rule it cites
    assert all(key != "999.9" for _, key, _ in pairs)  # a number no rule holds is left out


def test_one_side_of_the_pages_leaves_the_other_to_measure_on():
    trainer = _trainer()
    assert {q for q, _, _ in trainer.faq_pairs(QUESTIONS, "0", NUMBERED)} == {"lantern lit twice?"}
    assert {q for q, _, _ in trainer.faq_pairs(QUESTIONS, "1", NUMBERED)} == {"does the moth fly?"}
    assert trainer.faq_pairs(QUESTIONS, "none", NUMBERED) == []


def test_a_batch_never_holds_a_question_or_a_rule_twice():
    pairs = [["q1", "r1", "en"], ["q1", "r2", "en"], ["q2", "r1", "en"], ["q3", "r3", "fr"]]
    for seed in range(10):  # shuffled differently: q1's two pairs meet first in some
        batches = list(_trainer().batches(pairs, 8, random.Random(seed)))
        assert sorted(map(tuple, sum(batches, []))) == sorted(map(tuple, pairs))  # each once
        for batch in batches:
            assert len({q for q, _, _ in batch}) == len({r for _, r, _ in batch}) == len(batch)


LEXICAL_RULES = {
    "rule:lanternfall:core:en:101": "Lanterns › Lighting a lantern",
    "rule:lanternfall:core:en:101.1": "Spend one wick to light a lantern you control.",
    "rule:lanternfall:core:en:202": "Moths drift toward every lit lantern at dusk.",
    "rule:lanternfall:core:en:303": "A wick burns down at the end of each round.",
    "rule:lanternfall:core:en:404": "The tide rises twice per round.",
    "rule:lanternfall:core:fr:202": "Les phalènes vont vers chaque lantern allumée.",
}


def test_bm25s_neighbours_leave_out_the_answer_its_family_and_other_languages():
    numbers = {key: key.rsplit(":", 1)[1] for key in LEXICAL_RULES}
    question = "how do I light a lantern with a wick"
    pairs = [[question, "rule:lanternfall:core:en:101.1", "en"]]
    found = _trainer().lexical_neighbours(LEXICAL_RULES, numbers, pairs)
    assert sorted(found[question]) == [
        "rule:lanternfall:core:en:202",  # "lantern"
        "rule:lanternfall:core:en:303",  # "wick"
    ]


def test_a_family_line_runs_through_ancestors_and_descendants_only():
    related = load("search_eval").same_subtree  # what lexical_neighbours leaves out
    assert related("413", "413.2.a") and related("413.2.a", "413") and related("413", "413")
    assert not related("413", "4130") and not related("413.2", "413.3")


def _adapter(seed: int) -> dict:
    rng = numpy.random.default_rng(seed)
    layer = "encoder.layer.0.attention.self.query.weight"
    return {layer + ".A": rng.normal(size=(2, 4)), layer + ".B": rng.normal(size=(4, 2))}


def test_a_mix_adds_the_weighted_sum_of_its_adapters_products():
    layer = "encoder.layer.0.attention.self.query.weight"
    one, other = _adapter(1), _adapter(2)
    mixed = _trainer().mix([(0.5, one), (0.25, other)])
    product = mixed[layer + ".B"] @ mixed[layer + ".A"]
    expected = 0.5 * one[layer + ".B"] @ one[layer + ".A"]
    expected += 0.25 * other[layer + ".B"] @ other[layer + ".A"]
    assert mixed[layer + ".A"].shape == (4, 4)  # the ranks side by side
    assert numpy.allclose(product, expected, atol=1e-5)
    assert {array.dtype for array in mixed.values()} == {numpy.dtype("float32")}  # as stored


def test_a_mix_refuses_adapters_of_different_layers():
    other = {key.replace("query", "key"): value for key, value in _adapter(2).items()}
    with pytest.raises(ValueError, match="different layers"):
        _trainer().mix([(0.5, _adapter(1)), (0.5, other)])
