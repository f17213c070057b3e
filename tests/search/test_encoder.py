"""The sentence encoder (numpy for the tokens, ONNX Runtime for the layers) gives the
model's own vectors.

The reference values were computed once with sentence-transformers 6.3.0 on PyTorch 2.13.0
(CPU) from the same wheel, without the question bank's adapter (``test_encoder_adapter``),
for two sentences written for this test: a misread weight, a
wrong activation or a wrong pooling moves them by far more than the tolerance.
"""

import sys

import numpy
import pytest

from rulebook.search import encoder, nearest
from rulebook.search.base import SearchQuery

pytestmark = pytest.mark.skipif(not encoder.available(), reason="the model is not installed")

SENTENCES = [
    "A lantern keeper may trade two embers for one spark.",
    "Peut-on échanger deux braises contre une étincelle ?",
]
REFERENCE = numpy.array(
    [
        [-0.017197, -0.008753, -0.033313, 0.030717, 0.038803, -0.076323],
        [-0.020019, 0.081169, 0.007751, -0.073217, -0.057807, 0.065585],
    ]
)
REFERENCE_COSINE = 0.103878


def test_vectors_equal_the_models_own(settings):
    settings.RULEBOOK_ENCODER_ADAPTER = ""  # the model as published; its adapter: its own tests
    vectors = encoder.embed(SENTENCES)
    assert vectors.shape == (2, 384) and vectors.dtype == numpy.float32
    assert numpy.allclose(vectors[:, :6], REFERENCE, atol=2e-6)
    assert numpy.allclose(numpy.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert float(vectors[0] @ vectors[1]) == pytest.approx(REFERENCE_COSINE, abs=1e-5)


def test_a_batch_reads_each_text_as_alone():
    """Padding in a batch must change nothing: texts of different lengths, in any order."""
    texts = ["Tap a unit.", SENTENCES[0], "A much longer rule " * 30]
    together = encoder.embed(texts)
    alone = numpy.stack([encoder.embed([t])[0] for t in texts])
    assert numpy.allclose(together, alone, atol=1e-5)


def test_meaning_is_read_past_the_words():
    rested, blocker, hand = encoder.embed(
        [
            "can a tired creature still guard?",
            "A creature that rested this turn cannot be declared as a blocker.",
            "Each player begins the game holding seven cards.",
        ]
    )
    assert rested @ blocker > rested @ hand + 0.1


def test_a_progress_bar_is_told_every_text():
    told = []
    encoder.embed([f"rule {i}" for i in range(35)], progress=told.append, batch=32)
    assert told == [32, 3]


def test_the_digest_follows_model_and_text():
    assert encoder.digest("a") == encoder.digest("a") != encoder.digest("b")
    assert len(encoder.digest("a")) == 40


def test_fusion_keeps_the_engine_ahead_and_lets_a_new_rule_in():
    ranked = [(9.0, "a"), (5.0, "b"), (4.0, "c"), (1.0, "d")]
    order = [key for _, key in nearest.fuse(ranked, [("z", 0.9), ("c", 0.8)])]
    assert order.index("c") < 2  # both lists hold c: it rises
    assert order.index("a") < order.index("z")  # the encoder's first alone stays behind
    assert order.index("b") < order.index("d")  # the engine's order holds where it alone speaks
    assert "z" in order  # a rule only the encoder found comes in
    assert nearest.fuse(ranked, []) == ranked and nearest.fuse([], [("z", 0.8)]) == []


def test_the_encoder_settles_what_the_engine_nearly_ties():
    near = [("b", 0.9), ("a", 0.8)]
    tied = [key for _, key in nearest.fuse([(10.0, "a"), (9.9, "b"), (5.0, "c")], near)]
    assert tied[:2] == ["b", "a"]  # a hundredth apart: the encoder's first leads
    apart = [key for _, key in nearest.fuse([(10.0, "a"), (5.0, "b"), (4.0, "c")], near)]
    assert apart[:2] == ["a", "b"]  # the engine's clear first keeps its place


def test_a_short_querys_first_places_take_the_encoders_order():
    """Two engines that split a near-tie each their own way give the same first."""
    near = [("b", 0.9), ("a", 0.8), ("c", 0.7)]
    one = nearest.fuse([(10.0, "a"), (9.0, "b"), (5.0, "c")], near, tie=0.06)
    other = nearest.fuse([(10.0, "b"), (9.0, "a"), (5.0, "c")], near, tie=0.06)
    assert [k for _, k in one][:2] == [k for _, k in other][:2] == ["b", "a"]
    scores = [s for s, _ in one]
    assert scores == sorted(scores, reverse=True)  # still best first
    untied = nearest.fuse([(10.0, "a"), (9.0, "b"), (5.0, "c")], near)
    assert [k for _, k in untied][:2] == ["a", "b"]  # no tie: the engine's order
    behind = [("c", 0.9), ("b", 0.8), ("a", 0.7)]
    far = nearest.fuse([(10.0, "a"), (2.0, "b"), (1.0, "c")], behind, tie=0.06)
    assert [k for _, k in far][0] == "a"  # a clear first is no tie


def test_only_a_few_words_are_settled():
    class Plan:
        def __init__(self, words):
            self.words = words

    assert nearest.tie(Plan(["reaction", "timing"])) == nearest.NEAREST_TIE > 0
    long = ["can", "unit", "attack", "turn", "played", "battlefield"]
    assert nearest.tie(Plan(long)) == 0.0


def test_the_shelf_keeps_to_the_querys_scope():
    rows = numpy.eye(3, 384, dtype=numpy.float32)
    shelf = nearest.Shelf(
        {
            ("g", "core-rules", "en"): nearest.Group(["en-a", "en-b"], rows[:2]),
            ("g", "tournament-rules", "en"): nearest.Group(["tr-a"], rows[2:]),
            ("h", "core-rules", "fr"): nearest.Group(["fr-a"], rows[:1]),
        }
    )
    found = shelf.nearest(rows[1], SearchQuery(text="q", game="g"), "en")
    assert [key for key, _ in found][0] == "en-b" and {k for k, _ in found} == {
        "en-a",
        "en-b",
        "tr-a",
    }
    found = shelf.nearest(rows[0], SearchQuery(text="q", document="tournament-rules"), "en")
    assert [key for key, _ in found] == ["tr-a"]
    assert shelf.nearest(rows[0], SearchQuery(text="q", game="h"), "en") == []


def test_the_network_reads_the_loaded_weights_in_place():
    """Each worker holds the model once: the graph names every layer weight as external data
    and the session is handed ``load``'s own arrays, so the serialised graph stays small."""
    from rulebook.search import encoder_graph

    weights, _, shape = encoder.load()
    model, external = encoder_graph.build(weights, shape)
    assert len(model) < 100_000  # the weights alone are about 43 MB
    assert len(external) == 16 * shape["layers"]
    assert all(array is weights[name] for name, array in external.items())


def test_without_onnx_runtime_the_encoder_is_off(monkeypatch, settings):
    """A machine without ONNX Runtime's wheel ranks by the engine alone, as without the
    model, rather than logging a failed embedding on every question."""
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # import now raises ImportError
    settings.RULEBOOK_ENCODER = True
    assert not encoder.available() and not nearest.enabled()
