"""Reading source bytes into text.

Sources come from PDF conversions and scrapes, so a wrong encoding or a binary file is a real
possibility. We refuse instead of guessing: a silently mis-decoded rules document would put
mojibake on every page, and the error message has to say where to look.
"""

from __future__ import annotations

from pathlib import Path

from .model import IngestError

_BOM = "\ufeff"


def read_source(path) -> str:
    """Return the text of ``path`` as UTF-8 with ``\\n`` line ends, or raise IngestError."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise IngestError(f"cannot read file: {exc.strerror or exc}", f"{path}:1") from exc
    return decode_bytes(data, str(path))


def decode_bytes(data: bytes, name: str = "<input>") -> str:
    """Decode bytes the way ``read_source`` does; ``name`` is only used in error locations."""
    if not data.strip():
        raise IngestError("file is empty", f"{name}:1")
    nul = data.find(b"\x00")
    if nul >= 0:
        # A NUL never occurs in text documents; it means a binary file or UTF-16 input.
        line = data.count(b"\n", 0, nul) + 1
        raise IngestError("binary data (NUL byte): not a text document", f"{name}:{line}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        byte = data[exc.start : exc.start + 1].hex()
        raise IngestError(
            f"not UTF-8: byte 0x{byte} at offset {exc.start} cannot be decoded "
            "(convert the file to UTF-8 first)",
            f"{name}:{line}",
        ) from exc
    if text.startswith(_BOM):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")
