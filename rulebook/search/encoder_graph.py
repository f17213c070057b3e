"""The encoder's six layers as an ONNX graph, built in memory from the weights ``encoder``
reads, for ONNX Runtime to run.

numpy ran the same layers one product at a time, asking Python between each; a question took
about 11 ms, most of it in small products and the steps between them. ONNX Runtime runs the
whole network in one call (about 6 ms), and lets go of Python's lock while it does. The graph
is the model's own arithmetic (BERT's attention, the exact GELU with ``Erf``, layer norms of
epsilon 1e-12), so the vectors are unchanged: within 2e-7 of numpy's, and the stored vectors
of every rule stay valid. The weights are not copied into the graph: it names each one as
external data, and the session reads ``encoder.load``'s arrays in place.

Inputs: ``x`` (batch × tokens × width, the embedded tokens after their layer norm) and
``blocked`` (batch × 1 × 1 × tokens: 0 for a token, -1e9 for padding). Output ``y``, the
last layer's tokens, which ``encoder`` pools.
"""

from __future__ import annotations

import math

import numpy

OPSET = 17  # LayerNormalization is an operator from opset 17 on


class _Builder:
    """Nodes and initialisers added in order; each node's output is named after its place."""

    def __init__(self, weights: dict):
        self.weights = weights
        self.nodes: list = []
        self.constants: list = []
        self.external: dict[str, numpy.ndarray] = {}

    def constant(self, name: str, value) -> str:
        from onnx import numpy_helper

        self.constants.append(numpy_helper.from_array(numpy.asarray(value), name))
        return name

    def weight(self, name: str) -> str:
        """A weight the session reads from ``encoder.load``'s own array, not a copy: the
        graph names it and says where it lives; ``external`` hands the array over."""
        from onnx import TensorProto

        array = self.weights[name]
        tensor = TensorProto(name=name, data_type=TensorProto.FLOAT, dims=array.shape)
        tensor.data_location = TensorProto.EXTERNAL
        entry = tensor.external_data.add()
        entry.key, entry.value = "location", name
        self.constants.append(tensor)
        self.external[name] = array
        return name

    def node(self, op: str, inputs: list[str], **attributes) -> str:
        from onnx import helper

        out = f"n{len(self.nodes)}"
        self.nodes.append(helper.make_node(op, inputs, [out], **attributes))
        return out

    def dense(self, x: str, name: str) -> str:
        matrix, bias = self.weight(name + ".weight"), self.weight(name + ".bias")
        return self.node("Add", [self.node("MatMul", [x, matrix]), bias])

    def norm(self, x: str, name: str) -> str:
        scale, bias = self.weight(name + ".weight"), self.weight(name + ".bias")
        return self.node("LayerNormalization", [x, scale, bias], axis=-1, epsilon=1e-12)

    def layer(self, x: str, prefix: str) -> str:
        def heads(name: str, perm: list[int]) -> str:
            y = self.dense(x, prefix + f"attention.self.{name}")
            return self.node("Transpose", [self.node("Reshape", [y, "heads"])], perm=perm)

        query, key = heads("query", [0, 2, 1, 3]), heads("key", [0, 2, 3, 1])
        value = heads("value", [0, 2, 1, 3])
        scores = self.node("Mul", [self.node("MatMul", [query, key]), "scale"])
        weights = self.node("Softmax", [self.node("Add", [scores, "blocked"])], axis=-1)
        context = self.node("Transpose", [self.node("MatMul", [weights, value])], perm=[0, 2, 1, 3])
        context = self.node("Reshape", [context, "flat"])
        attended = self.node("Add", [self.dense(context, prefix + "attention.output.dense"), x])
        x = self.norm(attended, prefix + "attention.output.LayerNorm")
        inner = self.dense(x, prefix + "intermediate.dense")
        erf = self.node("Erf", [self.node("Mul", [inner, "sqrt_half"])])
        gelu = self.node("Mul", [self.node("Mul", [inner, "half"]), self.node("Add", [erf, "one"])])
        out = self.node("Add", [self.dense(gelu, prefix + "output.dense"), x])
        return self.norm(out, prefix + "output.LayerNorm")


def build(weights: dict, shape: dict) -> tuple[bytes, dict[str, numpy.ndarray]]:
    """The serialised model of ``shape["layers"]`` layers over ``weights`` (``encoder.load``:
    each dense matrix stored input × output)."""
    from onnx import TensorProto, helper

    width, count = shape["width"], shape["heads"]
    built = _Builder(weights)
    built.constant("heads", numpy.array([0, 0, count, width // count], dtype=numpy.int64))
    built.constant("flat", numpy.array([0, 0, width], dtype=numpy.int64))
    built.constant("scale", numpy.float32(1.0 / math.sqrt(width // count)))
    built.constant("sqrt_half", numpy.float32(math.sqrt(0.5)))
    built.constant("half", numpy.float32(0.5))
    built.constant("one", numpy.float32(1.0))
    x = "x"
    for layer in range(shape["layers"]):
        x = built.layer(x, f"encoder.layer.{layer}.")
    built.nodes[-1].output[0] = "y"
    floats = TensorProto.FLOAT
    graph = helper.make_graph(
        built.nodes,
        "sentence-encoder",
        [
            helper.make_tensor_value_info("x", floats, ["batch", "tokens", width]),
            helper.make_tensor_value_info("blocked", floats, ["batch", 1, 1, "tokens"]),
        ],
        [helper.make_tensor_value_info("y", floats, ["batch", "tokens", width])],
        built.constants,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    return model.SerializeToString(), built.external
