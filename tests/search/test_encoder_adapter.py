"""The question bank's adapter: low-rank products added to the encoder's layers as they load.

A stored vector is valid only for the model and adapter that made it, so the adapter is
part of every digest; an adapter that does not fit the model is refused, never half read.
"""

import numpy
import pytest

from rulebook.search import encoder

pytestmark = pytest.mark.skipif(not encoder.available(), reason="the model is not installed")

LAYER = "encoder.layer.0.attention.self.query.weight"
SENTENCE = "A lantern keeper may trade two embers for one spark."


def write_adapter(path, rows=384, columns=384, layer=LAYER):
    """A rank-1 adapter over one layer: B @ A is a fixed, visible change."""
    a = numpy.linspace(-0.5, 0.5, columns, dtype=numpy.float32)[None, :]
    b = numpy.linspace(0.2, -0.2, rows, dtype=numpy.float32)[:, None]
    numpy.savez(path, **{layer + ".A": a, layer + ".B": b})
    return a, b


def test_the_adapter_adds_its_product_to_the_layer(tmp_path, settings):
    settings.RULEBOOK_ENCODER_ADAPTER = ""
    published = encoder.load()[0][LAYER].copy()  # input × output, as the graph multiplies
    plain_vector, plain_name = encoder.embed([SENTENCE])[0], encoder.name()
    plain_digest = encoder.digest(SENTENCE)
    a, b = write_adapter(tmp_path / "adapter.npz")
    settings.RULEBOOK_ENCODER_ADAPTER = str(tmp_path / "adapter.npz")
    adapted = encoder.load()[0][LAYER]
    assert numpy.allclose(adapted, published + (b @ a).T, atol=1e-6)
    vector = encoder.embed([SENTENCE])[0]
    assert not numpy.allclose(vector, plain_vector, atol=1e-3)  # the session reads it too
    assert numpy.linalg.norm(vector) == pytest.approx(1.0, abs=1e-5)
    assert plain_name == encoder.MODEL and encoder.name().startswith(encoder.MODEL + "+")
    assert encoder.digest(SENTENCE) != plain_digest  # its vectors are encoded afresh


def test_an_adapter_that_does_not_fit_is_refused(tmp_path, settings):
    write_adapter(tmp_path / "wide.npz", rows=1536)
    settings.RULEBOOK_ENCODER_ADAPTER = str(tmp_path / "wide.npz")
    with pytest.raises(ValueError, match="does not fit"):
        encoder.load()
    write_adapter(tmp_path / "unknown.npz", layer="encoder.layer.9.attention.self.query.weight")
    settings.RULEBOOK_ENCODER_ADAPTER = str(tmp_path / "unknown.npz")
    with pytest.raises(ValueError, match="does not fit"):
        encoder.load()


def test_the_bundled_adapter_fits_and_keeps_meaning():
    """The adapter the site ships adapts every layer of the six blocks and keeps what the
    model already read: a paraphrase stays nearer than an unrelated rule."""
    from django.conf import settings as configured

    bundled = configured.RULEBOOK_ENCODER_ADAPTER
    assert bundled.endswith("encoder_adapter.npz")
    with numpy.load(bundled) as stored:
        layers = {key[:-2] for key in stored.files if key.endswith(".A")}
    assert len(layers) == 6 * 6  # query, key, value, three dense layers per block
    rested, blocker, hand = encoder.embed(
        [
            "can a tired creature still guard?",
            "A creature that rested this turn cannot be declared as a blocker.",
            "Each player begins the game holding seven cards.",
        ]
    )
    assert rested @ blocker > rested @ hand + 0.1


@pytest.mark.parametrize(
    "content",
    [b"", b"not an adapter at all", b"PK\x03\x04 cut short"],
    ids=["empty", "text", "truncated zip"],
)
def test_an_unreadable_adapter_is_reported_at_start(tmp_path, settings, content):
    from django.core.management import call_command
    from django.core.management.base import SystemCheckError

    (tmp_path / "adapter.npz").write_bytes(content)
    settings.RULEBOOK_ENCODER_ADAPTER = str(tmp_path / "adapter.npz")
    with pytest.raises(SystemCheckError, match="RULEBOOK_ENCODER_ADAPTER cannot be read"):
        call_command("check")
    settings.RULEBOOK_ENCODER_ADAPTER = str(tmp_path / "missing.npz")
    with pytest.raises(SystemCheckError, match="No such file"):
        call_command("check")


def test_half_an_adapter_is_refused(tmp_path):
    numpy.savez(tmp_path / "half.npz", **{LAYER + ".A": numpy.zeros((1, 384))})
    with pytest.raises(ValueError, match="not an adapter"):
        encoder.read_adapter(str(tmp_path / "half.npz"))
